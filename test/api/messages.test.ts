import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { messagesEndpoints as api } from "../../src/core/messages/endpoints";
import {
  type ConversationSummary,
  MESSAGE_MAX,
  MESSAGES_TEXT,
  REPORT_CONTEXT_BEFORE,
  type StartConversationResult,
} from "../../src/core/messages/schemas";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { MODERATION_MESSAGES } from "../../src/core/moderation/schemas";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { mailDueNotifications, stillSeenByRecipient } from "../../src/server/features/notifications";
import {
  contextForFile,
  createTestContext,
  expectRefused,
  invalid,
  type Member,
  succeeded,
  type TestContext,
} from "../support/app";
import { openGroup, startGroup, startLocalGroup } from "../support/content";

const t = contextForFile();

/** A member of long standing: the first-day limits no longer apply to her. */
async function settled(overrides: { firstName?: string } = {}, ctx: TestContext = t) {
  const m = await ctx.member(overrides);
  await ctx.database.pool.query("update users set created_at = now() - interval '40 days' where id = $1", [
    m.id,
  ]);
  return m;
}

let siteAdmin: Member | undefined;
const administrator = async () => {
  siteAdmin ??= await t.admin();
  return siteAdmin;
};

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query<T>(text, values)).rows;

const startTo = (from: Member, to: Member | number, body = "Shalom! How are you?") =>
  from.client.call(api.start, { body: { memberId: typeof to === "number" ? to : to.id, body } });

const isConversation = (r: StartConversationResult): r is ConversationSummary => "id" in r;

