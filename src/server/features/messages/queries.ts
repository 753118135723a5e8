import { type SQL, sql } from "drizzle-orm";
import type { ConversationStatus } from "../../../core/messages/limits";
import {
  type ConversationState,
  conversationBlocked,
  hasBlocked,
  personColumnsSeenBy,
  sendsIn,
  statementViewer,
  type Viewer,
  type ViewerColumns,
  writesDirectlyTo,
} from "../../auth/policies";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { preparedStatement, statementsBy, statementText } from "../../db/prepared";
import { liveInsert } from "../../live/publish";
import { notificationInsert } from "../notifications";

type Conn = Db | Tx;

/** One conversation per pair of members, whoever wrote first. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: string | Date | null) => (value === null ? null : toDate(value));

// --- Who she writes to ------------------------------------------------------------------------

export interface Recipient {
  id: number;
  takesRequests: boolean;
  direct: boolean;
  blocked: boolean;
  /** The writer is suspended now. */
  writerSuspended: boolean;
}

/** The member she writes to, and what ties them, in one statement; nothing when there is no such member. */
export async function findRecipient(db: Conn, viewer: Viewer, recipientId: number) {
  const { rows } = await db.execute<{
    id: number;
    takes_requests: boolean;
    direct: boolean;
    blocked: boolean;
    writer_suspended: boolean;
  }>(sql`select u.id,
      coalesce(u.settings -> 'allowMessageRequests' <> 'false'::jsonb, true) as takes_requests,
      ${writesDirectlyTo(viewer, sql`u.id`)} as direct,
      ${conversationBlocked(viewer.id, sql`u.id`)} as blocked,
      coalesce((select w.suspended_until > now() from users w where w.id = ${viewer.id}), false) as writer_suspended
    from users u where u.id = ${recipientId}`);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      takesRequests: row.takes_requests,
      direct: row.direct,
      blocked: row.blocked,
      writerSuspended: row.writer_suspended,
    }
  );
}

// --- Conversations ----------------------------------------------------------------------------

export interface ConversationRow {
  id: number;
  status: ConversationStatus;
  startedBy: number | null;
}

/** The pair's conversation, locked until the transaction ends (messages to it queue), or nothing. */
export async function findByPair(tx: Tx, pairKey: string) {
  const { rows } = await tx.execute<{ id: number; status: ConversationStatus; started_by: number | null }>(
    sql`select id, status, started_by from direct_conversations where pair_key = ${pairKey} for update`,
  );
  const row = rows[0];
  return row && { id: row.id, status: row.status, startedBy: row.started_by };
}

/**
 * A new conversation between the two, with a row for each; nothing when one was made meanwhile (the
 * caller reads it back with `findByPair`).
 */
export async function insertConversation(
  tx: Tx,
  pairKey: string,
  status: ConversationStatus,
  startedBy: number,
  otherId: number,
) {
  const { rows } = await tx.execute<{ id: number }>(sql`with c as (
      insert into direct_conversations (pair_key, status, started_by) values (${pairKey}, ${status}, ${startedBy})
      on conflict (pair_key) do nothing returning id
    ), members as (
      insert into direct_conversation_members (conversation_id, user_id)
      select c.id, u.id from c cross join (values (${startedBy}::int), (${otherId}::int)) as u(id)
    )
    select id from c`);
  return rows[0]?.id;
}

export async function setStatus(tx: Tx, conversationId: number, status: ConversationStatus) {
  await tx.execute(sql`update direct_conversations set status = ${status} where id = ${conversationId}`);
}

