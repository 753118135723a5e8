import {
  type InfiniteData,
  keepPreviousData,
  type Query,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { conversationEndpoints as api } from "~/core/conversation/endpoints";
import {
  type ConversationFilter,
  GROUP_POST_PAGE_SIZE,
  GROUP_REPLY_PAGE_SIZE,
  type GroupPostKind,
  type GroupReaction,
} from "~/core/conversation/limits";
import type { GroupPinResult, GroupPost, GroupPostDetail, GroupReply } from "~/core/conversation/schemas";
import { groupsEndpoints } from "~/core/groups/endpoints";
import { homeEndpoints } from "~/core/home/endpoints";
import { localGroupsEndpoints } from "~/core/local-groups/endpoints";
import { ApiError } from "~/web/lib/api";
import { call, keyOf, type Pages, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifyError } from "~/web/lib/notify";
import { queryClient } from "~/web/lib/query-client";

export type GroupKind = "cultivation" | "local";

/** Where a group's conversation is read and written, by the kind of group. */
const listOf = (kind: GroupKind) => (kind === "cultivation" ? api.cultivationPosts : api.localPosts);
const createOf = (kind: GroupKind) =>
  kind === "cultivation" ? api.postInCultivationGroup : api.postInLocalGroup;

/** The group's own page, where its conversation lives. */
export const groupPageHref = (kind: GroupKind, id: number) =>
  kind === "cultivation" ? `/cultivation-groups/${id}` : `/local-communities/${id}`;

const conversationKey = (kind: GroupKind, groupId: number) =>
  keyOf(listOf(kind), { params: { id: groupId } });
const postKey = (id: number) => keyOf(api.post, { params: { id } });
const homeKey = () => keyOf(homeEndpoints.home);
const isPages = (q: Query) => q.queryKey.at(-1) === "pages";

/**
 * Forgets a group's conversation as she leaves it: the group's lists are refreshed after she
 * leaves, and asking for its posts again would be refused (she is no longer a member).
 */
export const forgetConversation = (kind: GroupKind, groupId: number) =>
  queryClient.removeQueries({ queryKey: conversationKey(kind, groupId) });

/**
 * A page of the conversation: on the first, the pinned posts come before the newest. "Load more"
 * asks for the posts before the last unpinned one, while a page came back full.
 */
export function useConversation(kind: GroupKind, groupId: number, filter: ConversationFilter) {
  const e = listOf(kind);
  const base = { params: { id: groupId }, query: { filter, limit: GROUP_POST_PAGE_SIZE } };
  return useInfiniteQuery({
    queryKey: [...keyOf(e, base), "pages"],
    queryFn: ({ pageParam }) =>
      call(e, { ...base, query: { ...base.query, ...(pageParam !== undefined && { before: pageParam }) } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: GroupPost[]) => {
      const newest = last.filter((p) => !p.pinned);
      const end = newest.at(-1);
      return newest.length === GROUP_POST_PAGE_SIZE && end ? end.id : undefined;
    },
    select: (data) => data.pages.flat(),
    // While another filter's posts load, the last ones stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** A post with its replies, newest first, a page at a time. */
export function useGroupPost(id: number) {
  const base = { params: { id }, query: { limit: GROUP_REPLY_PAGE_SIZE } };
  return useInfiniteQuery({
    queryKey: [...keyOf(api.post, base), "pages"],
    queryFn: ({ pageParam }) =>
      call(api.post, {
        ...base,
        query: { ...base.query, ...(pageParam !== undefined && { before: pageParam }) },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: GroupPostDetail) => {
      const end = last.replies.at(-1);
      return last.replies.length === GROUP_REPLY_PAGE_SIZE && end ? end.id : undefined;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Someone she may mention: a fellow member of the group. */
export interface MentionCandidate {
  id: number;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl?: string | null;
}

/** The members of a post's group she may mention (its page lists them for its members). */
export function useGroupMembers(kind: GroupKind, groupId: number): MentionCandidate[] | undefined {
  const cultivation = useEndpoint(
    groupsEndpoints.get,
    { params: { id: groupId } },
    { enabled: kind === "cultivation" && groupId > 0 },
  );
  const local = useEndpoint(
    localGroupsEndpoints.get,
    { params: { id: groupId } },
    { enabled: kind === "local" && groupId > 0 },
  );
  const members = kind === "cultivation" ? cultivation.data?.members : local.data?.members;
  return members?.map((m) => ({ ...m, id: m.userId }));
}

/** Changes one post wherever it shows: the conversation's loaded pages and its own page. */
function updatePost(
  client: QueryClient,
  post: Pick<GroupPost, "id" | "groupKind" | "groupId">,
  patch: (p: GroupPost) => Partial<GroupPost>,
) {
  client.setQueriesData<Pages<GroupPost>>(
    { queryKey: conversationKey(post.groupKind, post.groupId), predicate: isPages },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => page.map((p) => (p.id === post.id ? { ...p, ...patch(p) } : p))),
      },
  );
  client.setQueriesData<InfiniteData<GroupPostDetail>>(
    { queryKey: postKey(post.id), predicate: isPages },
    (data) => data && { ...data, pages: data.pages.map((d) => ({ ...d, ...patch(d) })) },
  );
}

/** The server's message for a refused write (a 4xx), shown where she wrote, in her language. */
export const refusal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.status !== 401 && error.serverMessage
    ? translateKnown(error.serverMessage)
    : undefined;

const failure = (description: string) => ({ title: t("Error"), description, preferServerMessage: true });

/** A form shows the server's refusal in place; anything else (no connection, signed out) is a toast. */
const toastUnlessRefused = (description: string) => (error: unknown) => {
  if (!refusal(error)) notifyError(error, { title: t("Error"), description });
};

export function useCreatePost(kind: GroupKind, groupId: number) {
  return useEndpointMutation(createOf(kind), {
    input: (body: { kind: GroupPostKind; body: string }) => ({ params: { id: groupId }, body }),
    invalidates: () => [conversationKey(kind, groupId), homeKey()],
    success: (_, { kind: postKind }) =>
      postKind === "prayer"
        ? { title: t("Prayer request shared"), description: t("Your group can now pray with you.") }
        : { title: t("Posted"), description: t("Your group can now see what you shared.") },
    onError: toastUnlessRefused(t("Failed to share your post. Please try again.")),
  });
}

export function useEditPost(post: GroupPost, onSaved: () => void) {
  return useEndpointMutation(api.editPost, {
    input: (body: string) => ({ params: { id: post.id }, body: { body } }),
    onSuccess: (saved) => {
      updatePost(queryClient, post, () => saved);
      onSaved();
    },
    success: { title: t("Post updated"), description: t("Your changes are saved.") },
    onError: toastUnlessRefused(t("Failed to save your changes. Please try again.")),
  });
}

/** Deleting her post, or (a leader) removing another's with a reason. */
export function useRemovePost(post: GroupPost, onRemoved: () => void) {
  return useEndpointMutation(api.removePost, {
    input: (reason: string | undefined) => ({
      params: { id: post.id },
      body: reason?.trim() ? { reason: reason.trim() } : {},
    }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postKey(post.id) });
      onRemoved();
    },
    invalidates: () => [conversationKey(post.groupKind, post.groupId), homeKey()],
    success: post.isMine
      ? { title: t("Post deleted"), description: t("It has been removed from the conversation.") }
      : {
          title: t("Post removed"),
          description: t("It has been removed, and the reason kept in the moderation log."),
        },
    failure: failure(t("Failed to remove the post. Please try again.")),
  });
}

/** Amen, Praying, ♥: on or off, counted by the server. */
export function useReaction(post: GroupPost) {
  return useEndpointMutation(api.react, {
    input: ({ reaction }: { reaction: GroupReaction; on: boolean }) => ({
      params: { id: post.id, reaction },
    }),
    onSuccess: (result) => updatePost(queryClient, post, () => result),
    failure: failure(t("Failed to save your reaction. Please try again.")),
  });
}

export function useUnreaction(post: GroupPost) {
  return useEndpointMutation(api.unreact, {
    input: ({ reaction }: { reaction: GroupReaction; on: boolean }) => ({
      params: { id: post.id, reaction },
    }),
    onSuccess: (result) => updatePost(queryClient, post, () => result),
    failure: failure(t("Failed to take back your reaction. Please try again.")),
  });
}

/**
 * Who gave each of the post's reactions, asked for when she opens the list: read again each time
 * it opens (others react meanwhile), what was read before shown while it comes.
 */
export const usePostReactions = (postId: number) =>
  useEndpoint(api.postReactions, { params: { id: postId } }, { staleTime: 0 });

/** "I prayed": shown at once, then set to the server's count. */
export function usePrayForPost(post: GroupPost) {
  return useEndpointMutation(api.pray, {
    input: (_: undefined) => ({ params: { id: post.id } }),
    onMutate: () => {
      if (!post.prayedByMe) {
        updatePost(queryClient, post, (p) => ({ prayedByMe: true, prayedCount: p.prayedCount + 1 }));
      }
      return post;
    },
    onError: (_err, _v, before) => {
      if (before) {
        updatePost(queryClient, post, () => ({
          prayedByMe: before.prayedByMe,
          prayedCount: before.prayedCount,
        }));
      }
    },
    onSuccess: (result) => updatePost(queryClient, post, () => result),
    success: { title: t("Prayer recorded"), description: t("Thank you for praying for this request.") },
    failure: failure(t("Failed to record prayer. Please try again.")),
  });
}

export function useMarkPostAnswered(post: GroupPost, onMarked: () => void) {
  return useEndpointMutation(api.markAnswered, {
    input: (note: string) => ({ params: { id: post.id }, body: note.trim() ? { note: note.trim() } : {} }),
    onSuccess: (result) => {
      updatePost(queryClient, post, () => ({ answeredAt: result.answeredAt, praiseNote: result.praiseNote }));
      onMarked();
    },
    success: { title: t("Praise God!"), description: t("Your request is now marked as answered.") },
    failure: failure(t("Failed to mark as answered. Please try again.")),
  });
}

/** Pinning and unpinning (its leaders): the conversation's order changes, so it is read again. */
export function usePin(post: GroupPost) {
  const options = {
    input: (_: undefined) => ({ params: { id: post.id } }),
    invalidates: () => [conversationKey(post.groupKind, post.groupId)],
    onSuccess: (result: GroupPinResult) => updatePost(queryClient, post, () => result),
  };
  const pin = useEndpointMutation(api.pin, {
    ...options,
    success: { title: t("Post pinned"), description: t("It stays at the top of the conversation.") },
    failure: failure(t("Failed to pin the post. Please try again.")),
  });
  const unpin = useEndpointMutation(api.unpin, {
    ...options,
    success: { title: t("Post unpinned"), description: t("It now takes its place among the others.") },
    failure: failure(t("Failed to unpin the post. Please try again.")),
  });
  return post.pinned ? unpin : pin;
}

export function useReply(post: GroupPost) {
  return useEndpointMutation(api.reply, {
    input: (body: string) => ({ params: { id: post.id }, body: { body } }),
    onSuccess: () => updatePost(queryClient, post, (p) => ({ replyCount: p.replyCount + 1 })),
    invalidates: () => [postKey(post.id)],
    success: { title: t("Reply sent"), description: t("Your reply has been shared with the group.") },
    onError: toastUnlessRefused(t("Failed to send your reply. Please try again.")),
  });
}

export function useEditReply(reply: GroupReply, onSaved: () => void) {
  return useEndpointMutation(api.editReply, {
    input: (body: string) => ({ params: { id: reply.id }, body: { body } }),
    onSuccess: onSaved,
    invalidates: () => [postKey(reply.postId)],
    success: { title: t("Reply updated"), description: t("Your changes are saved.") },
    onError: toastUnlessRefused(t("Failed to save your changes. Please try again.")),
  });
}

export function useRemoveReply(reply: GroupReply, post: GroupPost, onRemoved: () => void) {
  return useEndpointMutation(api.removeReply, {
    input: (reason: string | undefined) => ({
      params: { id: reply.id },
      body: reason?.trim() ? { reason: reason.trim() } : {},
    }),
    onSuccess: () => {
      updatePost(queryClient, post, (p) => ({ replyCount: Math.max(0, p.replyCount - 1) }));
      onRemoved();
    },
    invalidates: () => [postKey(reply.postId)],
    success: reply.isMine
      ? { title: t("Reply deleted"), description: t("It has been removed from the conversation.") }
      : {
          title: t("Reply removed"),
          description: t("It has been removed, and the reason kept in the moderation log."),
        },
    failure: failure(t("Failed to remove the reply. Please try again.")),
  });
}
