import {
  type CreateGroupPostBody,
  GROUP_REACTOR_NAMES,
  type GroupAnsweredBody,
  type GroupPostsQuery,
  type GroupReaction,
  type GroupRemovalBody,
  CONVERSATION_MESSAGES as M,
  MAX_PINNED_POSTS,
} from "../../../core/conversation/schemas";
import {
  canSeeGroupPost,
  canSeeMemberContent,
  type GroupKind,
  leadsGroup,
  mayAnnounceInGroup,
  mayEditGroupPost,
  mayPinGroupPost,
  mayRemoveGroupPost,
  mayTakePartInConversation,
} from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { NewMemberLimits } from "../../config";
import type { Db, Tx } from "../../db/client";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { groupAudience, publishLive } from "../../live/publish";
import { resolveReports, takeNewMemberPlace, withinNewMemberLimit } from "../moderation";
import { notify } from "../notifications";
import type { PostRow, ReplyRow, Viewer } from "./queries";
import * as q from "./queries";

/** Who writes: her session, with when her account began (the first-day limits). */
type Writer = Viewer & Pick<SessionUser, "createdAt">;

/** What the moderation log keeps of removed words: enough to know what was removed. */
const EXCERPT = 280;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

const presentPost = (viewer: Viewer, row: PostRow) => ({
  id: row.id,
  groupKind: row.groupKind,
  groupId: row.groupId,
  kind: row.kind,
  body: row.body,
  createdAt: row.createdAt,
  editedAt: row.editedAt,
  pinned: row.pinnedAt !== null,
  pinnedAt: row.pinnedAt,
  author: row.author,
  isMine: row.userId === viewer.id,
  replyCount: row.replyCount,
  reactions: row.reactions,
  myReactions: row.myReactions,
  prayedCount: row.prayedCount,
  prayedByMe: row.prayedByMe,
  answeredAt: row.answeredAt,
  praiseNote: row.praiseNote,
});

const presentReply = (viewer: Viewer, row: ReplyRow) => ({
  id: row.id,
  postId: row.postId,
  body: row.body,
  createdAt: row.createdAt,
  editedAt: row.editedAt,
  author: row.author,
  isMine: row.userId === viewer.id,
});

// --- Access -----------------------------------------------------------------------------------

/** The group, for one of its accepted members; to anyone else it is not there. */
async function groupOfMember(db: Db | Tx, viewer: Viewer, kind: GroupKind, groupId: number) {
  const group = await q.findGroup(db, kind, groupId, viewer.id);
  if (!group || !mayTakePartInConversation(group)) throw notFound(M.groupNotFound);
  return { name: group.name, membership: group };
}

/** The post, for a member of its group who may see it (`canSeeGroupPost`); else 404. */
async function visiblePost(db: Db | Tx, viewer: Viewer, id: number, options?: { lock?: boolean }) {
  const post = await q.postAccess(db, viewer, id, options);
  if (!post || !canSeeGroupPost(viewer, post, post.membership)) throw notFound(M.postNotFound);
  return post;
}

/** The post she means to answer, react to or pray for: its author may not have blocked her. */
async function answerablePost(db: Db | Tx, viewer: Viewer, id: number) {
  const post = await visiblePost(db, viewer, id);
  if (post.blockedByAuthor) throw notFound(M.postNotFound);
  return post;
}

/** The reply and its post, for a member of its group who may see both; else 404. */
async function visibleReply(db: Db | Tx, viewer: Viewer, id: number) {
  const reply = await q.replyAccess(db, viewer, id);
  if (!reply || !canSeeMemberContent(viewer, reply)) throw notFound(M.replyNotFound);
  const post = await q.postAccess(db, viewer, reply.postId);
  if (!post || !canSeeGroupPost(viewer, post, post.membership)) throw notFound(M.replyNotFound);
  return { reply, post };
}

// --- Mentions ---------------------------------------------------------------------------------

/**
 * `@` and a name, not inside a word or an address: its first word, and its first two (a full name).
 * The picker writes "@First Last"; a first name alone is enough where it is clear.
 */
const MENTION = /(?<![\p{L}\p{N}_.@])@(\p{L}[\p{L}\p{M}'’-]*)(?:[ \u00a0](\p{L}[\p{L}\p{M}'’-]*))?/gu;

/**
 * The members her words mention, each by her full name or else her first name among the group's
 * members. A name that is a member's, but of no member of this group, is refused (400): a mention
 * reaches the group's members only. An `@` followed by no member's name mentions nobody.
 */