/** Her place in a conversation, with the conversation and the other member, locked; nothing when she has none. */
export async function findMembership(tx: Tx, conversationId: number, memberId: number) {
  const { rows } = await tx.execute<{
    id: number;
    status: ConversationStatus;
    started_by: number | null;
    last_read_message_id: number;
    other_id: number | null;
    blocked: boolean;
    suspended: boolean;
  }>(sql`select c.id, c.status, c.started_by, cm.last_read_message_id, o.user_id as other_id,
      coalesce(${conversationBlocked(memberId, sql`o.user_id`)}, false) as blocked,
      coalesce((select w.suspended_until > now() from users w where w.id = ${memberId}), false) as suspended
    from direct_conversation_members cm
      join direct_conversations c on c.id = cm.conversation_id
      left join direct_conversation_members o on o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id
    where cm.conversation_id = ${conversationId} and cm.user_id = ${memberId}
    for update of c, cm`);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      status: row.status,
      startedBy: row.started_by,
      lastReadMessageId: row.last_read_message_id,
      otherId: row.other_id,
      blocked: row.blocked,
      suspended: row.suspended,
    }
  );
}

// --- Messages ---------------------------------------------------------------------------------

interface MessageRowSql extends Record<string, unknown> {
  id: number;
  conversation_id: number;
  sender_id: number | null;
  content: string;
  created_at: string | Date;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
}

const messageOf = (row: MessageRowSql, viewerId: number) => ({
  id: row.id,
  conversationId: row.conversation_id,
  body: row.deleted_at === null ? row.content : "",
  isMine: row.sender_id === viewerId,
  createdAt: toDate(row.created_at),
  editedAt: toDateOrNull(row.edited_at),
  deletedAt: toDateOrNull(row.deleted_at),
});
export type MessageResult = ReturnType<typeof messageOf>;

/**
 * What a new message moves, as parts of the statement's WITH that writes the rows `messages`: the
 * conversation's newest message, each member's copy of it (her list's order), and the other's
 * unread count. One message per conversation in a statement: an UPDATE … FROM moves a row once.
 */
const countersMovedBy = (messages: string) => {
  const m = sql.identifier(messages);
  return sql`moved_conversation as (
      update direct_conversations c set last_message_id = m.id from ${m} m where c.id = m.conversation_id
    ), moved_members as (
      update direct_conversation_members cm set last_message_id = m.id,
        unread_count = cm.unread_count + (case when cm.user_id = m.sender_id then 0 else 1 end)
      from ${m} m where cm.conversation_id = m.conversation_id
    )`;
};

/** Adds her message and moves the counters in the same statement (`countersMovedBy`). */
export async function insertMessage(tx: Tx, conversationId: number, senderId: number, body: string) {
  const { rows } = await tx.execute<MessageRowSql>(sql`with m as (
      insert into direct_messages (conversation_id, sender_id, content)
      values (${conversationId}, ${senderId}, ${body})
      returning id, conversation_id, sender_id, content, created_at, edited_at, deleted_at
    ), ${countersMovedBy("m")}
    select * from m`);
  return messageOf(rows[0]!, senderId);
}

/** A message to send: her id, the conversation, her words. */
export interface OutgoingMessage {
  senderId: number;
  conversationId: number;
  body: string;
}

/** What became of a message sent: her place in the conversation as the rules read it (none outside her conversations), and the message when written. */
export interface SendOutcome {
  place: ConversationState | null;
  message: MessageResult | null;
}

type SendRowSql = Partial<MessageRowSql> & {
  status: ConversationStatus | null;
  other_id: number | null;
  blocked: boolean | null;
  suspended: boolean | null;
};

/**
 * Messages in several conversations, one statement: each sender's place in her conversation, as
 * `findMembership` reads it and locked as it locks it (in the conversations' order, so two
 * statements never wait on each other), and her message written only where `sendsIn` holds; in
 * the same statement the counters move, the other member is told, and both members' live streams
 * hear of it. $1 the conversations, $2 the senders, $3 the words.
 */
