import { type SQL, sql } from "drizzle-orm";
import {
  type ConversationFilter,
  GROUP_REACTIONS,
  type GroupPostKind,
  type GroupReaction,
} from "../../../core/conversation/limits";
import {
  blockedByGroupPostAuthor,
  blockedEitherWay,
  conversationOpenTo,
  type GroupKind,
  groupLedBy,
  hasBlocked,
  memberContentVisibleTo,
  membershipLeads,
  personColumnsSeenBy,
  postGroupLedBy,
  statementViewer,
  type Viewer,
  type ViewerColumns,
} from "../../auth/policies";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { preparedStatement, statementsBy, statementText } from "../../db/prepared";
import { groupPosts, moderationLog } from "../../db/schema";
import { liveInsert } from "../../live/publish";
import { notificationInsert } from "../notifications";

export type { Viewer };

type Conn = Db | Tx;

const TABLES: Record<GroupKind, { groups: SQL; members: SQL }> = {
  cultivation: { groups: sql.raw("cultivation_groups"), members: sql.raw("cultivation_group_members") },
  local: { groups: sql.raw("local_groups"), members: sql.raw("local_group_members") },
};

const when = (value: string | Date | null) => (value === null ? null : new Date(value));
const idArray = (ids: number[]) => `{${ids.map(Number).join(",")}}`;

// --- Groups -----------------------------------------------------------------------------------

/** The group's name and the viewer's role in it (null: she is not a member). Undefined: no such group. */
export async function findGroup(db: Conn, kind: GroupKind, groupId: number, viewerId: number) {
  const { groups, members } = TABLES[kind];
  const { rows } = await db.execute<{ name: string; role: string | null }>(sql`select g.name, m.role
    from ${groups} g left join ${members} m on m.group_id = g.id and m.user_id = ${viewerId}
    where g.id = ${groupId}`);
  return rows[0];
}

/** The group's row, locked until the transaction ends: its leaders' pins queue up. */
export async function lockGroup(tx: Tx, kind: GroupKind, groupId: number) {
  await tx.execute(sql`select 1 from ${TABLES[kind].groups} where id = ${groupId} for update`);
}

/** Its members, as the user ids a notification goes to, but those `except`. */
export const groupMembers = (kind: GroupKind, groupId: number, except: number[] = []) =>
  sql`select cm.user_id from ${TABLES[kind].members} cm
    where cm.group_id = ${groupId} and cm.user_id <> all(${idArray(except)}::int[])`;

// --- Authors ----------------------------------------------------------------------------------

/** Who wrote a post or a reply, as `authorFields` reads her. */
type AuthorDbColumns = {
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  author_is_leader: boolean;
};

const authorOf = (r: AuthorDbColumns) => ({
  id: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  profileImageUrl: r.profile_image_url,
  isLeader: r.author_is_leader,
});

/**
 * The author `users u` of what `author` names (a post's or a reply's user_id), as the viewer may see
 * her, and whether she leads the group of the post `group_posts p`.
 */
const authorFields = (viewer: Viewer | ViewerColumns, author: SQL) => {
  const person = personColumnsSeenBy(viewer, "u");
  return sql`${person.firstName} as first_name, ${person.lastName} as last_name,
    ${person.profileImageUrl} as profile_image_url,
    ${postGroupLedBy(author, "p")} as author_is_leader`;
};

/** What a post and a reply alike are: her words, when, and who she is. */
type WrittenDbColumns = AuthorDbColumns & {
  id: number;
  body: string;
  created_at: string | Date;
  edited_at: string | Date | null;
};

const writtenRow = (r: WrittenDbColumns) => ({
  id: r.id,
  userId: r.user_id,
  body: r.body,
  createdAt: new Date(r.created_at),
  editedAt: when(r.edited_at),
  author: authorOf(r),
});

/** What the rules need of a post or a reply, as `postAccess` and `replyAccess` read it. */
type ModeratedDbColumns = {
  id: number;
  user_id: number;
  body: string;
  hidden_at: string | Date | null;
  suspended_until: string | Date | null;
  author_blocked_by_viewer: boolean;
};

const moderatedRow = (r: ModeratedDbColumns) => ({
  id: r.id,
  userId: r.user_id,
  body: r.body,
  hiddenAt: when(r.hidden_at),
  authorSuspendedUntil: when(r.suspended_until),
  authorBlockedByViewer: r.author_blocked_by_viewer,
});