export async function mentionedMembers(
  db: Db | Tx,
  kind: GroupKind,
  groupId: number,
  text: string,
): Promise<number[]> {
  const mentions = [...text.matchAll(MENTION)].map((m) => {
    const first = m[1]!.toLowerCase();
    return { first, full: m[2] ? `${first} ${m[2].toLowerCase()}` : undefined };
  });
  if (mentions.length === 0) return [];
  const names = [...new Set(mentions.flatMap((m) => (m.full ? [m.first, m.full] : [m.first])))];
  const members = await q.membersNamed(db, kind, groupId, names);
  const found = new Set<number>();
  const unresolved: string[] = [];
  for (const m of mentions) {
    const byFull = m.full ? members.filter((u) => u.full === m.full) : [];
    const named = byFull.length > 0 ? byFull : members.filter((u) => u.first === m.first);
    if (named.length > 0) for (const u of named) found.add(u.id);
    else unresolved.push(m.first);
  }
  // Whoever a full name names outside the group, her first name names too.
  if (unresolved.length > 0 && (await q.anyoneNamed(db, unresolved))) throw badRequest(M.mentionOutsideGroup);
  return [...found];
}

/** Tells those mentioned, once per post or reply (`key`); a member who blocked her is not told. */
async function tellMentioned(
  tx: Tx,
  viewer: Viewer,
  mentioned: number[],
  event: { postId: number; key: string; groupName: string },
) {
  if (mentioned.length === 0) return;
  await notify(tx, "group_mention", {
    recipients: mentioned,
    actorId: viewer.id,
    subjectId: event.postId,
    dedupeKey: event.key,
    title: event.groupName,
  });
}

// --- Posts ------------------------------------------------------------------------------------

/** A page of the conversation: on the first, the pinned posts come first, then the newest. */
export async function listPosts(
  db: Db,
  viewer: Viewer,
  kind: GroupKind,
  groupId: number,
  query: GroupPostsQuery,
) {
  await groupOfMember(db, viewer, kind, groupId);
  const rows = await q.listPosts(db, viewer, kind, groupId, query);
  return rows.map((row) => presentPost(viewer, row));
}

/**
 * Her post in a group she belongs to; an announcement is its leaders' (`mayAnnounceInGroup`). Its
 * members hear of it (an announcement right away, another post in their digest), those she mentions
 * of the mention, and the streams watching the group see it, all written with it. Words that
 * mention nobody (no `@`) take the batched statement, which checks her membership itself.
 */
export async function createPost(
  db: Db,
  limits: NewMemberLimits,
  viewer: Writer & Pick<SessionUser, "firstName" | "lastName" | "profileImageUrl">,
  kind: GroupKind,
  groupId: number,
  body: CreateGroupPostBody,
) {
  if (body.body.includes("@")) return createPostWithMentions(db, limits, viewer, kind, groupId, body);
  const saved = await withinNewMemberLimit(db, limits, viewer, "posts", async () => {
    const post = await q.insertPosts[kind](db, {
      groupId,
      userId: viewer.id,
      kind: body.kind,
      body: body.body,
    });
    if (post.refused) {
      throw post.refused === "not_member" ? notFound(M.groupNotFound) : badRequest(M.announcementLeadersOnly);
    }
    return post;
  });
  // Written out from what she sent and her session: reading it back would be one more round trip.
  const row: PostRow = {
    id: saved.id,
    userId: viewer.id,
    body: body.body,
    createdAt: saved.createdAt,
    editedAt: null,
    author: {
      id: viewer.id,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      profileImageUrl: viewer.profileImageUrl,
      isLeader: saved.authorIsLeader,
    },
    groupKind: kind,
    groupId,
    kind: body.kind,
    pinnedAt: null,
    answeredAt: null,
    praiseNote: null,
    replyCount: 0,
    prayedCount: 0,
    reactions: { amen: 0, praying: 0, heart: 0 },
    prayedByMe: false,
    myReactions: [],
  };
  return presentPost(viewer, row);
}

/** A post that may mention members: they are found first (a name outside the group is a 400). */
async function createPostWithMentions(
  db: Db,
  limits: NewMemberLimits,
  viewer: Writer,
  kind: GroupKind,
  groupId: number,
  body: CreateGroupPostBody,
) {
  const group = await groupOfMember(db, viewer, kind, groupId);
  if (body.kind === "announcement" && !mayAnnounceInGroup(kind, group.membership)) {
    throw badRequest(M.announcementLeadersOnly);
  }
  const mentioned = await mentionedMembers(db, kind, groupId, body.body);
  const id = await db.transaction(async (tx) => {
    await takeNewMemberPlace(tx, limits, viewer, "posts");
    const postId = await q.insertPost(tx, {
      groupKind: kind,
      groupId,
      userId: viewer.id,
      kind: body.kind,
      body: body.body,
    });
    await notify(tx, body.kind === "announcement" ? "group_announcement" : "group_post", {
      recipients: q.groupMembers(kind, groupId, mentioned),
      actorId: viewer.id,
      subjectId: postId,
      title: group.name,
    });
    await tellMentioned(tx, viewer, mentioned, { postId, key: `post-${postId}`, groupName: group.name });
    await publishLive(tx, [
      {
        channel: groupAudience(kind, groupId),
        kind: "group_post",
        payload: { postId, authorId: viewer.id, groupKind: kind, groupId },
      },
    ]);
    return postId;
  });
  return presentPost(viewer, (await q.findPost(db, viewer, id))!);
}