const sendStatement = preparedStatement<SendRowSql, [number[], number[], string[]]>(
  "direct_messages_send",
  statementText(sql`with input as (
      select * from unnest($1::int[], $2::int[], $3::text[]) with ordinality as t(conversation_id, sender_id, content, ord)
    ), place as (
      select i.ord, i.conversation_id, i.sender_id, i.content, c.status, o.user_id as other_id,
        coalesce(${conversationBlocked(sql.raw("i.sender_id"), sql.raw("o.user_id"))}, false) as blocked,
        coalesce((select w.suspended_until > now() from users w where w.id = i.sender_id), false) as suspended
      from input i
        join direct_conversation_members cm on cm.conversation_id = i.conversation_id and cm.user_id = i.sender_id
        join direct_conversations c on c.id = cm.conversation_id
        left join direct_conversation_members o on o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id
      order by i.conversation_id
      for update of c, cm
    ), m as (
      insert into direct_messages (conversation_id, sender_id, content)
      select p.conversation_id, p.sender_id, p.content from place p
      where ${sendsIn({
        status: sql.raw("p.status"),
        otherId: sql.raw("p.other_id"),
        blocked: sql.raw("p.blocked"),
        suspended: sql.raw("p.suspended"),
      })}
      returning id, conversation_id, sender_id, content, created_at, edited_at, deleted_at
    ), ${countersMovedBy("m")}, sent as (
      select m.*, p.other_id from m join place p on p.conversation_id = m.conversation_id
    ), told as (
      ${notificationInsert("message", {
        each: sql`select s.other_id, s.conversation_id, s.sender_id, null::text, s.id from sent s`,
        keyed: true,
      })}
    ), live as (
      ${liveInsert(sql`select 'member:' || a.member_id, 'message',
        jsonb_build_object('conversationId', s.conversation_id, 'messageId', s.id)
        from sent s cross join lateral (values (s.sender_id), (s.other_id)) a(member_id)`)}
    )
    select p.status, p.other_id, p.blocked, p.suspended,
      m.id, m.conversation_id, m.sender_id, m.content, m.created_at, m.edited_at, m.deleted_at
    from input i
      left join place p on p.ord = i.ord
      left join m on m.conversation_id = p.conversation_id
    order by i.ord`),
);

/**
 * Sends messages: those sent at the same moment leave together (`sendStatement`), one round trip
 * and one commit for all of them; two in one conversation never share a statement.
 */
export const sendMessage = batchedStatement(
  async (db: Db, inputs: OutgoingMessage[]): Promise<SendOutcome[]> => {
    const rows = await sendStatement(
      db,
      inputs.map((m) => m.conversationId),
      inputs.map((m) => m.senderId),
      inputs.map((m) => m.body),
    );
    return rows.map((row, i) => ({
      place:
        row.status === null
          ? null
          : {
              status: row.status,
              otherGone: row.other_id === null,
              blocked: row.blocked ?? false,
              suspended: row.suspended ?? false,
            },
      message: row.id == null ? null : messageOf(row as MessageRowSql, inputs[i]!.senderId),
    }));
  },
  { apart: (m) => String(m.conversationId) },
);

/** A message with what the rules need of it, for one of its conversation's members; nothing for anyone else. */
export async function findMessageFor(tx: Tx, messageId: number, memberId: number) {
  const { rows } = await tx.execute<
    MessageRowSql & {
      status: ConversationStatus;
      other_id: number | null;
      blocked: boolean;
      suspended: boolean;
    }
  >(sql`select m.id, m.conversation_id, m.sender_id, m.content, m.created_at, m.edited_at, m.deleted_at,
      c.status, o.user_id as other_id,
      coalesce(${conversationBlocked(memberId, sql`o.user_id`)}, false) as blocked,
      coalesce((select w.suspended_until > now() from users w where w.id = ${memberId}), false) as suspended
    from direct_messages m
      join direct_conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${memberId}
      join direct_conversations c on c.id = m.conversation_id
      left join direct_conversation_members o on o.conversation_id = m.conversation_id and o.user_id <> cm.user_id
    where m.id = ${messageId}
    for update of m`);
  const row = rows[0];
  return (
    row && {
      ...messageOf(row, memberId),
      senderId: row.sender_id,
      status: row.status,
      otherId: row.other_id,
      blocked: row.blocked,
      suspended: row.suspended,
    }
  );
}