// --- Posts ------------------------------------------------------------------------------------

type PostDbRow = WrittenDbColumns & {
  group_kind: GroupKind;
  group_id: number;
  kind: GroupPostKind;
  pinned_at: string | Date | null;
  answered_at: string | Date | null;
  praise_note: string | null;
  reply_count: number;
  prayed_count: number;
  amen_count: number;
  praying_count: number;
  heart_count: number;
  prayed_by_me: boolean;
  my_reactions: GroupReaction[];
};

export type PostRow = ReturnType<typeof postRow>;

const postRow = (r: PostDbRow) => ({
  ...writtenRow(r),
  groupKind: r.group_kind,
  groupId: r.group_id,
  kind: r.kind,
  pinnedAt: when(r.pinned_at),
  answeredAt: when(r.answered_at),
  praiseNote: r.praise_note,
  replyCount: r.reply_count,
  prayedCount: r.prayed_count,
  reactions: { amen: r.amen_count, praying: r.praying_count, heart: r.heart_count },
  prayedByMe: r.prayed_by_me,
  myReactions: r.my_reactions,
});

/** A post of `group_posts p` with its author `users u` (as the viewer may see her) and her own marks. */
const postFields = (viewer: Viewer | ViewerColumns) =>
  sql`p.id, p.group_kind, p.group_id, p.user_id, p.kind, p.content as body, p.created_at, p.edited_at,
    p.pinned_at, p.answered_at, p.praise_note, p.reply_count, p.prayed_count,
    p.amen_count, p.praying_count, p.heart_count, ${authorFields(viewer, sql`p.user_id`)},
    exists (select 1 from group_post_prayers mp where mp.post_id = p.id and mp.user_id = ${viewer.id}) as prayed_by_me,
    array(select mr.reaction from group_post_reactions mr
      where mr.post_id = p.id and mr.user_id = ${viewer.id} order by mr.reaction) as my_reactions`;

/**
 * What a filter keeps, on the group_posts row `p`: the kinds' each match the predicate of their
 * partial index. The leaders' posts of a page are read leader by leader (`listPosts`); this
 * condition serves the few pinned posts.
 */
const FILTERS: Record<ConversationFilter, (kind: GroupKind) => SQL | undefined> = {
  all: () => undefined,
  prayer: () => sql.raw("p.kind = 'prayer'"),
  unanswered: () => sql.raw("p.kind = 'question' and p.reply_count = 0"),
  leaders: (kind) => groupLedBy(kind, sql`p.group_id`, sql`p.user_id`),
};

interface ListOptions {
  limit: number;
  before?: number;
  filter: ConversationFilter;
}

const allOf = (conditions: (SQL | undefined)[]) =>
  sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );

type PageValues = [viewerId: number, groupId: number, before?: number];

/**
 * The statement of a page of `limit` posts of the group's conversation the viewer may see (members'
 * content: hidden posts and those of members she blocked are not there); $1 the viewer, $2 the
 * group, $3 the cursor. The page's size is written into the text, not a parameter: with a limit it
 * cannot see, the planner's generic plan expects a tenth of the table, costs far more than the plan
 * for a value, and Postgres then plans every call again (a millisecond of planning on each read of
 * a large conversation). The first page starts with the pinned posts, the latest pinned first (on
 * their partial index: three at most); then come the others, newest first by cursor, on the group's
 * index. The leaders' posts are a page of each leader's on the (group, author) index, the newest of
 * those kept: a group's few leaders bound the work however much its members write.
 */