/** The post with a page of its replies (those she may see), newest first. */
export async function getPost(db: Db, viewer: Viewer, id: number, page: { limit: number; before?: number }) {
  const access = await visiblePost(db, viewer, id);
  const [post, replies] = await Promise.all([
    q.findPost(db, viewer, id),
    q.listReplies(db, viewer, id, page),
  ]);
  return {
    ...presentPost(viewer, post!),
    groupName: access.groupName,
    leadsGroup: leadsGroup(access.groupKind, access.membership),
    replies: replies.map((r) => presentReply(viewer, r)),
  };
}

/** Its author edits it (marked edited); someone newly mentioned hears of it. */
export async function editPost(db: Db, viewer: Viewer, id: number, body: { body: string }) {
  const post = await visiblePost(db, viewer, id);
  if (!mayEditGroupPost(viewer, post)) throw forbidden(M.onlyAuthorEdits);
  const mentioned = await mentionedMembers(db, post.groupKind, post.groupId, body.body);
  await db.transaction(async (tx) => {
    await q.editPost(tx, id, body.body);
    await tellMentioned(tx, viewer, mentioned, { postId: id, key: `post-${id}`, groupName: post.groupName });
  });
  return presentPost(viewer, (await q.findPost(db, viewer, id))!);
}

/** A leader's removal of someone else's words goes in the moderation log, with the reason she gave. */
async function logIfRemovedByLeader(
  tx: Tx,
  viewer: Viewer,
  target: { type: "group_post" | "group_reply"; id: number; userId: number; body: string },
  reason: string | undefined,
) {
  if (target.userId === viewer.id) return;
  await q.logRemoval(tx, {
    actorId: viewer.id,
    targetType: target.type,
    targetId: target.id,
    memberId: target.userId,
    reason: reason ?? null,
    detail: excerpt(target.body),
  });
}

/** Its author deletes it; a leader of its group removes anyone's (`mayRemoveGroupPost`). */
export async function removePost(db: Db, viewer: Viewer, id: number, body: GroupRemovalBody) {
  await db.transaction(async (tx) => {
    const post = await visiblePost(tx, viewer, id, { lock: true });
    if (!mayRemoveGroupPost(viewer, post, post.membership)) throw forbidden(M.onlyAuthorOrLeadersRemove);
    await q.deletePost(tx, id);
    // Gone, it waits for no review.
    await resolveReports(tx, "group_post", id);
    await logIfRemovedByLeader(tx, viewer, { type: "group_post", ...post }, body.reason);
  });
}

/** Its author marks her prayer request answered, with a praise note if she likes. */
export async function markAnswered(db: Db, viewer: Viewer, id: number, body: GroupAnsweredBody) {
  const post = await visiblePost(db, viewer, id);
  if (post.kind !== "prayer") throw badRequest(M.onlyPrayerRequests);
  if (!mayEditGroupPost(viewer, post)) throw forbidden(M.onlyAuthorAnswers);
  return q.markAnswered(db, id, body.note ?? null);
}

/**
 * A leader pins a post above the others; with `MAX_PINNED_POSTS` pinned already a fourth is refused
 * (409). The group's row is locked meanwhile, so two leaders pinning at once cannot pass the limit.
 */
export async function pin(db: Db, viewer: Viewer, id: number) {
  return db.transaction(async (tx) => {
    const post = await visiblePost(tx, viewer, id);
    if (!mayPinGroupPost(post.groupKind, post.membership)) throw forbidden(M.leadersOnlyPin);
    await q.lockGroup(tx, post.groupKind, post.groupId);
    if (
      post.pinnedAt === null &&
      (await q.countPinned(tx, post.groupKind, post.groupId)) >= MAX_PINNED_POSTS
    ) {
      throw conflict(M.tooManyPinned);
    }
    return q.setPinned(tx, id, true);
  });
}

export async function unpin(db: Db, viewer: Viewer, id: number) {
  const post = await visiblePost(db, viewer, id);
  if (!mayPinGroupPost(post.groupKind, post.membership)) throw forbidden(M.leadersOnlyPin);
  return q.setPinned(db, id, false);
}

