import { t } from "../i18n";

/**
 * What a member hears when she reaches what a new member may share in her account's first 24 hours
 * (NEW_MEMBER_PRAYER_LIMIT, NEW_MEMBER_POST_LIMIT, NEW_MEMBER_CONVERSATION_LIMIT): the server's 429
 * message, which the browser shows in its failure toast. In the language `t` is called in.
 */
export const NEW_MEMBER_MESSAGES = {
  prayerRequests: (limit: number) =>
    t(
      "Welcome! New members can share {limit, plural, one {1 prayer request} other {# prayer requests}} in their first day. You can share more tomorrow.",
      { limit },
    ),
  posts: (limit: number) =>
    t(
      "Welcome! New members can share {limit, plural, one {1 response or comment} other {# responses and comments}} in their first day. You can share more tomorrow.",
      { limit },
    ),
  conversations: (limit: number) =>
    t(
      "Welcome! New members can start {limit, plural, one {1 conversation} other {# conversations}} in their first day. You can start more tomorrow.",
      { limit },
    ),
} as const;