const pageStatement = statementsBy(
  (kind: GroupKind, filter: ConversationFilter, first: boolean, isAdmin: boolean, limit: number) => {
    const pageSize = sql.raw(String(Math.trunc(limit)));
    const viewer = statementViewer(isAdmin);
    const ofGroup = [
      sql.raw(`p.group_kind = '${kind}'`),
      sql.raw("p.group_id = $2::int"),
      memberContentVisibleTo(viewer, "p"),
    ];
    const page = (author?: SQL) => sql`select * from group_posts p
    where ${allOf([
      ...ofGroup,
      author && sql`p.user_id = ${author}`,
      sql.raw("p.pinned_at is null"),
      filter === "leaders" ? undefined : FILTERS[filter](kind),
      first ? undefined : sql.raw("p.id < $3::int"),
    ])}
    order by p.id desc limit ${pageSize}`;
    const { members } = TABLES[kind];
    const unpinned =
      filter === "leaders"
        ? sql`select lp.* from ${members} l cross join lateral (${page(sql.raw("l.user_id"))}) lp
          where l.group_id = $2::int and ${membershipLeads(kind, "l")}
          order by lp.id desc limit ${pageSize}`
        : page();
    const pinned = sql`select * from group_posts p
    where ${allOf([...ofGroup, sql.raw("p.pinned_at is not null"), FILTERS[filter](kind)])}`;
    return preparedStatement<PostDbRow, PageValues>(
      `group_posts_page_${kind}_${filter}_${first ? "first" : "next"}${isAdmin ? "_admin" : ""}_${limit}`,
      statementText(sql`select ${postFields(viewer)}
      from (${first ? sql`(${pinned}) union all (${unpinned})` : unpinned}) p
        join users u on u.id = p.user_id
      order by p.pinned_at desc nulls last, p.id desc`),
    );
  },
);

/**
 * A page of the group's conversation the viewer may see, in one prepared statement
 * (`pageStatement`): its plan is made once per connection, not on every read. Her membership is
 * the caller's to check.
 */
export async function listPosts(
  db: Conn,
  viewer: Viewer,
  kind: GroupKind,
  groupId: number,
  { limit, before, filter }: ListOptions,
) {
  const first = before === undefined;
  const statement = pageStatement(kind, filter, first, viewer.isAdmin, limit);
  const rows = await (first ? statement(db, viewer.id, groupId) : statement(db, viewer.id, groupId, before));
  return rows.map(postRow);
}

const findPostStatements = [false, true].map((isAdmin) =>
  preparedStatement<PostDbRow, [viewerId: number, postId: number]>(
    `group_posts_one${isAdmin ? "_admin" : ""}`,
    statementText(sql`select ${postFields(statementViewer(isAdmin))}
      from group_posts p join users u on u.id = p.user_id where p.id = $2::int`),
  ),
);

export async function findPost(db: Conn, viewer: Viewer, id: number) {
  const [row] = await findPostStatements[viewer.isAdmin ? 1 : 0]!(db, viewer.id, id);
  return row && postRow(row);
}

/**
 * What the rules need of a post for this viewer: its group, author and kind, what moderation knows
 * of it, her role in its group (null: none) and whether its author blocked her. `lock` holds the
 * post until the transaction ends.
 */
export async function postAccess(db: Conn, viewer: Viewer, id: number, { lock = false } = {}) {
  const roleIn = (kind: GroupKind) =>
    sql`(select m.role from ${TABLES[kind].members} m where m.group_id = p.group_id and m.user_id = ${viewer.id})`;
  const nameOf = (kind: GroupKind) =>
    sql`(select g.name from ${TABLES[kind].groups} g where g.id = p.group_id)`;
  const { rows } = await db.execute<
    ModeratedDbColumns & {
      group_kind: GroupKind;
      group_id: number;
      kind: GroupPostKind;
      pinned_at: string | Date | null;
      blocked_by_author: boolean;
      viewer_role: string | null;
      group_name: string | null;
    }
  >(sql`select p.id, p.group_kind, p.group_id, p.user_id, p.kind, p.content as body, p.hidden_at, p.pinned_at,
      u.suspended_until,
      ${hasBlocked(viewer.id, sql`p.user_id`)} as author_blocked_by_viewer,
      ${blockedByGroupPostAuthor(viewer.id, "p")} as blocked_by_author,
      case p.group_kind when 'cultivation' then ${roleIn("cultivation")} else ${roleIn("local")} end as viewer_role,
      case p.group_kind when 'cultivation' then ${nameOf("cultivation")} else ${nameOf("local")} end as group_name
    from group_posts p join users u on u.id = p.user_id
    where p.id = ${id}
    ${lock ? sql`for update of p` : sql``}`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...moderatedRow(r),
    groupKind: r.group_kind,
    groupId: r.group_id,
    kind: r.kind,
    pinnedAt: when(r.pinned_at),
    blockedByAuthor: r.blocked_by_author,
    membership: r.viewer_role === null ? null : { role: r.viewer_role },
    groupName: r.group_name ?? "",
  };
}