export async function editMessage(tx: Tx, messageId: number, viewerId: number, body: string) {
  const { rows } =
    await tx.execute<MessageRowSql>(sql`update direct_messages set content = ${body}, edited_at = now()
    where id = ${messageId}
    returning id, conversation_id, sender_id, content, created_at, edited_at, deleted_at`);
  return messageOf(rows[0]!, viewerId);
}

/** The row stays, without its words: it reads "Message deleted" to both. */
export async function clearMessage(db: Conn, messageId: number) {
  const { rows } = await db.execute<{ conversation_id: number }>(sql`update direct_messages
    set content = '', deleted_at = coalesce(deleted_at, now())
    where id = ${messageId} returning conversation_id`);
  return rows[0]?.conversation_id;
}

/** Whether the message is one of the conversation's. */
export async function messageInConversation(tx: Tx, messageId: number, conversationId: number) {
  const { rows } = await tx.execute(
    sql`select 1 from direct_messages where id = ${messageId} and conversation_id = ${conversationId}`,
  );
  return rows.length > 0;
}

/**
 * She has read up to `messageId`: her mark moves forward (never back) and her unread count becomes
 * what is left after it, counted on the conversation's index.
 */
export async function markRead(tx: Tx, conversationId: number, memberId: number, messageId: number) {
  await tx.execute(sql`update direct_conversation_members cm
    set last_read_message_id = greatest(cm.last_read_message_id, ${messageId}),
      unread_count = (select count(*)::int from direct_messages m
        where m.conversation_id = cm.conversation_id and m.id > greatest(cm.last_read_message_id, ${messageId})
          and m.sender_id is distinct from cm.user_id)
    where cm.conversation_id = ${conversationId} and cm.user_id = ${memberId}`);
}

/**
 * Her notices of this conversation's messages up to `upTo` (all without it), and of its request, are read: she
 * has it open, so push (which skips read notices) and mail leave them.
 */
export async function markNoticesRead(tx: Tx, conversationId: number, memberId: number, upTo?: number) {
  const told = upTo === undefined ? sql`true` : sql`dedupe_key::int <= ${upTo}`;
  await tx.execute(sql`update notifications set read_at = now()
    where user_id = ${memberId} and read_at is null and subject_id = ${conversationId}
      and ((kind = 'message' and ${told}) or kind = 'message_request')`);
}

// --- Her list and a thread --------------------------------------------------------------------

interface SummaryRowSql extends Record<string, unknown> {
  id: number;
  status: ConversationStatus;
  started_by: number | null;
  unread_count: number;
  other_id: number | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  blocked: boolean;
  suspended: boolean;
  last: MessageRowSql | null;
}

/**
 * The columns of a conversation as she sees it, from `cm` (her row), `c`, `o` (the other's row, if
 * any) and `ou` (the other's account): the other as her settings allow, whether a block stands, and
 * the newest message as JSON.
 */
const summaryColumns = (viewer: Viewer | ViewerColumns) => {
  const person = personColumnsSeenBy(viewer, "ou");
  return sql`c.id, c.status, c.started_by, cm.unread_count, o.user_id as other_id,
    ${person.firstName} as first_name, ${person.lastName} as last_name,
    ${person.profileImageUrl} as profile_image_url,
    coalesce(${conversationBlocked(viewer.id, sql`o.user_id`)}, false) as blocked,
    coalesce((select w.suspended_until > now() from users w where w.id = ${viewer.id}), false) as suspended,
    (select row_to_json(lm) from (select m.id, m.conversation_id, m.sender_id, m.content, m.created_at,
        m.edited_at, m.deleted_at from direct_messages m where m.id = c.last_message_id) lm) as last`;
};

const summaryFrom = sql`direct_conversation_members cm
  join direct_conversations c on c.id = cm.conversation_id
  left join direct_conversation_members o on o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id
  left join users ou on ou.id = o.user_id`;

/** What leaves her list: a request she declined, and a conversation with a member she blocked. */
const keptInList = (viewerId: number | SQL) =>
  sql`not (c.status = 'declined' and c.started_by is distinct from ${viewerId})
    and (o.user_id is null or not ${hasBlocked(viewerId, sql`o.user_id`)})`;

