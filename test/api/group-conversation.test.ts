import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversationEndpoints as talk } from "../../src/core/conversation/endpoints";
import {
  CONVERSATION_MESSAGES,
  type ConversationFilter,
  type GroupPostKind,
} from "../../src/core/conversation/schemas";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { MODERATION_MESSAGES, REPORT_RECEIVED } from "../../src/core/moderation/schemas";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { stillSeenByRecipient } from "../../src/server/features/notifications";
import { contextForFile, expectRefused, invalid, type Member, succeeded } from "../support/app";
import { openGroup, startGroup, startLocalGroup } from "../support/content";

const t = contextForFile();

/** The site administrator: one per context, asked for by more than one test. */
let siteAdmin: Member | undefined;
const siteAdministrator = async () => {
  siteAdmin ??= await t.admin();
  return siteAdmin;
};

/** A cultivation group any member joins at once, led by `leader`, with `members` in it. */
async function groupWith(leader: Member, ...members: Member[]) {
  const group = await openGroup(leader);
  for (const m of members) {
    await succeeded(m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
  }
  return group.id;
}

const postIn = (who: Member, groupId: number, body: string, kind: GroupPostKind = "discussion") =>
  who.client.call(talk.postInCultivationGroup, { params: { id: groupId }, body: { kind, body } });

const posted = async (who: Member, groupId: number, body: string, kind: GroupPostKind = "discussion") =>
  (await succeeded(postIn(who, groupId, body, kind))).id;

interface ListQuery {
  filter?: ConversationFilter;
  before?: number;
  limit?: number;
}

const list = (who: Member, groupId: number, query: ListQuery = {}) =>
  succeeded(who.client.call(talk.cultivationPosts, { params: { id: groupId }, query }));

const bodiesSeenBy = async (who: Member, groupId: number, query: ListQuery = {}) =>
  (await list(who, groupId, query)).map((p) => p.body);

const replyTo = (who: Member, postId: number, body: string) =>
  who.client.call(talk.reply, { params: { id: postId }, body: { body } });

const postCount = async () =>
  Number((await t.database.pool.query<{ n: string }>("select count(*) as n from group_posts")).rows[0]!.n);

/** The notices a member holds of a kind, as (kind, subject) pairs. */
async function noticesOf(who: Member, kind: string) {
  const { rows } = await t.database.pool.query<{
    subject_id: number;
    actor_count: number;
    title: string | null;
  }>(
    "select subject_id, actor_count, title from notifications where user_id = $1 and kind = $2 order by id",
    [who.id, kind],
  );
  return rows;
}

describe("signed out", () => {
  it("answers 401 Unauthorized on every route", async () => {
    const visitor = t.visitor();
    for (const res of await Promise.all([
      visitor.call(talk.cultivationPosts, { params: { id: 1 } }),
      visitor.call(talk.localPosts, { params: { id: 1 } }),
      visitor.call(talk.postInCultivationGroup, {
        params: { id: 1 },
        body: { kind: "discussion", body: "Hi" },
      }),
      visitor.call(talk.postInLocalGroup, { params: { id: 1 }, body: { kind: "discussion", body: "Hi" } }),
      visitor.call(talk.post, { params: { id: 1 } }),
      visitor.call(talk.editPost, { params: { id: 1 }, body: { body: "Hi" } }),
      visitor.call(talk.removePost, { params: { id: 1 } }),
      visitor.call(talk.reply, { params: { id: 1 }, body: { body: "Hi" } }),
      visitor.call(talk.editReply, { params: { id: 1 }, body: { body: "Hi" } }),
      visitor.call(talk.removeReply, { params: { id: 1 } }),
      visitor.call(talk.react, { params: { id: 1, reaction: "amen" } }),
      visitor.call(talk.unreact, { params: { id: 1, reaction: "amen" } }),
      visitor.call(talk.postReactions, { params: { id: 1 } }),
      visitor.call(talk.pray, { params: { id: 1 } }),
      visitor.call(talk.markAnswered, { params: { id: 1 }, body: {} }),
      visitor.call(talk.pin, { params: { id: 1 } }),
      visitor.call(talk.unpin, { params: { id: 1 } }),
    ])) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("who takes part", () => {
  it("lets an accepted member post and read, with her name and the post's counts", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const ruth = await t.member({ firstName: "Ruth", lastName: "Calloway" });
    const groupId = await groupWith(leader, ruth);
    const res = await postIn(ruth, groupId, "  Shalom, everyone! שלום  ");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      groupKind: "cultivation",
      groupId,
      kind: "discussion",
      body: "Shalom, everyone! שלום",
      pinned: false,
      editedAt: null,
      isMine: true,
      replyCount: 0,
      reactions: { amen: 0, praying: 0, heart: 0 },
      myReactions: [],
      prayedCount: 0,
      prayedByMe: false,
      answeredAt: null,
      author: { id: ruth.id, firstName: "Ruth", lastName: "Calloway", isLeader: false },
    });
    const seen = await list(leader, groupId);
    expect(seen.map((p) => [p.body, p.isMine])).toEqual([["Shalom, everyone! שלום", false]]);
    expect(JSON.stringify(seen)).not.toContain(ruth.email);
  });

  it("tells everyone else, a site administrator and a member whose request waits included, that it is not there", async () => {
    const leader = await t.member();
    const member = await t.member();
    const stranger = await t.member();
    const waiting = await t.member();
    const admin = await siteAdministrator();
    const group = await startGroup(leader); // private, joined by approval
    await succeeded(waiting.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    const requests = await succeeded(
      leader.client.call(groupsEndpoints.requests, { params: { id: group.id } }),
    );
    await succeeded(member.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    const memberRequest = (
      await succeeded(leader.client.call(groupsEndpoints.requests, { params: { id: group.id } }))
    ).find((r) => r.user.id === member.id)!;
    await succeeded(
      leader.client.call(groupsEndpoints.approveRequest, {
        params: { id: group.id, requestId: memberRequest.id },
      }),
    );
    expect(requests.map((r) => r.user.id)).toEqual([waiting.id]);
    const postId = await posted(member, group.id, "For the group only.", "prayer");
    const before = await postCount();

    for (const outsider of [stranger, waiting, admin]) {
      const c = outsider.client;
      for (const res of [
        await c.call(talk.cultivationPosts, { params: { id: group.id } }),
        await postIn(outsider, group.id, "Let me in."),
      ]) {
        expectRefused(res, 404, CONVERSATION_MESSAGES.groupNotFound);
      }
      for (const res of [
        await c.call(talk.post, { params: { id: postId } }),
        await c.call(talk.editPost, { params: { id: postId }, body: { body: "Mine now" } }),
        await c.call(talk.removePost, { params: { id: postId } }),
        await replyTo(outsider, postId, "Hello?"),
        await c.call(talk.react, { params: { id: postId, reaction: "heart" } }),
        await c.call(talk.pray, { params: { id: postId } }),
        await c.call(talk.markAnswered, { params: { id: postId }, body: {} }),
        await c.call(talk.pin, { params: { id: postId } }),
      ]) {
        expectRefused(res, 404, CONVERSATION_MESSAGES.postNotFound);
      }
    }
    expect(await postCount()).toBe(before);
    // A group that does not exist answers the same.
    expectRefused(await member.client.call(talk.cultivationPosts, { params: { id: 999_999 } }), 404);
  });

  it("keeps an open group's conversation from those who have not joined it", async () => {
    const leader = await t.member();
    const passerBy = await t.member();
    const groupId = await groupWith(leader);
    expectRefused(await passerBy.client.call(talk.cultivationPosts, { params: { id: groupId } }), 404);
  });

  it("ends her access the moment she leaves", async () => {
    const leader = await t.member();
    const leaver = await t.member();
    const groupId = await groupWith(leader, leaver);
    const postId = await posted(leader, groupId, "Welcome, all.");
    expect(await bodiesSeenBy(leaver, groupId)).toEqual(["Welcome, all."]);
    await succeeded(leaver.client.call(groupsEndpoints.leave, { params: { id: groupId } }));
    expectRefused(await leaver.client.call(talk.cultivationPosts, { params: { id: groupId } }), 404);
    expectRefused(await leaver.client.call(talk.post, { params: { id: postId } }), 404);
    expectRefused(await replyTo(leaver, postId, "Still here?"), 404);
  });

  it("works alike in a local group", async () => {
    const leader = await t.member();
    const neighbour = await t.member();
    const outsider = await t.member();
    const group = await startLocalGroup(leader, { requiresApproval: false });
    await succeeded(neighbour.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    const res = await neighbour.client.call(talk.postInLocalGroup, {
      params: { id: group.id },
      body: { kind: "question", body: "Who is bringing the coffee?" },
    });
    expect(res.status).toBe(201);
    expect(res.body.groupKind).toBe("local");
    const seen = await succeeded(leader.client.call(talk.localPosts, { params: { id: group.id } }));
    expect(seen.map((p) => p.body)).toEqual(["Who is bringing the coffee?"]);
    expectRefused(await outsider.client.call(talk.localPosts, { params: { id: group.id } }), 404);
    // A local group's leader leads its conversation.
    const announcement = await leader.client.call(talk.postInLocalGroup, {
      params: { id: group.id },
      body: { kind: "announcement", body: "We meet at the park this week." },
    });
    expect(announcement.status).toBe(201);
    expect(announcement.body.author.isLeader).toBe(true);
    expect((await leader.client.call(talk.pin, { params: { id: res.body.id } })).status).toBe(200);
    // A cultivation group's id on the local path names another group, or none.
    expectRefused(await neighbour.client.call(talk.cultivationPosts, { params: { id: group.id } }), 404);
  });
});

describe("what she writes", () => {
  it("refuses an empty or too long post, an unknown kind and a non-leader's announcement, writing nothing", async () => {
    const leader = await t.member();
    const member = await t.member();
    const groupId = await groupWith(leader, member);
    const before = await postCount();
    const send = (body: unknown) =>
      member.client.call(talk.postInCultivationGroup, { params: { id: groupId }, body: invalid(body) });
    expectRefused(await send({ kind: "discussion", body: "   " }), 400, CONVERSATION_MESSAGES.bodyRequired);
    expectRefused(
      await send({ kind: "discussion", body: "x".repeat(5001) }),
      400,
      "Must be at most 5000 characters",
    );
    expectRefused(await send({ kind: "gossip", body: "Hello" }), 400, CONVERSATION_MESSAGES.kindRequired);
    expectRefused(
      await send({ kind: "announcement", body: "Hear ye" }),
      400,
      CONVERSATION_MESSAGES.announcementLeadersOnly,
    );
    expect(await postCount()).toBe(before);
    expect((await send({ kind: "discussion", body: "x".repeat(5000) })).status).toBe(201);
    const announced = await postIn(leader, groupId, "We start at seven.", "announcement");
    expect(announced.status).toBe(201);
    expect(announced.body.author.isLeader).toBe(true);
  });

  it("answers posts sent at the same moment each on its own: a stranger's and a member's announcement refused, the rest saved once", async () => {
    const leader = await t.member();
    const member = await t.member();
    const stranger = await t.member();
    const groupId = await groupWith(leader, member);
    const before = await postCount();
    const answers = await Promise.all([
      postIn(member, groupId, "Morning, sisters."),
      postIn(stranger, groupId, "Let me in."),
      postIn(member, groupId, "Hear ye", "announcement"),
      postIn(leader, groupId, "We meet at seven.", "announcement"),
      postIn(member, groupId, "Praying for the week.", "prayer"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 404, 400, 201, 201]);
    expectRefused(answers[1]!, 404, CONVERSATION_MESSAGES.groupNotFound);
    expectRefused(answers[2]!, 400, CONVERSATION_MESSAGES.announcementLeadersOnly);
    expect(await postCount()).toBe(before + 3);
    // In whichever order they reached the server.
    expect((await bodiesSeenBy(member, groupId)).sort()).toEqual([
      "Morning, sisters.",
      "Praying for the week.",
      "We meet at seven.",
    ]);
    // Each post's own notice, to the others: the announcement apart.
    expect((await noticesOf(leader, "group_post")).map((n) => n.subject_id)).toEqual(
      [answers[0]!.body.id, answers[4]!.body.id].sort((a, b) => a - b),
    );
    expect((await noticesOf(member, "group_announcement")).map((n) => n.subject_id)).toEqual([
      answers[3]!.body.id,
    ]);
  });

  it("lets her edit her post and reply (marked edited), and no one else", async () => {
    const leader = await t.member();
    const author = await t.member();
    const groupId = await groupWith(leader, author);
    const postId = await posted(author, groupId, "First thoughts");
    const edited = await author.client.call(talk.editPost, {
      params: { id: postId },
      body: { body: "Second thoughts" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe("Second thoughts");
    expect(edited.body.editedAt).not.toBeNull();
    expectRefused(
      await leader.client.call(talk.editPost, {
        params: { id: postId },
        body: { body: "Leader's thoughts" },
      }),
      403,
      CONVERSATION_MESSAGES.onlyAuthorEdits,
    );
    expectRefused(
      await author.client.call(talk.editPost, { params: { id: postId }, body: { body: "" } }),
      400,
      CONVERSATION_MESSAGES.bodyRequired,
    );
    const reply = await succeeded(replyTo(leader, postId, "Good word"));
    expect(reply.editedAt).toBeNull();
    const editedReply = await leader.client.call(talk.editReply, {
      params: { id: reply.id },
      body: { body: "Great word" },
    });
    expect(editedReply.body).toMatchObject({ body: "Great word", postId });
    expect(editedReply.body.editedAt).not.toBeNull();
    expectRefused(
      await author.client.call(talk.editReply, { params: { id: reply.id }, body: { body: "Mine" } }),
      403,
    );
    const detail = await succeeded(author.client.call(talk.post, { params: { id: postId } }));
    expect(detail.body).toBe("Second thoughts");
    expect(detail.replies.map((r) => r.body)).toEqual(["Great word"]);
  });

  it("shows a post with its replies a page at a time, newest first, and counts them", async () => {
    const leader = await t.member();
    const member = await t.member();
    const groupId = await groupWith(leader, member);
    const postId = await posted(member, groupId, "What are you reading?");
    for (const n of [1, 2, 3]) await succeeded(replyTo(leader, postId, `Reply ${n}`));
    const first = await succeeded(
      member.client.call(talk.post, { params: { id: postId }, query: { limit: 2 } }),
    );
    expect(first.replyCount).toBe(3);
    // Its page names the group, and tells a leader, not a member, that she leads it.
    const group = await succeeded(member.client.call(groupsEndpoints.get, { params: { id: groupId } }));
    expect([first.groupName, first.leadsGroup]).toEqual([group.name, false]);
    const leaders = await succeeded(leader.client.call(talk.post, { params: { id: postId } }));
    expect(leaders.leadsGroup).toBe(true);
    expect(first.replies.map((r) => [r.body, r.postId, r.author.isLeader])).toEqual([
      ["Reply 3", postId, true],
      ["Reply 2", postId, true],
    ]);
    const next = await succeeded(
      member.client.call(talk.post, {
        params: { id: postId },
        query: { limit: 2, before: first.replies[1]!.id },
      }),
    );
    expect(next.replies.map((r) => r.body)).toEqual(["Reply 1"]);
    expectRefused(await replyTo(member, postId, ""), 400, CONVERSATION_MESSAGES.replyRequired);
    expect((await list(member, groupId))[0]!.replyCount).toBe(3);
  });

  it("lets her delete her own words; a leader removes anyone's and the moderation log keeps her reason", async () => {
    const leader = await t.member({ firstName: "Miriam" });
    const author = await t.member();
    const other = await t.member();
    const admin = await siteAdministrator();
    const groupId = await groupWith(leader, author, other);
    const mine = await posted(author, groupId, "A post she takes back");
    expectRefused(await other.client.call(talk.removePost, { params: { id: mine } }), 403);
    expect((await author.client.call(talk.removePost, { params: { id: mine } })).status).toBe(204);
    expectRefused(await author.client.call(talk.post, { params: { id: mine } }), 404);

    const offTopic = await posted(author, groupId, "Buy my essential oils");
    const keeper = await posted(author, groupId, "A post that stays");
    const reply = await succeeded(replyTo(author, keeper, "And a reply the leader removes"));
    const removed = await leader.client.call(talk.removePost, {
      params: { id: offTopic },
      body: { reason: "Selling is not what this group is for." },
    });
    expect(removed.status).toBe(204);
    expect(
      (
        await leader.client.call(talk.removeReply, {
          params: { id: reply.id },
          body: { reason: "Off topic" },
        })
      ).status,
    ).toBe(204);
    expect(await bodiesSeenBy(other, groupId)).toEqual(["A post that stays"]);
    expect((await list(other, groupId))[0]!.replyCount).toBe(0);

    const log = await succeeded(admin.client.call(moderationEndpoints.adminLog));
    const entries = log.filter((e) => e.targetType === "group_post" || e.targetType === "group_reply");
    expect(
      entries.map((e) => [e.action, e.targetType, e.targetId, e.reason, e.actor?.id, e.member?.id]),
    ).toEqual([
      ["delete", "group_reply", reply.id, "Off topic", leader.id, author.id],
      ["delete", "group_post", offTopic, "Selling is not what this group is for.", leader.id, author.id],
    ]);
    // Her own deletion is not moderation.
    expect(entries.some((e) => e.targetId === mine && e.targetType === "group_post")).toBe(false);
  });
});

describe("the list", () => {
  it("puts pinned posts first, then the newest, a page at a time", async () => {
    const leader = await t.member();
    const member = await t.member();
    const groupId = await groupWith(leader, member);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await posted(member, groupId, `Post ${n}`));
    await succeeded(leader.client.call(talk.pin, { params: { id: ids[1]! } }));
    const first = await list(member, groupId, { limit: 2 });
    expect(first.map((p) => [p.body, p.pinned])).toEqual([
      ["Post 2", true],
      ["Post 5", false],
      ["Post 4", false],
    ]);
    const next = await list(member, groupId, { limit: 2, before: first.at(-1)!.id });
    expect(next.map((p) => p.body)).toEqual(["Post 3", "Post 1"]);
    expect(await list(member, groupId, { limit: 2, before: next.at(-1)!.id })).toEqual([]);
  });

  it("filters prayer requests, questions without a reply, and the leaders' posts", async () => {
    const leader = await t.member();
    const member = await t.member();
    const groupId = await groupWith(leader, member);
    await posted(member, groupId, "A thought");
    await posted(member, groupId, "Pray for rain", "prayer");
    const answered = await posted(member, groupId, "Where do we meet?", "question");
    await posted(member, groupId, "What should we read next?", "question");
    await posted(leader, groupId, "Welcome to the group", "announcement");
    await posted(leader, groupId, "My own question?", "question");
    await succeeded(replyTo(leader, answered, "At the library."));
    expect(await bodiesSeenBy(member, groupId, { filter: "prayer" })).toEqual(["Pray for rain"]);
    expect(await bodiesSeenBy(member, groupId, { filter: "unanswered" })).toEqual([
      "My own question?",
      "What should we read next?",
    ]);
    expect(await bodiesSeenBy(member, groupId, { filter: "leaders" })).toEqual([
      "My own question?",
      "Welcome to the group",
    ]);
    expect(await bodiesSeenBy(member, groupId, { filter: "all" })).toHaveLength(6);
    expectRefused(
      await member.client.call(talk.cultivationPosts, {
        params: { id: groupId },
        query: { filter: invalid("gossip") },
      }),
      400,
    );
  });
});

describe("pins", () => {
  it("lets the leaders pin up to three posts; a fourth answers 409 until one is unpinned", async () => {
    const leader = await t.member();
    const member = await t.member();
    const groupId = await groupWith(leader, member);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4]) ids.push(await posted(member, groupId, `Post ${n}`));
    expectRefused(
      await member.client.call(talk.pin, { params: { id: ids[0]! } }),
      403,
      CONVERSATION_MESSAGES.leadersOnlyPin,
    );
    for (const id of ids.slice(0, 3)) {
      const res = await leader.client.call(talk.pin, { params: { id } });
      expect(res.body).toMatchObject({ id, pinned: true });
    }
    // Pinning a pinned post again changes nothing.
    expect((await leader.client.call(talk.pin, { params: { id: ids[0]! } })).status).toBe(200);
    expectRefused(
      await leader.client.call(talk.pin, { params: { id: ids[3]! } }),
      409,
      CONVERSATION_MESSAGES.tooManyPinned,
    );
    expectRefused(await member.client.call(talk.unpin, { params: { id: ids[0]! } }), 403);
    expect((await leader.client.call(talk.unpin, { params: { id: ids[0]! } })).body.pinned).toBe(false);
    expect((await leader.client.call(talk.pin, { params: { id: ids[3]! } })).body.pinned).toBe(true);
    const pinned = (await list(member, groupId)).filter((p) => p.pinned).map((p) => p.id);
    expect(pinned.sort((x, y) => x - y)).toEqual([ids[1]!, ids[2]!, ids[3]!]);
  });
});

describe("reactions and prayer", () => {
  it("counts each reaction once per member, and takes it back", async () => {
    const leader = await t.member();
    const a = await t.member();
    const b = await t.member();
    const groupId = await groupWith(leader, a, b);
    const postId = await posted(leader, groupId, "He is risen");
    const react = (who: Member, reaction: "amen" | "praying" | "heart") =>
      succeeded(who.client.call(talk.react, { params: { id: postId, reaction } }));
    await react(a, "amen");
    const twice = await react(a, "amen");
    expect(twice).toEqual({
      id: postId,
      reactions: { amen: 1, praying: 0, heart: 0 },
      myReactions: ["amen"],
    });
    await react(a, "heart");
    const other = await react(b, "amen");
    expect(other).toEqual({
      id: postId,
      reactions: { amen: 2, praying: 0, heart: 1 },
      myReactions: ["amen"],
    });
    const taken = await succeeded(a.client.call(talk.unreact, { params: { id: postId, reaction: "amen" } }));
    expect(taken).toEqual({
      id: postId,
      reactions: { amen: 1, praying: 0, heart: 1 },
      myReactions: ["heart"],
    });
    const again = await succeeded(a.client.call(talk.unreact, { params: { id: postId, reaction: "amen" } }));
    expect(again.reactions.amen).toBe(1);
    const [seen] = await list(a, groupId);
    expect(seen).toMatchObject({ reactions: { amen: 1, praying: 0, heart: 1 }, myReactions: ["heart"] });
    expectRefused(
      await a.client.call(talk.react, { params: { id: postId, reaction: invalid("thumbs") } }),
      400,
    );
  });

  it("counts a prayer once per member, tells the author, and lets her alone mark it answered", async () => {
    const leader = await t.member();
    const asker = await t.member();
    const a = await t.member({ firstName: "Hannah" });
    const b = await t.member({ firstName: "Naomi" });
    const groupId = await groupWith(leader, asker, a, b);
    const postId = await posted(asker, groupId, "Please pray for my job interview", "prayer");
    expect(await succeeded(a.client.call(talk.pray, { params: { id: postId } }))).toEqual({
      id: postId,
      prayedCount: 1,
      prayedByMe: true,
    });
    expect((await succeeded(a.client.call(talk.pray, { params: { id: postId } }))).prayedCount).toBe(1);
    expect((await succeeded(b.client.call(talk.pray, { params: { id: postId } }))).prayedCount).toBe(2);
    const told = await noticesOf(asker, "group_prayed");
    expect(told).toEqual([{ subject_id: postId, actor_count: 2, title: null }]);
    expect((await list(b, groupId))[0]).toMatchObject({ prayedCount: 2, prayedByMe: true });

    expectRefused(
      await a.client.call(talk.markAnswered, { params: { id: postId }, body: { note: "Not mine" } }),
      403,
      CONVERSATION_MESSAGES.onlyAuthorAnswers,
    );
    const answered = await succeeded(
      asker.client.call(talk.markAnswered, { params: { id: postId }, body: { note: "I got the job!" } }),
    );
    expect(answered.praiseNote).toBe("I got the job!");
    expect(answered.answeredAt).toBeTruthy();
    expect((await list(a, groupId))[0]).toMatchObject({ praiseNote: "I got the job!" });

    const discussion = await posted(asker, groupId, "Just a thought");
    expectRefused(
      await a.client.call(talk.pray, { params: { id: discussion } }),
      400,
      CONVERSATION_MESSAGES.onlyPrayerRequests,
    );
    expectRefused(await asker.client.call(talk.markAnswered, { params: { id: discussion }, body: {} }), 400);
  });
});

describe("mentions", () => {
  it("tells a fellow member she was mentioned, and refuses a mention of someone outside the group", async () => {
    const leader = await t.member({ firstName: "Deborah", lastName: "Judge" });
    const author = await t.member({ firstName: "Lydia" });
    const abigail = await t.member({ firstName: "Abigail", lastName: "Carmel" });
    const outsider = await t.member({ firstName: "Jezebel", lastName: "Tyre" });
    const groupId = await groupWith(leader, author, abigail);
    const postId = await posted(
      author,
      groupId,
      "@Abigail Carmel and @deborah, what do you think? Mail me at lydia@example.org",
    );
    expect(await noticesOf(abigail, "group_mention")).toEqual([
      expect.objectContaining({ subject_id: postId }),
    ]);
    expect(await noticesOf(leader, "group_mention")).toEqual([
      expect.objectContaining({ subject_id: postId }),
    ]);
    // Those mentioned hear of the mention, not of the post besides.
    expect(await noticesOf(abigail, "group_post")).toEqual([]);

    const before = await postCount();
    expectRefused(
      await postIn(author, groupId, "Hey @Jezebel, come along"),
      400,
      CONVERSATION_MESSAGES.mentionOutsideGroup,
    );
    expect(await postCount()).toBe(before);
    expectRefused(
      await replyTo(author, postId, "@Jezebel Tyre see this"),
      400,
      CONVERSATION_MESSAGES.mentionOutsideGroup,
    );
    expect((await list(author, groupId))[0]!.replyCount).toBe(0);
    expect(await noticesOf(outsider, "group_mention")).toEqual([]);
    // An @ that names no member is just text.
    expect((await postIn(author, groupId, "Meet @noon by the fountain")).status).toBe(201);

    const reply = await succeeded(replyTo(leader, postId, "Agreed, @Lydia."));
    expect(await noticesOf(author, "group_mention")).toEqual([
      expect.objectContaining({ subject_id: postId }),
    ]);
    expect(reply.body).toBe("Agreed, @Lydia.");
  });
});

describe("notices", () => {
  it("tells the group of a post (the leaders' announcements apart), and a thread of its replies", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const author = await t.member({ firstName: "Ruth" });
    const replier = await t.member({ firstName: "Orpah" });
    const quiet = await t.member({ firstName: "Naomi" });
    const groupId = await groupWith(leader, author, replier, quiet);
    const postId = await posted(author, groupId, "How was your week?");
    for (const who of [leader, replier, quiet]) {
      expect(await noticesOf(who, "group_post")).toEqual([
        { subject_id: postId, actor_count: 1, title: "Open Door" },
      ]);
    }
    expect(await noticesOf(author, "group_post")).toEqual([]);

    const announcement = await posted(leader, groupId, "No meeting on the holiday.", "announcement");
    expect(await noticesOf(quiet, "group_announcement")).toEqual([
      expect.objectContaining({ subject_id: announcement }),
    ]);
    expect((await noticesOf(quiet, "group_post")).map((n) => n.subject_id)).toEqual([postId]);

    await succeeded(replyTo(replier, postId, "Full of grace."));
    expect((await noticesOf(author, "group_reply")).map((n) => n.subject_id)).toEqual([postId]);
    expect(await noticesOf(quiet, "group_reply")).toEqual([]);
    // A later reply reaches the author and those who replied before.
    await succeeded(replyTo(leader, postId, "Mine too."));
    expect(await noticesOf(author, "group_reply")).toHaveLength(2);
    expect(await noticesOf(replier, "group_reply")).toHaveLength(1);
    expect(await noticesOf(leader, "group_reply")).toEqual([]);
    expect(await noticesOf(quiet, "group_reply")).toEqual([]);
  });
});

describe("notices at delivery", () => {
  it("are not sent to a member who left the group, nor about a post that is gone", async () => {
    const leader = await t.member();
    const staying = await t.member();
    const leaving = await t.member();
    const groupId = await groupWith(leader, staying, leaving);
    const kept = await posted(leader, groupId, "Still here", "announcement");
    const removed = await posted(leader, groupId, "Soon gone", "announcement");
    await succeeded(leaving.client.call(groupsEndpoints.leave, { params: { id: groupId } }));
    expect((await leader.client.call(talk.removePost, { params: { id: removed } })).status).toBe(204);
    const deliverable = async (who: Member) => {
      const { rows } = await t.database.db.execute<{ subject_id: number }>(sql`select n.subject_id
        from notifications n where n.user_id = ${who.id} and n.kind = 'group_announcement'
          and ${stillSeenByRecipient} order by n.subject_id`);
      return rows.map((r) => r.subject_id);
    };
    expect((await noticesOf(leaving, "group_announcement")).map((n) => n.subject_id)).toEqual([
      kept,
      removed,
    ]);
    expect(await deliverable(leaving)).toEqual([]);
    expect(await deliverable(staying)).toEqual([kept]);
  });
});

describe("blocks", () => {
  it("hide a blocked member's words from the one who blocked her, and let her not reply, react, pray nor mention", async () => {
    const leader = await t.member();
    const blocker = await t.member({ firstName: "Susanna" });
    const blocked = await t.member({ firstName: "Haman" });
    const groupId = await groupWith(leader, blocker, blocked);
    const blockedPost = await posted(blocked, groupId, "Haman's post");
    const blockerPost = await posted(blocker, groupId, "Susanna's post");
    const prayer = await posted(blocker, groupId, "Susanna's prayer", "prayer");
    const leaderPost = await posted(leader, groupId, "The leader's post");
    await succeeded(replyTo(blocked, leaderPost, "Haman's reply"));
    await succeeded(replyTo(leader, leaderPost, "The leader's reply"));
    await succeeded(blocker.client.call(moderationEndpoints.block, { body: { userId: blocked.id } }));

    expect(await bodiesSeenBy(blocker, groupId)).not.toContain("Haman's post");
    expect(await bodiesSeenBy(leader, groupId)).toContain("Haman's post");
    expectRefused(await blocker.client.call(talk.post, { params: { id: blockedPost } }), 404);
    const thread = await succeeded(blocker.client.call(talk.post, { params: { id: leaderPost } }));
    expect(thread.replies.map((r) => r.body)).toEqual(["The leader's reply"]);

    // She still sees the one who blocked her, but may not answer her in any way.
    expect(await bodiesSeenBy(blocked, groupId)).toContain("Susanna's post");
    const noticesBefore = await noticesOf(blocker, "group_reply");
    expectRefused(await replyTo(blocked, blockerPost, "Listen to me"), 404);
    expectRefused(
      await blocked.client.call(talk.react, { params: { id: blockerPost, reaction: "heart" } }),
      404,
    );
    expectRefused(await blocked.client.call(talk.pray, { params: { id: prayer } }), 404);
    expect((await list(blocker, groupId)).find((p) => p.id === blockerPost)).toMatchObject({
      replyCount: 0,
      reactions: { amen: 0, praying: 0, heart: 0 },
    });
    expect(await posted(blocked, groupId, "Hey @Susanna")).toBeGreaterThan(0);
    expect(await noticesOf(blocker, "group_mention")).toEqual([]);
    expect(await noticesOf(blocker, "group_reply")).toEqual(noticesBefore);
  });
});

describe("reports", () => {
  /** Members trusted to hide by reporting: a confirmed address and an account weeks old. */
  const settle = (...members: Member[]) =>
    t.database.pool.query(
      "update users set email_verified_at = now(), created_at = now() - interval '40 days' where id = any($1)",
      [members.map((m) => m.id)],
    );

  it("hide a reported post or reply from the group but its author, and queue it for the administrators with its text", async () => {
    const leader = await t.member();
    const author = await t.member({ firstName: "Simona" });
    const first = await t.member();
    const second = await t.member();
    const outsider = await t.member();
    const admin = await siteAdministrator();
    const groupId = await groupWith(leader, author, first, second);
    await settle(first, second, outsider);
    const spam = await posted(author, groupId, "Buy my essential oils");
    const keeper = await posted(leader, groupId, "How was your Sabbath?");
    const reply = await succeeded(replyTo(author, keeper, "Visit my shop"));
    const report = (who: Member, targetType: "group_post" | "group_reply", targetId: number) =>
      who.client.call(moderationEndpoints.report, { body: { targetType, targetId, reason: "spam" } });

    expectRefused(await report(outsider, "group_post", spam), 404, "Post not found");
    expectRefused(await report(outsider, "group_reply", reply.id), 404, "Reply not found");
    expectRefused(await report(author, "group_post", spam), 400, MODERATION_MESSAGES.ownContent);
    const received = await report(first, "group_post", spam);
    expect(received.status).toBe(202);
    expect(received.body).toEqual({ message: REPORT_RECEIVED });
    // One report weighs too little to hide it.
    expect(await bodiesSeenBy(leader, groupId)).toContain("Buy my essential oils");
    expect((await report(second, "group_post", spam)).status).toBe(202);
    for (const who of [first, second]) expect((await report(who, "group_reply", reply.id)).status).toBe(202);

    expect(await bodiesSeenBy(leader, groupId)).not.toContain("Buy my essential oils");
    expectRefused(await leader.client.call(talk.post, { params: { id: spam } }), 404);
    expect(await bodiesSeenBy(author, groupId)).toContain("Buy my essential oils");
    const thread = (who: Member) =>
      succeeded(who.client.call(talk.post, { params: { id: keeper } })).then((p) =>
        p.replies.map((r) => r.body),
      );
    expect(await thread(leader)).toEqual([]);
    expect(await thread(author)).toEqual(["Visit my shop"]);

    const queue = await succeeded(admin.client.call(moderationEndpoints.adminReports));
    const postItem = queue.find((i) => i.targetType === "group_post" && i.targetId === spam)!;
    const replyItem = queue.find((i) => i.targetType === "group_reply" && i.targetId === reply.id)!;
    expect(postItem).toMatchObject({
      content: "Buy my essential oils",
      author: { id: author.id, name: expect.stringContaining("Simona") },
    });
    expect(postItem.hiddenAt).not.toBeNull();
    expect(postItem.reports).toHaveLength(2);
    expect(replyItem).toMatchObject({ content: "Visit my shop" });

    // The administrators remove the reply for good (its post counts one reply less) and restore the post.
    await succeeded(
      admin.client.call(moderationEndpoints.adminRemove, {
        params: { id: replyItem.id },
        body: { reason: "Advertising" },
      }),
    );
    expect((await list(author, groupId)).find((p) => p.id === keeper)!.replyCount).toBe(0);
    await succeeded(admin.client.call(moderationEndpoints.adminRestore, { params: { id: postItem.id } }));
    expect(await bodiesSeenBy(leader, groupId)).toContain("Buy my essential oils");
  });

  it("are closed when the post is deleted", async () => {
    const leader = await t.member();
    const author = await t.member();
    const reporter = await t.member();
    const admin = await siteAdministrator();
    const groupId = await groupWith(leader, author, reporter);
    const postId = await posted(author, groupId, "Something regrettable");
    await reporter.client.call(moderationEndpoints.report, {
      body: { targetType: "group_post", targetId: postId, reason: "unkind" },
    });
    const queued = async () =>
      (await succeeded(admin.client.call(moderationEndpoints.adminReports))).some(
        (i) => i.targetType === "group_post" && i.targetId === postId,
      );
    expect(await queued()).toBe(true);
    expect((await author.client.call(talk.removePost, { params: { id: postId } })).status).toBe(204);
    expect(await queued()).toBe(false);
  });
});

describe("a deleted account", () => {
  it("takes her replies, reactions and prayers out of others' counts, and her export holds her words", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const leaving = await t.member({ firstName: "Orpah" });
    const staying = await t.member();
    const groupId = await groupWith(leader, leaving, staying);
    const request = await posted(leader, groupId, "Pray for our retreat", "prayer");
    for (const body of ["Praying!", "And for safe travel."]) await succeeded(replyTo(leaving, request, body));
    await succeeded(replyTo(staying, request, "Me too."));
    for (const who of [leaving, staying]) {
      for (const reaction of ["amen", "heart"] as const)
        await succeeded(who.client.call(talk.react, { params: { id: request, reaction } }));
      await succeeded(who.client.call(talk.pray, { params: { id: request } }));
    }
    const hers = await posted(leaving, groupId, "Thank you all for this season.");
    await succeeded(replyTo(leader, hers, "We will miss you."));

    const exported = await succeeded(leaving.client.call(profileEndpoints.export));
    expect(exported.groupPosts).toEqual([
      expect.objectContaining({
        id: hers,
        groupKind: "cultivation",
        groupId,
        groupName: "Open Door",
        kind: "discussion",
        content: "Thank you all for this season.",
      }),
    ]);
    expect(exported.groupReplies.map((r) => [r.postId, r.content])).toEqual([
      [request, "And for safe travel."],
      [request, "Praying!"],
    ]);

    const before = (await list(leader, groupId)).find((p) => p.id === request)!;
    expect(before).toMatchObject({
      replyCount: 3,
      prayedCount: 2,
      reactions: { amen: 2, praying: 0, heart: 2 },
    });
    const gone = await leaving.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } });
    expect(gone.status).toBe(200);
    const seen = await list(leader, groupId);
    expect(seen.map((p) => p.body)).toEqual(["Pray for our retreat"]);
    expect(seen[0]).toMatchObject({
      replyCount: 1,
      prayedCount: 1,
      reactions: { amen: 1, praying: 0, heart: 1 },
    });
  });
});

describe("who reacted", () => {
  const reactors = (who: Member, postId: number) =>
    succeeded(who.client.call(talk.postReactions, { params: { id: postId } }));
  const react = (who: Member, postId: number, reaction: "amen" | "praying" | "heart") =>
    succeeded(who.client.call(talk.react, { params: { id: postId, reaction } }));
  const names = (people: { firstName: string | null }[]) => people.map((p) => p.firstName);

  it("names the members who gave each reaction, newest first, as her group sees them", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const ruth = await t.member({ firstName: "Ruth", lastName: "Calloway" });
    const naomi = await t.member({ firstName: "Naomi" });
    const groupId = await groupWith(leader, ruth, naomi);
    const postId = await posted(leader, groupId, "We meet at the river on Sunday.");
    await react(ruth, postId, "amen");
    await react(ruth, postId, "heart");
    await react(naomi, postId, "amen");

    const seen = await reactors(ruth, postId);
    expect(seen).toEqual({
      id: postId,
      amen: {
        people: [
          { id: naomi.id, firstName: "Naomi", lastName: naomi.lastName, profileImageUrl: null },
          { id: ruth.id, firstName: "Ruth", lastName: "Calloway", profileImageUrl: null },
        ],
        more: 0,
      },
      praying: { people: [], more: 0 },
      heart: { people: [expect.objectContaining({ id: ruth.id })], more: 0 },
    });
    expect(JSON.stringify(seen)).not.toContain(ruth.email);
  });

  it("tells anyone outside the group, a site administrator included, that the post is not there", async () => {
    const leader = await t.member();
    const stranger = await t.member();
    const admin = await siteAdministrator();
    const groupId = await groupWith(leader);
    const postId = await posted(leader, groupId, "For the group only");
    await react(leader, postId, "amen");
    for (const who of [stranger, admin]) {
      expectRefused(
        await who.client.call(talk.postReactions, { params: { id: postId } }),
        404,
        CONVERSATION_MESSAGES.postNotFound,
      );
    }
    expectRefused(await leader.client.call(talk.postReactions, { params: { id: postId + 1000 } }), 404);
  });

  it("leaves out the members she blocked and those who blocked her, the counts whole", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const susanna = await t.member({ firstName: "Susanna" });
    const haman = await t.member({ firstName: "Haman" });
    const jezebel = await t.member({ firstName: "Jezebel" });
    const lydia = await t.member({ firstName: "Lydia" });
    const groupId = await groupWith(leader, susanna, haman, jezebel, lydia);
    const postId = await posted(leader, groupId, "Thank you for the meal, everyone.");
    const hamansPost = await posted(haman, groupId, "Haman's post");
    for (const who of [haman, jezebel, lydia]) await react(who, postId, "heart");
    await succeeded(susanna.client.call(moderationEndpoints.block, { body: { userId: haman.id } }));
    await succeeded(jezebel.client.call(moderationEndpoints.block, { body: { userId: susanna.id } }));

    const seen = await reactors(susanna, postId);
    expect(names(seen.heart.people)).toEqual(["Lydia"]);
    expect(seen.heart.more).toBe(0);
    expect((await list(susanna, groupId)).find((p) => p.id === postId)!.reactions.heart).toBe(3);
    expect(names((await reactors(leader, postId)).heart.people)).toEqual(["Lydia", "Jezebel", "Haman"]);
    // A post she may not see has nobody to name either.
    expectRefused(await susanna.client.call(talk.postReactions, { params: { id: hamansPost } }), 404);
  });

  it("shows a member who keeps her profile to herself as “A member”, and by name to the group's leader", async () => {
    const leader = await t.member({ firstName: "Deborah" });
    const hadassah = await t.member({ firstName: "Hadassah", lastName: "Levi" });
    const fellow = await t.member({ firstName: "Phoebe" });
    const groupId = await groupWith(leader, hadassah, fellow);
    await t.database.pool.query("update users set profile_image_url = $1 where id = $2", [
      "https://example.test/hadassah.png",
      hadassah.id,
    ]);
    await succeeded(
      hadassah.client.call(profileEndpoints.updateSettings, { body: { showProfileToMembers: false } }),
    );
    const postId = await posted(fellow, groupId, "Psalm 23 tonight");
    await react(hadassah, postId, "praying");

    expect((await reactors(fellow, postId)).praying.people).toEqual([
      { id: hadassah.id, firstName: "A member", lastName: null, profileImageUrl: null },
    ]);
    expect((await reactors(leader, postId)).praying.people).toEqual([
      {
        id: hadassah.id,
        firstName: "Hadassah",
        lastName: "Levi",
        profileImageUrl: "https://example.test/hadassah.png",
      },
    ]);
  });

  it("names the newest fifty and counts the others", async () => {
    const leader = await t.member();
    const groupId = await groupWith(leader);
    const postId = await posted(leader, groupId, "So many amens");
    // Fifty-three earlier reactions, the latest the last written.
    await t.database.pool.query(
      `with many as (
        insert into users (email, first_name)
        select 'amen-' || n || '-' || $2 || '@example.test', 'Amen' || n from generate_series(1, 53) n
        returning id, first_name
      ), given as (
        insert into group_post_reactions (post_id, user_id, reaction, created_at)
        select $1, id, 'amen', now() - interval '1 hour' + substr(first_name, 5)::int * interval '1 second'
        from many returning post_id
      )
      update group_posts set amen_count = amen_count + (select count(*) from given) where id = $1`,
      [postId, String(postId)],
    );
    const seen = await reactors(leader, postId);
    expect(seen.amen.people).toHaveLength(50);
    expect(seen.amen.people[0]!.firstName).toBe("Amen53");
    expect(seen.amen.people.at(-1)!.firstName).toBe("Amen4");
    expect(seen.amen.more).toBe(3);
  });
});