export type PostAccess = NonNullable<Awaited<ReturnType<typeof postAccess>>>;

/** Why a batched post was not written: she is not a member, or an announcement is not hers to make. */
export type NewPostRefusal = "not_member" | "not_leader";

export interface NewPost {
  groupId: number;
  userId: number;
  kind: GroupPostKind;
  body: string;
}

type SavedPostDbRow = {
  id: number | null;
  created_at: string | Date | null;
  author_is_leader: boolean;
  refused: NewPostRefusal | null;
};

/**
 * Posts without mentions, several in one statement: each is written only when its author is an
 * accepted member of the group (an announcement: one of its leaders), and in the same statement
 * its group's members hear of it (an announcement right away, another post in their digest) and
 * the live streams watching the group are told. Ids are drawn first so each saved row is matched
 * to its input. $1 the groups, $2 the authors, $3 the kinds, $4 the words.
 */
function insertPostsStatement(kind: GroupKind) {
  const { groups, members } = TABLES[kind];
  const membersOf = (kinds: string) =>
    sql`select m.user_id, s.id, s.user_id, s.group_name from posted s
      join ${members} m on m.group_id = s.group_id where s.kind ${sql.raw(kinds)}`;
  return preparedStatement<SavedPostDbRow, [number[], number[], GroupPostKind[], string[]]>(
    `group_posts_insert_${kind}`,
    statementText(sql`with input as (
       select t.*, m.role, g.name as group_name,
         case when m.role is null then 'not_member'
           when t.kind = 'announcement' and not ${membershipLeads(kind, "m")} then 'not_leader'
         end as refused,
         coalesce(${membershipLeads(kind, "m")}, false) as author_is_leader
       from unnest($1::int[], $2::int[], $3::text[], $4::text[]) with ordinality
         as t(group_id, user_id, kind, content, ord)
         left join ${groups} g on g.id = t.group_id
         left join ${members} m on m.group_id = g.id and m.user_id = t.user_id
     ), accepted as (
       select nextval('group_posts_id_seq')::int as id, i.* from input i where i.refused is null
     ), saved as (
       insert into group_posts (id, group_kind, group_id, user_id, kind, content)
       select a.id, ${sql.raw(`'${kind}'`)}, a.group_id, a.user_id, a.kind, a.content from accepted a
       returning id, group_id, user_id, kind, created_at
     ), posted as (
       select s.*, a.group_name from saved s join accepted a using (id)
     ), announced as (
       ${notificationInsert("group_announcement", { each: membersOf("= 'announcement'") })}
     ), told as (
       ${notificationInsert("group_post", { each: membersOf("<> 'announcement'") })}
     ), live as (
       ${liveInsert(sql`select 'group:${sql.raw(kind)}:' || p.group_id, 'group_post',
         jsonb_build_object('postId', p.id, 'authorId', p.user_id, 'groupKind', ${sql.raw(`'${kind}'`)}, 'groupId', p.group_id)
         from posted p`)}
     )
     select p.id, p.created_at, i.author_is_leader, i.refused
     from input i left join accepted a on a.ord = i.ord left join posted p on p.id = a.id
     order by i.ord`),
  );
}

const insertPostsStatements = {
  cultivation: insertPostsStatement("cultivation"),
  local: insertPostsStatement("local"),
};

/** A post written by `insertPosts`: its id, when, and whether its author leads the group; or why not. */
export type SavedPost =
  | { id: number; createdAt: Date; authorIsLeader: boolean; refused?: undefined }
  | { refused: NewPostRefusal };

const batchedInsertPosts = (kind: GroupKind) =>
  batchedStatement(async (db: Db, inputs: NewPost[]): Promise<SavedPost[]> => {
    const rows = await insertPostsStatements[kind](
      db,
      inputs.map((p) => p.groupId),
      inputs.map((p) => p.userId),
      inputs.map((p) => p.kind),
      inputs.map((p) => p.body),
    );
    return rows.map((r) =>
      r.refused
        ? { refused: r.refused }
        : { id: r.id!, createdAt: new Date(r.created_at!), authorIsLeader: r.author_is_leader },
    );
  });

/**
 * Posts made at the same moment leave together as one statement (`insertPostsStatement`): one
 * round trip and one commit for all of them.
 */