/** Her first message to `to` opened the conversation at once: it is answered. */
async function opened(from: Member, to: Member, body?: string) {
  const res = await startTo(from, to, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (!isConversation(res.body)) throw new Error("expected a conversation");
  return res.body;
}

const send = (who: Member, conversationId: number, body: string) =>
  who.client.call(api.send, { params: { id: conversationId }, body: { body } });

const sent = async (who: Member, conversationId: number, body: string) =>
  (await succeeded(send(who, conversationId, body))).id;

const thread = (who: Member, conversationId: number) =>
  who.client.call(api.messages, { params: { id: conversationId } });

const listOf = async (who: Member) => succeeded(who.client.call(api.conversations));

const messageCount = async () =>
  Number((await query<{ n: string }>("select count(*) as n from direct_messages"))[0]!.n);

/** A conversation id from the pair of members, read from the database. */
const conversationBetween = async (a: Member, b: Member) => {
  const key = a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`;
  return (await query<{ id: number }>("select id from direct_conversations where pair_key = $1", [key]))[0]!
    .id;
};

async function walkTogether(mentor: Member, mentee: Member, status = "active") {
  await query(
    `insert into discipleship_connections (mentor_id, mentee_id, status, focus_areas, experience_level)
     values ($1, $2, $3, '{prayer}', 'growing')`,
    [mentor.id, mentee.id, status],
  );
}

/** A cultivation group both share: `leader` leads it, `member` joined it. */
async function shareGroup(leader: Member, member: Member) {
  const group = await openGroup(leader);
  await succeeded(member.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
}

const liveEvents = (channel: string, kind?: string) =>
  query<{ kind: string; payload: Record<string, unknown> }>(
    `select kind, payload from live_events where channel = $1 ${kind ? "and kind = $2" : ""} order by id`,
    kind ? [channel, kind] : [channel],
  );

const notices = (who: Member, kind: string) =>
  query<{ subject_id: number; read_at: Date | null }>(
    "select subject_id, read_at from notifications where user_id = $1 and kind = $2 order by id",
    [who.id, kind],
  );

describe("who may write to whom", () => {
  it("opens a conversation at once with her discipleship partner", async () => {
    const [mentor, mentee] = [await settled(), await settled()];
    await walkTogether(mentor, mentee);
    const c = await opened(mentee, mentor, "Thank you for Tuesday.");
    expect(c).toMatchObject({ status: "open", startedByMe: true, canSend: true, unreadCount: 0 });
    expect(c.other?.id).toBe(mentor.id);
    expect(c.lastMessage).toMatchObject({ body: "Thank you for Tuesday.", isMine: true });
  });

  it("makes a request of a message to a member whose connection is still pending", async () => {
    const [mentor, mentee] = [await settled(), await settled()];
    await walkTogether(mentor, mentee, "pending");
    const res = await startTo(mentee, mentor);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ requested: true });
  });

  it("opens a conversation with a fellow member of a cultivation group or a local group", async () => {
    const [leader, member, neighbour] = [await settled(), await settled(), await settled()];
    await shareGroup(leader, member);
    await opened(member, leader);
    const local = await startLocalGroup(leader, { requiresApproval: false });
    await succeeded(neighbour.client.call(localGroupsEndpoints.join, { params: { id: local.id } }));
    await opened(neighbour, leader);
  });

  it("does not count a request to join a group as membership", async () => {
    const [leader, asking] = [await settled(), await settled()];
    const group = await startGroup(leader);
    await succeeded(asking.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    expect((await startTo(asking, leader)).status).toBe(202);
  });

  it("lets the ministry's administrators write to any member", async () => {
    const admin = await administrator();
    const member = await settled();
    await opened(admin, member);
  });

  it("makes anyone else's first message a request the recipient sees with its sender", async () => {
    const [stranger, ruth] = [await settled({ firstName: "Salome" }), await settled()];
    const before = await messageCount();
    expect((await startTo(stranger, ruth, "I loved your reflection on Ruth 1.")).status).toBe(202);
    expect(await messageCount()).toBe(before + 1);
    const [request] = await listOf(ruth);
    expect(request).toMatchObject({ status: "requested", startedByMe: false, canSend: false });
    expect(request?.other).toMatchObject({ id: stranger.id, firstName: "Salome" });
    expect(request?.lastMessage?.body).toBe("I loved your reflection on Ruth 1.");
    expect(await succeeded(ruth.client.call(api.unreadCount))).toEqual({ count: 0, requests: 1 });
    expect(await notices(ruth, "message_request")).toHaveLength(1);
    expect(await liveEvents(`member:${ruth.id}`, "message_request")).toHaveLength(1);

    // While it waits she writes nothing more, whichever way she tries.
    expect((await startTo(stranger, ruth, "Hello again?")).status).toBe(202);
    expectRefused(await send(stranger, request!.id, "Are you there?"), 403, MESSAGES_TEXT.closed);
    expect(await messageCount()).toBe(before + 1);
  });

  it("refuses with 403 when she takes no requests, and still hears from her group", async () => {
    const [stranger, quiet, leader] = [await settled(), await settled(), await settled()];
    await succeeded(
      quiet.client.call(profileEndpoints.updateSettings, { body: { allowMessageRequests: false } }),
    );
    const profile = await succeeded(quiet.client.call(profileEndpoints.get));
    expect(profile.settings.allowMessageRequests).toBe(false);
    const before = await messageCount();
    expectRefused(await startTo(stranger, quiet), 403, MESSAGES_TEXT.requestsOff);
    expect(await messageCount()).toBe(before);
    await shareGroup(leader, quiet);
    await opened(leader, quiet);
  });
});

describe("requests", () => {
  it("opens for both when accepted", async () => {
    const [stranger, ruth] = [await settled(), await settled()];
    await startTo(stranger, ruth);
    const id = await conversationBetween(stranger, ruth);
    const accepted = await succeeded(ruth.client.call(api.accept, { params: { id } }));
    expect(accepted).toMatchObject({ status: "open", canSend: true });
    await sent(ruth, id, "Welcome, sister.");
    await sent(stranger, id, "Thank you!");
    expect(await liveEvents(`member:${stranger.id}`, "conversation")).toHaveLength(1);
    expectRefused(await ruth.client.call(api.accept, { params: { id } }), 409, MESSAGES_TEXT.notARequest);
  });

  it("is declined without its sender being told: it looks to her exactly like a waiting one", async () => {
    const [stranger, ruth, other] = [await settled(), await settled(), await settled()];
    await startTo(stranger, ruth, "Hello Ruth");
    await startTo(stranger, other, "Hello Ruth");
    const id = await conversationBetween(stranger, ruth);
    const otherId = await conversationBetween(stranger, other);
    const seenBefore = await succeeded(thread(stranger, id));
    expect((await ruth.client.call(api.decline, { params: { id } })).status).toBe(204);

    const afterDecline = await succeeded(thread(stranger, id));
    const stillWaiting = await succeeded(thread(stranger, otherId));
    expect(afterDecline.conversation).toEqual(seenBefore.conversation);
    const shape = ({ id: _, other: __, lastMessage: ___, ...rest }: ConversationSummary) => rest;
    expect(shape(afterDecline.conversation)).toEqual(shape(stillWaiting.conversation));
    expect(afterDecline.conversation.status).toBe("requested");
    expect((await startTo(stranger, ruth, "Another try")).status).toBe(202);
    expectRefused(await send(stranger, id, "Hello?"), 403, MESSAGES_TEXT.closed);
    expect(await liveEvents(`member:${stranger.id}`, "conversation")).toEqual([]);
    expect(await query("select 1 from notifications where user_id = $1", [stranger.id])).toEqual([]);

    // It leaves the decliner's list and her count.
    expect((await listOf(ruth)).map((c) => c.id)).not.toContain(id);
    expect(await succeeded(ruth.client.call(api.unreadCount))).toEqual({ count: 0, requests: 0 });
    expectRefused(await ruth.client.call(api.decline, { params: { id } }), 409, MESSAGES_TEXT.notARequest);

    // Coming to share a group later does not open what she declined.
    await shareGroup(ruth, stranger);
    const before = await messageCount();
    expect((await startTo(stranger, ruth, "We're in the same group now!")).status).toBe(202);
    expect(await messageCount()).toBe(before);
  });
});

describe("blocks and suspensions", () => {
  it("closes the conversation both ways, and it leaves the blocker's list", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b);
    await succeeded(b.client.call(moderationEndpoints.block, { body: { userId: a.id } }));
    expectRefused(await send(a, c.id, "Hello?"), 403, MESSAGES_TEXT.closed);
    expectRefused(await send(b, c.id, "Hello?"), 403, MESSAGES_TEXT.closed);
    expectRefused(await startTo(a, b), 403, MESSAGES_TEXT.closed);
    expect((await listOf(b)).map((x) => x.id)).not.toContain(c.id);
    const seenByA = (await listOf(a)).find((x) => x.id === c.id);
    expect(seenByA?.canSend).toBe(false);
  });

  it("keeps a suspended member from sending", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b);
    await query("update users set suspended_until = now() + interval '1 day' where id = $1", [a.id]);
    expectRefused(await send(a, c.id, "Still here"), 403, MESSAGES_TEXT.suspended);
    expectRefused(await startTo(a, b), 403, MESSAGES_TEXT.suspended);
  });
});

describe("nobody else reads a conversation", () => {
  it("answers 404 to anyone outside it, the administrators included, for all of it", async () => {
    const [a, b, outsider] = [await settled(), await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "Between us.");
    const messageId = c.lastMessage!.id;
    for (const who of [outsider, await administrator()]) {
      expect((await thread(who, c.id)).status).toBe(404);
      expect((await send(who, c.id, "Hi")).status).toBe(404);
      expect((await who.client.call(api.read, { params: { id: c.id }, body: { messageId } })).status).toBe(
        404,
      );
      expect((await who.client.call(api.accept, { params: { id: c.id } })).status).toBe(404);
      expect((await who.client.call(api.decline, { params: { id: c.id } })).status).toBe(404);
      expect(
        (await who.client.call(api.edit, { params: { id: messageId }, body: { body: "x" } })).status,
      ).toBe(404);
      expect((await who.client.call(api.remove, { params: { id: messageId } })).status).toBe(404);
      const report = await who.client.call(moderationEndpoints.report, {
        body: { targetType: "message", targetId: messageId, reason: "unkind" },
      });
      expect(report.status).toBe(404);
      expect((await listOf(who)).map((x) => x.id)).not.toContain(c.id);
    }
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b);
    const before = await messageCount();
    expectRefused(await startTo(a, a), 400, MESSAGES_TEXT.notYourself);
    expectRefused(await startTo(a, b, "   "), 400, MESSAGES_TEXT.bodyRequired);
    expect((await startTo(a, b, "x".repeat(MESSAGE_MAX + 1))).status).toBe(400);
    expect((await send(a, c.id, "")).status).toBe(400);
    expect((await send(a, c.id, "x".repeat(MESSAGE_MAX + 1))).status).toBe(400);
    expect((await a.client.call(api.start, { body: invalid({ memberId: "her" }) })).status).toBe(400);
    expectRefused(await startTo(a, 2_000_000_000), 404, MESSAGES_TEXT.memberNotFound);
    expect(await messageCount()).toBe(before);
    expect((await send(a, c.id, "x".repeat(MESSAGE_MAX))).status).toBe(201);
  });
});

describe("unread counts and read receipts", () => {
  it("counts her unread messages, and tells the other how far she read", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "One");
    const second = await sent(a, c.id, "Two");
    const third = await sent(a, c.id, "Three");
    expect(await succeeded(b.client.call(api.unreadCount))).toEqual({ count: 3, requests: 0 });
    expect((await listOf(b)).find((x) => x.id === c.id)?.unreadCount).toBe(3);
    expect(await notices(b, "message")).toHaveLength(3);
    expect((await liveEvents(`member:${b.id}`, "message")).at(-1)?.payload).toEqual({
      conversationId: c.id,
      messageId: third,
    });

    await b.client.call(api.read, { params: { id: c.id }, body: { messageId: second } });
    expect(await succeeded(b.client.call(api.unreadCount))).toEqual({ count: 1, requests: 0 });
    expect((await notices(b, "message")).map((n) => n.read_at !== null)).toEqual([true, true, false]);
    expect((await succeeded(thread(a, c.id))).seenUpTo).toBe(second);
    expect((await liveEvents(`member:${a.id}`, "read")).at(-1)?.payload).toEqual({
      conversationId: c.id,
      messageId: second,
    });
    // Reading back never moves the mark back.
    await b.client.call(api.read, { params: { id: c.id }, body: { messageId: third } });
    await b.client.call(api.read, { params: { id: c.id }, body: { messageId: second } });
    expect(await succeeded(b.client.call(api.unreadCount))).toEqual({ count: 0, requests: 0 });
    expect((await succeeded(thread(a, c.id))).seenUpTo).toBe(third);
    const stranger = await settled();
    const elsewhere = await opened(await administrator(), stranger);
    expectRefused(
      await b.client.call(api.read, { params: { id: c.id }, body: { messageId: elsewhere.lastMessage!.id } }),
      404,
      MESSAGES_TEXT.messageNotFound,
    );
  });

  it("counts, tells and lists each of many messages sent at the same moment, in one conversation and in several", async () => {
    const [a, b, c, d] = [await settled(), await settled(), await settled(), await settled()];
    await walkTogether(a, b);
    await walkTogether(c, d);
    const ab = await opened(a, b, "One");
    const cd = await opened(c, d, "One");
    await b.client.call(api.read, { params: { id: ab.id }, body: { messageId: ab.lastMessage!.id } });
    await d.client.call(api.read, { params: { id: cd.id }, body: { messageId: cd.lastMessage!.id } });
    // Both members of each pair write at once, several times over.
    const writes = [1, 2, 3, 4].flatMap((n) => [
      succeeded(send(a, ab.id, `a${n}`)),
      succeeded(send(b, ab.id, `b${n}`)),
      succeeded(send(c, cd.id, `c${n}`)),
      succeeded(send(d, cd.id, `d${n}`)),
    ]);
    const written = await Promise.all(writes);
    expect(written.map((m) => m.body)).toEqual(
      [1, 2, 3, 4].flatMap((n) => [`a${n}`, `b${n}`, `c${n}`, `d${n}`]),
    );
    expect(written.every((m) => m.isMine)).toBe(true);
    expect(new Set(written.map((m) => m.id)).size).toBe(16);

    for (const [who, conversation, other] of [
      [a, ab, b],
      [b, ab, a],
      [c, cd, d],
      [d, cd, c],
    ] as const) {
      expect((await listOf(who)).find((x) => x.id === conversation.id)?.unreadCount).toBe(4);
      expect((await notices(who, "message")).length).toBe(who === b || who === d ? 5 : 4);
      const mine = written.filter((m) => m.conversationId === conversation.id);
      const newest = Math.max(...mine.map((m) => m.id));
      expect((await listOf(other)).find((x) => x.id === conversation.id)?.lastMessage?.id).toBe(newest);
      expect(
        (await liveEvents(`member:${who.id}`, "message")).map((e) => e.payload.messageId).sort(),
      ).toEqual([conversation.lastMessage!.id, ...mine.map((m) => m.id)].sort());
    }
    expect((await succeeded(thread(b, ab.id))).messages.map((m) => m.body).sort()).toEqual(
      ["One", "a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4"].sort(),
    );
  });

  it("lists her conversations newest first, a page at a time", async () => {
    const [me, x, y, z] = [await settled(), await settled(), await settled(), await settled()];
    for (const other of [x, y, z]) await walkTogether(me, other);
    const cx = await opened(me, x);
    const cy = await opened(me, y);
    const cz = await opened(me, z);
    await sent(x, cx.id, "Newest of all");
    const first = await succeeded(me.client.call(api.conversations, { query: { limit: 2 } }));
    expect(first.map((c) => c.id)).toEqual([cx.id, cz.id]);
    const next = await succeeded(
      me.client.call(api.conversations, { query: { limit: 2, before: first.at(-1)!.lastMessage!.id } }),
    );
    expect(next.map((c) => c.id)).toEqual([cy.id]);
  });
});

describe("her own messages", () => {
  it("are edited within 15 minutes (marked edited), and no later", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "Typo hre");
    const id = c.lastMessage!.id;
    const edited = await succeeded(a.client.call(api.edit, { params: { id }, body: { body: "Typo here" } }));
    expect(edited.body).toBe("Typo here");
    expect(edited.editedAt).not.toBeNull();
    expectRefused(
      await b.client.call(api.edit, { params: { id }, body: { body: "Mine now" } }),
      403,
      MESSAGES_TEXT.onlySender,
    );
    expect(await liveEvents(`member:${b.id}`, "message_changed")).toHaveLength(1);
    await query("update direct_messages set created_at = now() - interval '16 minutes' where id = $1", [id]);
    expectRefused(
      await a.client.call(api.edit, { params: { id }, body: { body: "Later" } }),
      403,
      MESSAGES_TEXT.editWindow,
    );
  });

  it("are deleted by their sender: the row stays and reads deleted for both", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "Something I regret");
    const id = c.lastMessage!.id;
    expectRefused(await b.client.call(api.remove, { params: { id } }), 403, MESSAGES_TEXT.onlySender);
    expect((await a.client.call(api.remove, { params: { id } })).status).toBe(204);
    const seen = await succeeded(thread(b, c.id));
    expect(seen.messages).toEqual([expect.objectContaining({ id, body: "", deletedAt: expect.any(String) })]);
    expect(
      (await query<{ content: string }>("select content from direct_messages where id = $1", [id]))[0]
        ?.content,
    ).toBe("");
    expectRefused(
      await a.client.call(api.edit, { params: { id }, body: { body: "Again" } }),
      403,
      MESSAGES_TEXT.deleted,
    );
  });

  it("travel in her data export, and stay with the other when her account is deleted", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "Remember me kindly");
    await sent(b, c.id, "Always.");
    const exported = await succeeded(a.client.call(profileEndpoints.export));
    expect(exported.messages.map((m) => m.content)).toEqual(["Remember me kindly"]);
    await succeeded(a.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } }));
    const kept = await succeeded(thread(b, c.id));
    expect(kept.conversation).toMatchObject({ other: null, canSend: false });
    expect(kept.messages.map((m) => [m.body, m.isMine])).toEqual([
      ["Remember me kindly", false],
      ["Always.", true],
    ]);
    expect((await listOf(b)).map((x) => x.id)).toContain(c.id);
    expectRefused(await send(b, c.id, "Hello?"), 403, MESSAGES_TEXT.closed);
  });
});

describe("reports", () => {
  it("carry the reported message and up to 10 before it to the moderators, and hide nothing", async () => {
    const [a, b] = [await settled({ firstName: "Jael" }), await settled({ firstName: "Miriam" })];
    await walkTogether(a, b);
    const c = await opened(a, b, "m1");
    const ids = [c.lastMessage!.id];
    for (let i = 2; i <= 14; i++) ids.push(await sent(i % 2 ? a : b, c.id, `m${i}`));
    const reported = ids[12]!;
    expectRefused(
      await b.client.call(moderationEndpoints.report, {
        body: { targetType: "message", targetId: ids[11]!, reason: "unkind" },
      }),
      400,
      MODERATION_MESSAGES.ownContent,
    );
    const report = await b.client.call(moderationEndpoints.report, {
      body: { targetType: "message", targetId: reported, reason: "unkind" },
    });
    expect(report.status).toBe(202);
    // Later changes leave what the report carried as it was.
    await a.client.call(api.edit, { params: { id: reported }, body: { body: "changed afterwards" } });

    const queue = await succeeded((await administrator()).client.call(moderationEndpoints.adminReports));
    const item = queue.find((i) => i.targetType === "message" && i.targetId === reported)!;
    expect(item.context?.map((m) => m.id)).toEqual(ids.slice(12 - REPORT_CONTEXT_BEFORE, 13));
    expect(item.context?.at(-1)).toMatchObject({
      body: "m13",
      sender: expect.stringContaining("Jael"),
      byReporter: false,
    });
    expect(item.context?.some((m) => m.body === "m14")).toBe(false);
    expect(item.author?.id).toBe(a.id);

    // Not hidden: the conversation still reads it, to both.
    expect((await succeeded(thread(b, c.id))).messages.map((m) => m.id)).toContain(reported);
  });

  it("are removed by the moderators: the message's words go", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "Something unkind");
    const id = c.lastMessage!.id;
    await b.client.call(moderationEndpoints.report, {
      body: { targetType: "message", targetId: id, reason: "unkind" },
    });
    const admin = await administrator();
    const item = (await succeeded(admin.client.call(moderationEndpoints.adminReports))).find(
      (i) => i.targetType === "message" && i.targetId === id,
    )!;
    await succeeded(
      admin.client.call(moderationEndpoints.adminRemove, {
        params: { id: item.id },
        body: { reason: "Harassment" },
      }),
    );
    const seen = await succeeded(thread(b, c.id));
    expect(seen.messages.find((m) => m.id === id)).toMatchObject({ body: "", deletedAt: expect.any(String) });
  });
});

describe("notices of messages", () => {
  it("are delivered only while the conversation is still hers to read", async () => {
    const [a, b] = [await settled(), await settled()];
    await walkTogether(a, b);
    const c = await opened(a, b, "First");
    const second = await sent(a, c.id, "Second");
    const deliverable = async () => {
      const { rows } = await t.database.db.execute<{ dedupe_key: string }>(sql`select n.dedupe_key
        from notifications n where n.user_id = ${b.id} and n.kind = 'message' and ${stillSeenByRecipient}
        order by n.id`);
      return rows.map((r) => Number(r.dedupe_key));
    };
    expect(await deliverable()).toEqual([c.lastMessage!.id, second]);
    await a.client.call(api.remove, { params: { id: second } });
    expect(await deliverable()).toEqual([c.lastMessage!.id]);
    await succeeded(a.client.call(moderationEndpoints.block, { body: { userId: b.id } }));
    expect(await deliverable()).toEqual([]);
  });

  it("mail one message per conversation an hour at most, without her words", async () => {
    const [a, b] = [await settled({ firstName: "Anna" }), await settled()];
    await t.verify(b);
    await walkTogether(a, b);
    const c = await opened(a, b, "A secret only for you");
    await sent(a, c.id, "And another");
    const inTen = new Date(Date.now() + 10 * 60_000);
    await mailDueNotifications(t.app.db, t.config, inTen);
    const mails = (await t.queuedMails(b.email)).filter((m) => m.subject.includes("message"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Anna sent you a message");
    expect(mails[0]!.text).not.toContain("secret");

    await sent(a, c.id, "A third");
    await mailDueNotifications(t.app.db, t.config, new Date(Date.now() + 20 * 60_000));
    expect((await t.queuedMails(b.email)).filter((m) => m.subject.includes("message"))).toHaveLength(1);
  });
});

describe("limits", () => {
  it("lets a member send 30 messages a minute, and tells her kindly past that", async () => {
    const limited = await createTestContext({ MESSAGE_RATE_LIMIT: "2" });
    try {
      const [a, b] = [await settled({}, limited), await settled({}, limited)];
      await limited.database.pool.query(
        `insert into discipleship_connections (mentor_id, mentee_id, status, focus_areas, experience_level)
         values ($1, $2, 'active', '{prayer}', 'growing')`,
        [a.id, b.id],
      );
      const first = await a.client.call(api.start, { body: { memberId: b.id, body: "One" } });
      expect(first.status).toBe(201);
      const id = (first.body as ConversationSummary).id;
      expect((await a.client.call(api.send, { params: { id }, body: { body: "Two" } })).status).toBe(201);
      expectRefused(
        await a.client.call(api.send, { params: { id }, body: { body: "Three" } }),
        429,
        MESSAGES_TEXT.tooFast,
      );
    } finally {
      await limited.close();
    }
  });

  it("lets a new member start 3 conversations on her first day", async () => {
    const newcomer = await t.member();
    for (let i = 0; i < 3; i++) expect((await startTo(newcomer, await settled())).status).toBe(202);
    const fourth = await startTo(newcomer, await settled());
    expectRefused(fourth, 429, MESSAGES_TEXT.firstDay(3));
  });
});