// --- Reactions and prayers ----------------------------------------------------------------------

/** One of each reaction per member: a repeat changes nothing. A member the author blocked: 404. */
export async function react(db: Db, viewer: Viewer, id: number, reaction: GroupReaction) {
  await answerablePost(db, viewer, id);
  await q.addReaction(db, id, viewer.id, reaction);
  return q.reactionsOf(db, id, viewer.id);
}

export async function unreact(db: Db, viewer: Viewer, id: number, reaction: GroupReaction) {
  await visiblePost(db, viewer, id);
  await q.removeReaction(db, id, viewer.id, reaction);
  return q.reactionsOf(db, id, viewer.id);
}

/**
 * Who reacted to a post she may see (as she may see the post itself): each reaction's newest
 * `GROUP_REACTOR_NAMES` names, and how many more there are by the post's counter. Members she
 * blocked, or who blocked her, are simply not named; the counts, which she sees anyway, stay whole.
 */
export async function postReactions(db: Db, viewer: Viewer, id: number) {
  await visiblePost(db, viewer, id);
  const given = await q.reactorsOf(db, viewer, id, GROUP_REACTOR_NAMES + 1);
  const listed = (reaction: GroupReaction) => {
    const { total, people } = given[reaction];
    if (people.length <= GROUP_REACTOR_NAMES) return { people, more: 0 };
    return { people: people.slice(0, GROUP_REACTOR_NAMES), more: Math.max(total - GROUP_REACTOR_NAMES, 1) };
  };
  return { id, amen: listed("amen"), praying: listed("praying"), heart: listed("heart") };
}

/** "I prayed" for a group's prayer request, once; its author hears of it (gathered by hour). */
export async function pray(db: Db, viewer: Viewer, id: number) {
  const post = await answerablePost(db, viewer, id);
  if (post.kind !== "prayer") throw badRequest(M.onlyPrayerRequests);
  const prayedCount = await q.prayOnce(db, id, viewer.id);
  return { id, prayedCount, prayedByMe: true };
}

// --- Replies ----------------------------------------------------------------------------------

/**
 * Her reply, one level deep. The post's author and those who replied before her hear of it while
 * they belong to the group; those she mentions hear of the mention instead.
 */
export async function reply(
  db: Db,
  limits: NewMemberLimits,
  viewer: Writer,
  id: number,
  body: { body: string },
) {
  const post = await answerablePost(db, viewer, id);
  const mentioned = await mentionedMembers(db, post.groupKind, post.groupId, body.body);
  const replyId = await db.transaction(async (tx) => {
    await takeNewMemberPlace(tx, limits, viewer, "posts");
    const saved = await q.insertReply(tx, id, viewer.id, body.body);
    await notify(tx, "group_reply", {
      recipients: q.threadFollowers(id, post.groupKind, post.groupId, mentioned),
      actorId: viewer.id,
      subjectId: id,
      dedupeKey: `reply-${saved}`,
      title: post.groupName,
    });
    await tellMentioned(tx, viewer, mentioned, {
      postId: id,
      key: `reply-${saved}`,
      groupName: post.groupName,
    });
    return saved;
  });
  return presentReply(viewer, (await q.findReply(db, viewer, replyId))!);
}

export async function editReply(db: Db, viewer: Viewer, id: number, body: { body: string }) {
  const { reply, post } = await visibleReply(db, viewer, id);
  if (!mayEditGroupPost(viewer, reply)) throw forbidden(M.onlyAuthorEdits);
  const mentioned = await mentionedMembers(db, post.groupKind, post.groupId, body.body);
  await db.transaction(async (tx) => {
    await q.editReply(tx, id, body.body);
    await tellMentioned(tx, viewer, mentioned, {
      postId: post.id,
      key: `reply-${id}`,
      groupName: post.groupName,
    });
  });
  return presentReply(viewer, (await q.findReply(db, viewer, id))!);
}

/** Its author deletes it; a leader of its group removes anyone's, and the moderation log keeps why. */
export async function removeReply(db: Db, viewer: Viewer, id: number, body: GroupRemovalBody) {
  const { reply, post } = await visibleReply(db, viewer, id);
  if (!mayRemoveGroupPost(viewer, { userId: reply.userId, groupKind: post.groupKind }, post.membership)) {
    throw forbidden(M.onlyAuthorOrLeadersRemove);
  }
  await db.transaction(async (tx) => {
    await q.deleteReply(tx, id);
    await resolveReports(tx, "group_reply", id);
    await logIfRemovedByLeader(tx, viewer, { type: "group_reply", ...reply }, body.reason);
  });
}