export const insertPosts = {
  cultivation: batchedInsertPosts("cultivation"),
  local: batchedInsertPosts("local"),
};

export async function insertPost(
  tx: Tx,
  values: { groupKind: GroupKind; groupId: number; userId: number; kind: GroupPostKind; body: string },
) {
  const { body, ...rest } = values;
  const [row] = await tx
    .insert(groupPosts)
    .values({ ...rest, content: body })
    .returning({ id: groupPosts.id });
  return row!.id;
}

export async function editPost(tx: Tx, id: number, body: string) {
  await tx.execute(sql`update group_posts set content = ${body}, edited_at = now() where id = ${id}`);
}

/** Deletes the post with its replies, reactions and prayers (their rows go with it). */
export async function deletePost(tx: Tx, id: number) {
  await tx.execute(sql`delete from group_posts where id = ${id}`);
}

export async function markAnswered(db: Conn, id: number, note: string | null) {
  const { rows } = await db.execute<{ id: number; answered_at: string | Date; praise_note: string | null }>(
    // The first answer's date stays when the praise note is edited later.
    sql`update group_posts set answered_at = coalesce(answered_at, now()), praise_note = ${note}
      where id = ${id} returning id, answered_at, praise_note`,
  );
  const r = rows[0]!;
  return { id: r.id, answeredAt: new Date(r.answered_at), praiseNote: r.praise_note };
}

