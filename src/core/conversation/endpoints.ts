import { idParams, pageQuery } from "../common-schemas";
import { endpoint } from "../contract";
import {
  createGroupPostBody,
  editGroupPostBody,
  groupAnsweredBody,
  groupAnsweredResult,
  groupPinResult,
  groupPost,
  groupPostDetail,
  groupPostList,
  groupPostReactions,
  groupPostsQuery,
  groupPrayResult,
  groupReactionParams,
  groupReactionResult,
  groupRemovalBody,
  groupReply,
  groupReplyBody,
} from "./schemas";

// Everyone but the group's accepted members hears that none of these exists (404), whatever the
// group's privacy: a pending request is not membership, and the administrators are not told either.

/** A kind of group's two conversation endpoints: its page of posts, and a new post in it. */
function groupConversation<const Path extends `/api${string}/:id/posts`>(
  path: Path,
  kind: string,
  leaders: string,
) {
  return {
    list: endpoint({
      method: "GET",
      path,
      summary: `A ${kind}'s conversation: pinned posts first, then newest; for its members`,
      caller: "member",
      params: idParams,
      query: groupPostsQuery,
      response: groupPostList,
      // Kept for her until the group's posts or memberships change (their triggers, migration 0031).
      cache: "member",
    }),
    create: endpoint({
      method: "POST",
      path,
      summary: `Post in a ${kind} she belongs to (an announcement: ${leaders} only)`,
      caller: "member",
      idempotent: true,
      params: idParams,
      body: createGroupPostBody,
      status: 201,
      response: groupPost,
      rateLimit: "write",
    }),
  };
}

/** Deleting her own post or reply, or (the group's leaders) removing anyone's, saying why. */
function removal<const Path extends `/api${string}/:id`>(path: Path, noun: string) {
  return endpoint({
    method: "DELETE",
    path,
    summary: `Delete her own ${noun}, or (the group's leaders) remove anyone's, saying why`,
    caller: "member",
    params: idParams,
    body: groupRemovalBody,
    status: 204,
    response: null,
    errors: [403],
    rateLimit: "write",
  });
}

const cultivation = groupConversation("/api/cultivation-groups/:id/posts", "cultivation group", "its admins");
const local = groupConversation("/api/local-groups/:id/posts", "local group", "its leaders");

/** The conversation in every cultivation group and local group. */
export const conversationEndpoints = {
  cultivationPosts: cultivation.list,
  localPosts: local.list,
  postInCultivationGroup: cultivation.create,
  postInLocalGroup: local.create,
  post: endpoint({
    method: "GET",
    path: "/api/group-posts/:id",
    summary: "A post of her group with a page of its replies, newest first",
    caller: "member",
    params: idParams,
    query: pageQuery,
    response: groupPostDetail,
  }),
  editPost: endpoint({
    method: "PATCH",
    path: "/api/group-posts/:id",
    summary: "Edit her own post (marked edited)",
    caller: "member",
    params: idParams,
    body: editGroupPostBody,
    response: groupPost,
    errors: [403],
    rateLimit: "write",
  }),
  removePost: removal("/api/group-posts/:id", "post"),
  reply: endpoint({
    method: "POST",
    path: "/api/group-posts/:id/replies",
    summary: "Reply to a post of her group (one level deep)",
    caller: "member",
    idempotent: true,
    params: idParams,
    body: groupReplyBody,
    status: 201,
    response: groupReply,
    rateLimit: "write",
  }),
  editReply: endpoint({
    method: "PATCH",
    path: "/api/group-replies/:id",
    summary: "Edit her own reply (marked edited)",
    caller: "member",
    params: idParams,
    body: groupReplyBody,
    response: groupReply,
    errors: [403],
    rateLimit: "write",
  }),
  removeReply: removal("/api/group-replies/:id", "reply"),
  react: endpoint({
    method: "PUT",
    path: "/api/group-posts/:id/reactions/:reaction",
    summary: "React to a post with Amen, Praying or ♥ (once each; a repeat changes nothing)",
    caller: "member",
    params: groupReactionParams,
    response: groupReactionResult,
    rateLimit: "write",
  }),
  postReactions: endpoint({
    method: "GET",
    path: "/api/group-posts/:id/reactions",
    summary: "Who reacted to a post of her group, each reaction's names newest first (up to 50)",
    caller: "member",
    params: idParams,
    response: groupPostReactions,
  }),
  unreact: endpoint({
    method: "DELETE",
    path: "/api/group-posts/:id/reactions/:reaction",
    summary: "Take back her reaction (a repeat changes nothing)",
    caller: "member",
    params: groupReactionParams,
    response: groupReactionResult,
    rateLimit: "write",
  }),
  pray: endpoint({
    method: "POST",
    path: "/api/group-posts/:id/pray",
    summary: "Say she prayed for a group's prayer request (once per request)",
    caller: "member",
    idempotent: true,
    params: idParams,
    response: groupPrayResult,
    rateLimit: "write",
  }),
  markAnswered: endpoint({
    method: "POST",
    path: "/api/group-posts/:id/answered",
    summary: "Mark her own group prayer request answered, with an optional praise note",
    caller: "member",
    params: idParams,
    body: groupAnsweredBody,
    response: groupAnsweredResult,
    errors: [403],
    rateLimit: "write",
  }),
  pin: endpoint({
    method: "POST",
    path: "/api/group-posts/:id/pin",
    summary: "Pin a post on top of the group's conversation (its leaders; at most three at once)",
    caller: "member",
    params: idParams,
    response: groupPinResult,
    errors: [403, 409],
    rateLimit: "write",
  }),
  unpin: endpoint({
    method: "POST",
    path: "/api/group-posts/:id/unpin",
    summary: "Unpin a post (its group's leaders)",
    caller: "member",
    params: idParams,
    response: groupPinResult,
    errors: [403],
    rateLimit: "write",
  }),
};
