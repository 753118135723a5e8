import { articlesEndpoints } from "./articles/endpoints";
import { CARDS_PAGE_SIZE } from "./constants";
import { urlOf } from "./contract";
import { coursesEndpoints } from "./courses/endpoints";
import { NEXT_EVENT_QUERY } from "./events/choices";
import { eventsEndpoints } from "./events/endpoints";
import { homeEndpoints } from "./home/endpoints";
import { messagesEndpoints } from "./messages/endpoints";
import { CONVERSATION_PAGE_SIZE } from "./messages/limits";
import { notificationsEndpoints } from "./notifications/endpoints";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications/kinds";
import { prayerEndpoints } from "./prayer/endpoints";
import { PRAYER_PAGE_SIZE } from "./prayer/limits";
import { videosEndpoints } from "./videos/endpoints";
import { CONTINUE_WATCHING_COUNT, HOME_WATCHING_COUNT } from "./videos/progress";

/**
 * The API responses a member page asks for as soon as it appears, exactly as it asks for them: the
 * server announces them in a page it cannot render, and a test holds them equal to what a render
 * asks for. Apart from `member-pages.ts`, which every page's first script needs: these name the
 * features' endpoints, which only the server and member pages need.
 */

/**
 * What the app's frame asks for on every member page, besides who she is: the bell's unread count
 * and her unread messages.
 */
export const SHELL_RESPONSES = [
  urlOf(notificationsEndpoints.unreadCount),
  urlOf(messagesEndpoints.unreadCount),
];

/**
 * Each member page's own first responses, by its path in `memberPages`. A page whose first responses
 * depend on who she is names none: "/intercessors" asks for its list only for the intercessors and
 * the administrators (the server still prefetches it when it renders the page for one of them).
 */
export const MEMBER_PAGE_RESPONSES: Record<string, string[]> = {
  "/": [
    urlOf(homeEndpoints.home),
    urlOf(videosEndpoints.watching, { query: { limit: HOME_WATCHING_COUNT } }),
    urlOf(eventsEndpoints.list, { query: NEXT_EVENT_QUERY }),
  ],
  "/videos": [
    urlOf(videosEndpoints.library, { query: { limit: CARDS_PAGE_SIZE } }),
    urlOf(videosEndpoints.watching, { query: { limit: CONTINUE_WATCHING_COUNT } }),
  ],
  "/articles": [
    urlOf(articlesEndpoints.list, { query: { limit: CARDS_PAGE_SIZE } }),
    urlOf(articlesEndpoints.tags),
  ],
  "/courses": [
    urlOf(coursesEndpoints.list, { query: { limit: CARDS_PAGE_SIZE } }),
    urlOf(coursesEndpoints.interests),
    urlOf(coursesEndpoints.enrollments),
  ],
  "/community": [
    urlOf(prayerEndpoints.wall, { query: { limit: PRAYER_PAGE_SIZE } }),
    urlOf(prayerEndpoints.defaults),
  ],
  "/messages": [urlOf(messagesEndpoints.conversations, { query: { limit: CONVERSATION_PAGE_SIZE } })],
  "/notifications": [urlOf(notificationsEndpoints.list, { query: { limit: NOTIFICATIONS_PAGE_SIZE } })],
};