const summaryOf = (row: SummaryRowSql, viewer: Viewer) => ({
  id: row.id,
  status: row.status,
  startedBy: row.started_by,
  unreadCount: row.unread_count,
  other:
    row.other_id === null
      ? null
      : {
          id: row.other_id,
          firstName: row.first_name,
          lastName: row.last_name,
          profileImageUrl: row.profile_image_url,
        },
  blocked: row.blocked,
  suspended: row.suspended,
  lastMessage: row.last ? messageOf(row.last, viewer.id) : null,
});
export type SummaryRow = ReturnType<typeof summaryOf>;

// Her list and a thread are read on every visit to messages, and from every tab whenever something
// arrives: each is a prepared statement (`preparedStatement`), planned once per connection. Her id
// is $1, whether she is an administrator and the page's size are written into the text (see
// `pageStatement` of the group conversation for why a limit is not a parameter).

/** $1 her id, $2 the cursor on later pages. */
const listStatement = statementsBy((first: boolean, isAdmin: boolean, limit: number) =>
  preparedStatement<SummaryRowSql, [viewerId: number, before?: number]>(
    `conversations_page_${first ? "first" : "next"}${isAdmin ? "_admin" : ""}_${limit}`,
    statementText(sql`select ${summaryColumns(statementViewer(isAdmin))}
      from ${summaryFrom}
      where cm.user_id = $1::int and ${keptInList(sql.raw("$1::int"))}
        ${first ? sql`` : sql.raw("and cm.last_message_id < $2::int")}
      order by cm.last_message_id desc
      limit ${sql.raw(String(Math.trunc(limit)))}`),
  ),
);

/**
 * A page of her conversations, newest message first: one range of her rows on
 * (user_id, last_message_id desc), each joined by primary key; `before` is a conversation's newest
 * message id.
 */
export async function listConversations(db: Db, viewer: Viewer, page: { limit: number; before?: number }) {
  const first = page.before === undefined;
  const statement = listStatement(first, viewer.isAdmin, page.limit);
  const rows = await (first ? statement(db, viewer.id) : statement(db, viewer.id, page.before));
  return rows.map((row) => summaryOf(row, viewer));
}

/** $1 her id, $2 the conversation. */
const summaryStatements = [false, true].map((isAdmin) =>
  preparedStatement<SummaryRowSql, [viewerId: number, conversationId: number]>(
    `conversation_summary${isAdmin ? "_admin" : ""}`,
    statementText(sql`select ${summaryColumns(statementViewer(isAdmin))}
      from ${summaryFrom} where cm.conversation_id = $2::int and cm.user_id = $1::int`),
  ),
);

/** One conversation of hers as her list shows it; nothing when she is not in it. */
export async function findSummary(db: Conn, viewer: Viewer, conversationId: number) {
  const [row] = await summaryStatements[viewer.isAdmin ? 1 : 0]!(db, viewer.id, conversationId);
  return row && summaryOf(row, viewer);
}

/** $1 her id, $2 the conversation, $3 the cursor on later pages. */
const threadStatement = statementsBy((first: boolean, isAdmin: boolean, limit: number) =>
  preparedStatement<
    SummaryRowSql & { messages: MessageRowSql[]; seen_up_to: number | null },
    [viewerId: number, conversationId: number, before?: number]
  >(
    `conversation_thread_${first ? "first" : "next"}${isAdmin ? "_admin" : ""}_${limit}`,
    statementText(sql`select ${summaryColumns(statementViewer(isAdmin))},
      (select coalesce(json_agg(p order by p.id), '[]'::json) from (
        select m.id, m.conversation_id, m.sender_id, m.content, m.created_at, m.edited_at, m.deleted_at
        from direct_messages m
        where m.conversation_id = c.id ${first ? sql`` : sql.raw("and m.id < $3::int")}
        order by m.id desc limit ${sql.raw(String(Math.trunc(limit)))}) p) as messages,
      (select max(s.id) from direct_messages s
        where s.conversation_id = c.id and s.sender_id = $1::int and s.id <= o.last_read_message_id) as seen_up_to
    from ${summaryFrom} where cm.conversation_id = $2::int and cm.user_id = $1::int`),
  ),
);

