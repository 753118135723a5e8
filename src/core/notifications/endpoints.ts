import { z } from "zod";
import { endpoint } from "../contract";
import {
  markReadBody,
  markReadResult,
  notificationItem,
  notificationListQuery,
  notificationPreferences,
  notificationPreferencesBody,
  unreadCount,
  unsubscribeLinkQuery,
  unsubscribeQuery,
  unsubscribeResult,
} from "./schemas";

/** What she is told about in the app, and how she wants to hear of it. Always her own. */
export const notificationsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/notifications",
    summary: "Her notifications, newest first, a page at a time",
    caller: "member",
    query: notificationListQuery,
    response: z.array(notificationItem),
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/api/notifications/unread-count",
    summary: "How many of her notifications she has not read (the bell asks while the app is open)",
    caller: "member",
    response: unreadCount,
    // Kept until a notification is written, read or deleted (triggers of migration 0019).
    cache: "member",
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/notifications/read",
    summary: "Mark these of her notifications read, or without ids all of them",
    caller: "member",
    body: markReadBody,
    response: markReadResult,
  }),
  preferences: endpoint({
    method: "GET",
    path: "/api/notification-preferences",
    summary: "Her mail choice for each kind of notification, and when her digest comes",
    caller: "member",
    response: notificationPreferences,
  }),
  updatePreferences: endpoint({
    method: "PUT",
    path: "/api/notification-preferences",
    summary: "Change her notification preferences",
    caller: "member",
    body: notificationPreferencesBody,
    response: notificationPreferences,
    rateLimit: "write",
  }),
  // The signed token in the link is the proof (RFC 8058): mail apps post it without a cookie or an
  // Origin, and she may open it where she is not signed in.
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/notifications/unsubscribe",
    summary: "One-click unsubscribe from a notification mail (List-Unsubscribe-Post), or less mail",
    caller: "visitor",
    crossSite: true,
    query: unsubscribeQuery,
    response: unsubscribeResult,
    // "All notification mail off" is hers alone to choose: signed in as the member the mail was for.
    errors: [403],
  }),
  // The same link opened in a browser: the page that offers fewer e-mails. Changes nothing itself.
  unsubscribePage: endpoint({
    method: "GET",
    path: "/api/notifications/unsubscribe",
    summary: "Redirect the unsubscribe link opened in a browser to its page",
    caller: "visitor",
    query: unsubscribeLinkQuery,
    response: null,
  }),
};
