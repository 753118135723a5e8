/**
 * What a member hears when she reaches what a new member may share in her account's first 24 hours
 * (NEW_MEMBER_PRAYER_LIMIT, NEW_MEMBER_POST_LIMIT, NEW_MEMBER_CONVERSATION_LIMIT): the server's 429
 * message, which the browser shows in its failure toast.
 */
export const NEW_MEMBER_MESSAGES = {
  prayerRequests: (limit: number) =>
    `Welcome! New members can share ${limit === 1 ? "1 prayer request" : `${limit} prayer requests`} in their first day. You can share more tomorrow.`,
  posts: (limit: number) =>
    `Welcome! New members can share ${limit === 1 ? "1 response or comment" : `${limit} responses and comments`} in their first day. You can share more tomorrow.`,
  conversations: (limit: number) =>
    `Welcome! New members can start ${limit === 1 ? "1 conversation" : `${limit} conversations`} in their first day. You can start more tomorrow.`,
} as const;