export async function countPinned(tx: Tx, kind: GroupKind, groupId: number) {
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from group_posts
    where group_kind = ${kind} and group_id = ${groupId} and pinned_at is not null`);
  return rows[0]?.n ?? 0;
}

export async function setPinned(db: Conn, id: number, pinned: boolean) {
  const { rows } = await db.execute<{ id: number; pinned_at: string | Date | null }>(sql`update group_posts
    set pinned_at = ${pinned ? sql`coalesce(pinned_at, now())` : sql`null`}
    where id = ${id} returning id, pinned_at`);
  const r = rows[0]!;
  return { id: r.id, pinned: r.pinned_at !== null, pinnedAt: when(r.pinned_at) };
}

// --- Reactions and prayers ----------------------------------------------------------------------

const countColumn = (reaction: GroupReaction) => sql.identifier(`${reaction}_count`);

/** Her reaction, once: only a new row moves the post's counter, in the same statement. */
export async function addReaction(db: Conn, postId: number, userId: number, reaction: GroupReaction) {
  const c = countColumn(reaction);
  await db.execute(sql`with added as (
      insert into group_post_reactions (post_id, user_id, reaction) values (${postId}, ${userId}, ${reaction})
      on conflict do nothing returning post_id
    )
    update group_posts p set ${c} = p.${c} + 1 from added where p.id = added.post_id`);
}

/** Takes her reaction back: only a row that was there moves the counter, in the same statement. */
export async function removeReaction(db: Conn, postId: number, userId: number, reaction: GroupReaction) {
  const c = countColumn(reaction);
  await db.execute(sql`with gone as (
      delete from group_post_reactions
      where post_id = ${postId} and user_id = ${userId} and reaction = ${reaction}
      returning post_id
    )
    update group_posts p set ${c} = greatest(p.${c} - 1, 0) from gone where p.id = gone.post_id`);
}

export async function reactionsOf(db: Conn, postId: number, userId: number) {
  const { rows } = await db.execute<{
    amen_count: number;
    praying_count: number;
    heart_count: number;
    my_reactions: GroupReaction[];
  }>(sql`select p.amen_count, p.praying_count, p.heart_count,
      array(select r.reaction from group_post_reactions r
        where r.post_id = p.id and r.user_id = ${userId} order by r.reaction) as my_reactions
    from group_posts p where p.id = ${postId}`);
  const r = rows[0]!;
  return {
    id: postId,
    reactions: { amen: r.amen_count, praying: r.praying_count, heart: r.heart_count },
    myReactions: r.my_reactions,
  };
}

type ReactorDbRow = {
  reaction: GroupReaction;
  total: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
};

/** A reaction's count, and the members named as having given it. */
type Reactors = {
  total: number;
  people: { id: number; firstName: string | null; lastName: string | null; profileImageUrl: string | null }[];
};

/**
 * Each reaction's count on the post and who gave it, newest first, up to `limit` names each, in one
 * statement: a lateral read per reaction on group_post_reactions_post_idx, which stops at the
 * limit. Members the viewer blocked, or who blocked her, are passed over; the others come as their
 * privacy settings let her see them. The counts are the post's counters, which count everyone.
 */
export async function reactorsOf(db: Conn, viewer: Viewer, postId: number, limit: number) {
  const person = personColumnsSeenBy(viewer, "u");
  const kinds = sql.join(
    GROUP_REACTIONS.map((r, i) => sql`(${r}::text, p.${countColumn(r)}, ${i}::int)`),
    sql`, `,
  );
  const { rows } = await db.execute<ReactorDbRow>(sql`select k.reaction, k.total, u.id as user_id,
      ${person.firstName} as first_name, ${person.lastName} as last_name,
      ${person.profileImageUrl} as profile_image_url
    from group_posts p
      cross join lateral (values ${kinds}) k(reaction, total, n)
      left join lateral (
        select gr.user_id, gr.created_at from group_post_reactions gr
        where gr.post_id = p.id and gr.reaction = k.reaction
          and not ${blockedEitherWay(viewer.id, sql`gr.user_id`)}
        order by gr.created_at desc, gr.user_id desc
        limit ${limit}
      ) r on true
      left join users u on u.id = r.user_id
    where p.id = ${postId}
    order by k.n, r.created_at desc, r.user_id desc`);
  const given = {} as Record<GroupReaction, Reactors>;
  for (const reaction of GROUP_REACTIONS) given[reaction] = { total: 0, people: [] };
  for (const r of rows) {
    const reaction = given[r.reaction];
    reaction.total = r.total;
    if (r.user_id === null) continue;
    reaction.people.push({
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    });
  }
  return given;
}

/**
 * "I prayed", once per member, in one statement: only a new mark moves the counter and tells the
 * author (gathered by request and hour, as on the prayer wall). Answers the count.
 */
export async function prayOnce(db: Conn, postId: number, userId: number) {
  const told = notificationInsert("group_prayed", {
    acts: sql`select p.user_id, m.post_id, m.user_id, m.created_at
      from marked m join group_posts p on p.id = m.post_id`,
  });
  const { rows } = await db.execute<{ prayed_count: number }>(sql`with marked as (
      insert into group_post_prayers (post_id, user_id) values (${postId}, ${userId})
      on conflict do nothing returning post_id, user_id, created_at
    ), told as (${told}),
    counted as (
      update group_posts p set prayed_count = p.prayed_count + 1
      from marked where p.id = marked.post_id returning p.prayed_count
    )
    select coalesce((select prayed_count from counted),
      (select prayed_count from group_posts where id = ${postId})) as prayed_count`);
  return rows[0]!.prayed_count;
}

// --- Replies ----------------------------------------------------------------------------------

type ReplyDbRow = WrittenDbColumns & { post_id: number };

export type ReplyRow = ReturnType<typeof replyRow>;

const replyRow = (r: ReplyDbRow) => ({ ...writtenRow(r), postId: r.post_id });

/** A reply of `group_replies r` with its author `users u` and its post `group_posts p`. */
const replyFields = (viewer: Viewer) =>
  sql`r.id, r.post_id, r.user_id, r.content as body, r.created_at, r.edited_at,
    ${authorFields(viewer, sql`r.user_id`)}`;

/** A page of a post's replies the viewer may see (members' content), newest first by cursor. */
export async function listReplies(
  db: Conn,
  viewer: Viewer,
  postId: number,
  { limit, before }: { limit: number; before?: number },
) {
  const { rows } = await db.execute<ReplyDbRow>(sql`select ${replyFields(viewer)}
    from group_replies r join users u on u.id = r.user_id join group_posts p on p.id = r.post_id
    where r.post_id = ${postId} and ${memberContentVisibleTo(viewer, "r")}
      ${before === undefined ? sql`` : sql`and r.id < ${before}`}
    order by r.id desc limit ${limit}`);
  return rows.map(replyRow);
}

export async function findReply(db: Conn, viewer: Viewer, id: number) {
  const { rows } = await db.execute<ReplyDbRow>(sql`select ${replyFields(viewer)}
    from group_replies r join users u on u.id = r.user_id join group_posts p on p.id = r.post_id
    where r.id = ${id}`);
  return rows[0] && replyRow(rows[0]);
}

/** What the rules need of a reply: its post, author, and what moderation knows of it. */
export async function replyAccess(db: Conn, viewer: Viewer, id: number) {
  const { rows } = await db.execute<
    ModeratedDbColumns & { post_id: number }
  >(sql`select r.id, r.post_id, r.user_id, r.content as body, r.hidden_at, u.suspended_until,
      ${hasBlocked(viewer.id, sql`r.user_id`)} as author_blocked_by_viewer
    from group_replies r join users u on u.id = r.user_id where r.id = ${id}`);
  const r = rows[0];
  if (!r) return undefined;
  return { ...moderatedRow(r), postId: r.post_id };
}

/** The reply, and the post's reply count moved in the same statement. Answers its id. */
export async function insertReply(tx: Tx, postId: number, userId: number, body: string) {
  const { rows } = await tx.execute<{ id: number }>(sql`with saved as (
      insert into group_replies (post_id, user_id, content) values (${postId}, ${userId}, ${body})
      returning id, post_id
    ), counted as (
      update group_posts p set reply_count = p.reply_count + 1 from saved where p.id = saved.post_id
    )
    select id from saved`);
  return rows[0]!.id;
}

export async function editReply(tx: Tx, id: number, body: string) {
  await tx.execute(sql`update group_replies set content = ${body}, edited_at = now() where id = ${id}`);
}

/** Deletes the reply, the post's reply count moved in the same statement. */
export async function deleteReply(tx: Tx, id: number) {
  await tx.execute(sql`with gone as (
      delete from group_replies where id = ${id} returning post_id
    )
    update group_posts p set reply_count = greatest(p.reply_count - 1, 0) from gone where p.id = gone.post_id`);
}

/**
 * Who hears of a reply: the post's author and those who replied in its thread, while they belong to
 * its group, but those `except` (the mentioned, who hear of it as a mention).
 */
export const threadFollowers = (postId: number, kind: GroupKind, groupId: number, except: number[]) =>
  sql`select f.user_id from (
      select p.user_id from group_posts p where p.id = ${postId}
      union select r.user_id from group_replies r where r.post_id = ${postId}
    ) f(user_id)
    where ${conversationOpenTo(kind, groupId, sql`f.user_id`)} and f.user_id <> all(${idArray(except)}::int[])`;

// --- Mentions ---------------------------------------------------------------------------------

/** A Postgres array literal of texts, each element quoted. */
const textArray = (texts: string[]) =>
  `{${texts.map((t) => `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/** The users row `u`'s full name, in lower case, as a mention writes it. */
const fullName = sql.raw("lower(trim(u.first_name || ' ' || coalesce(u.last_name, '')))");

/**
 * The group's members named by any of `names` (lower case), by first name or by full name: whom a
 * mention may name. Read from the group's memberships, never from all members.
 */
export async function membersNamed(db: Conn, kind: GroupKind, groupId: number, names: string[]) {
  const list = textArray(names);
  const { rows } = await db.execute<{ id: number; first_name: string; full_name: string }>(sql`select u.id,
      lower(u.first_name) as first_name, ${fullName} as full_name
    from ${TABLES[kind].members} m join users u on u.id = m.user_id
    where m.group_id = ${groupId}
      and (lower(u.first_name) = any(${list}::text[]) or ${fullName} = any(${list}::text[]))`);
  return rows.map((r) => ({ id: r.id, first: r.first_name, full: r.full_name }));
}

/**
 * Whether any member at all has one of `firstNames` (lower case) for her first name: a mention the
 * group's members did not answer names someone outside it. A look-up on the index of first names
 * (users_first_name_lower_idx), never a pass over every member.
 */
export async function anyoneNamed(db: Conn, firstNames: string[]) {
  const { rows } = await db.execute<{ found: boolean }>(sql`select exists (select 1 from users u
    where lower(u.first_name) = any(${textArray(firstNames)}::text[])) as found`);
  return rows[0]?.found === true;
}

// --- The moderation log -----------------------------------------------------------------------

/** A leader's removal of another member's words, kept in the moderation log with her reason. */
export async function logRemoval(
  tx: Tx,
  entry: {
    actorId: number;
    targetType: "group_post" | "group_reply";
    targetId: number;
    memberId: number;
    reason: string | null;
    detail: string;
  },
) {
  await tx.insert(moderationLog).values({ action: "delete", ...entry });
}