/**
 * A page of a thread, in one statement: the conversation as she sees it, its messages before
 * `before` (newest `limit`, on the conversation's index) and the newest of hers the other has read.
 */
export async function thread(
  db: Db,
  viewer: Viewer,
  conversationId: number,
  page: { limit: number; before?: number },
) {
  const first = page.before === undefined;
  const statement = threadStatement(first, viewer.isAdmin, page.limit);
  const [row] = await (first
    ? statement(db, viewer.id, conversationId)
    : statement(db, viewer.id, conversationId, page.before));
  return (
    row && {
      summary: summaryOf(row, viewer),
      messages: row.messages.map((m) => messageOf(m, viewer.id)),
      seenUpTo: row.seen_up_to,
    }
  );
}

/** Her unread messages in open conversations and the requests waiting for her, as her list keeps them. */
export async function unreadCounts(db: Db, viewerId: number) {
  const { rows } = await db.execute<{ count: number; requests: number }>(sql`select
      coalesce(sum(cm.unread_count) filter (where c.status = 'open'), 0)::int as count,
      (count(*) filter (where c.status = 'requested' and c.started_by is distinct from ${viewerId}))::int as requests
    from direct_conversation_members cm
      join direct_conversations c on c.id = cm.conversation_id
      left join direct_conversation_members o on o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id
    where cm.user_id = ${viewerId} and ${keptInList(viewerId)}`);
  return rows[0] ?? { count: 0, requests: 0 };
}

// --- Reports ----------------------------------------------------------------------------------

/** A message one of its conversation's members may report, with its sender; nothing for anyone else. */
export async function findReportable(db: Conn, messageId: number, memberId: number) {
  const { rows } = await db.execute<{
    id: number;
    sender_id: number | null;
    content: string;
  }>(sql`select m.id,
      m.sender_id, m.content from direct_messages m
    where m.id = ${messageId} and exists (select 1 from direct_conversation_members cm
      where cm.conversation_id = m.conversation_id and cm.user_id = ${memberId})
    for update of m`);
  const row = rows[0];
  return row && { id: row.id, userId: row.sender_id, content: row.content };
}

/**
 * Keeps with the report `reportId` the message it names and up to `before` messages before it, as
 * they read now, oldest first, named as the moderators know them: its only window on the
 * conversation.
 */
export async function storeReportContext(db: Conn, reportId: number, messageId: number, before: number) {
  await db.execute(sql`update content_reports r set context = (
      select coalesce(json_agg(json_build_object(
          'id', x.id,
          'sender', coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
            case when x.sender_id is null then 'A former member' else 'A member' end),
          'byReporter', x.sender_id is not distinct from r.reporter_id,
          'body', case when x.deleted_at is null then x.content else '' end,
          'deleted', x.deleted_at is not null,
          'createdAt', x.created_at) order by x.id), '[]'::json)
      from (select m.* from direct_messages m
        join direct_messages reported on reported.id = ${messageId}
        where m.conversation_id = reported.conversation_id and m.id <= reported.id
        order by m.id desc limit ${before + 1}) x
        left join users u on u.id = x.sender_id)
    where r.id = ${reportId}`);
}

/** SQL selecting (id, conversation_id) of messages, for the moderation queue's content. */
export const reportedMessageContent = (ids: SQL) =>
  sql`select 'message'::text as type, m.id, m.sender_id as user_id,
      case when m.deleted_at is null then m.content end as content, null::timestamptz as hidden_at
    from direct_messages m where m.id in (${ids})`;

/** The members still in a conversation. */
export async function membersOf(db: Conn, conversationId: number) {
  const { rows } = await db.execute<{ user_id: number }>(
    sql`select user_id from direct_conversation_members where conversation_id = ${conversationId}`,
  );
  return rows.map((r) => r.user_id);
}
