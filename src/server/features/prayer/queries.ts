import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { ActivityEntry } from "../../activity/record";
import {
  blockedByPrayerAuthor,
  hasBlocked,
  newestPrayerRequestIdsVisibleTo,
  personColumnsSeenBy,
  prayerRequestVisibleTo,
  prayerResponseVisibleTo,
  type Viewer,
} from "../../auth/policies";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { jsonbText } from "../../db/json";
import { preparedStatement, statementText } from "../../db/prepared";
import { personColumns, prayerRequestColumns } from "../../db/query-helpers";
import { prayerMarks, prayerRequests, prayerResponses, users } from "../../db/schema";
import { notificationInsert } from "../notifications";

export type { Viewer };

export interface PageOptions {
  limit: number;
  before?: number;
  answered?: boolean;
}

export interface RequestRow {
  id: number;
  userId: number;
  content: string;
  createdAt: Date;
  isPrivate: boolean;
  isAnonymous: boolean;
  prayerCount: number;
  isAnswered: boolean;
  praiseNote: string | null;
  answeredAt: Date | null;
  editedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  prayedByMe: boolean;
  responseCount: number;
}

export interface ResponseRow {
  id: number;
  prayerRequestId: number;
  userId: number;
  content: string;
  isPraying: boolean;
  createdAt: Date;
  editedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** Extra conditions of a page of the wall, on the prayer_requests alias `table`. */
function pageFilters({ before, answered }: PageOptions) {
  return (table: string) => {
    const parts: SQL[] = [];
    if (before !== undefined) parts.push(sql.raw(`${table}.id < ${Number(before)}`));
    if (answered !== undefined) parts.push(sql.raw(`${table}.is_answered = ${answered ? "true" : "false"}`));
    return parts;
  };
}

const requestColumns = (viewer: Viewer) => ({
  ...prayerRequestColumns,
  editedAt: prayerRequests.editedAt,
  ...authorColumns(viewer),
  prayedByMe: sql<boolean>`exists (select 1 from ${prayerMarks} m
    where m.prayer_request_id = ${prayerRequests.id} and m.user_id = ${viewer.id})`.mapWith(Boolean),
  // Only the responses she may see (hidden ones and those of members she blocked are not counted).
  responseCount: sql<number>`(select count(*) from ${prayerResponses} r
    where r.prayer_request_id = ${prayerRequests.id} and ${prayerResponseVisibleTo(viewer, "r")})`.mapWith(
    Number,
  ),
});

/** Her name and picture as the viewer may see them (her profile setting; anonymity is the service's). */
const authorColumns = (viewer: Viewer, table = "users") => {
  const { firstName, lastName, profileImageUrl } = personColumnsSeenBy(viewer, table);
  return { firstName, lastName, profileImageUrl };
};

/** Requests with their authors and the viewer's own "prayed" state. */
const requestsFor = (db: Db | Tx, viewer: Viewer) =>
  db
    .select(requestColumns(viewer))
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .$dynamic();

/** One page of the wall, newest first. */
export async function listRequests(db: Db, viewer: Viewer, options: PageOptions): Promise<RequestRow[]> {
  const visible = newestPrayerRequestIdsVisibleTo(viewer, {
    limit: options.limit,
    where: pageFilters(options),
  });
  return requestsFor(db, viewer)
    .where(sql`${prayerRequests.id} in (${visible})`)
    .orderBy(desc(prayerRequests.id))
    .limit(options.limit);
}

export async function findRequest(db: Db | Tx, viewer: Viewer, id: number): Promise<RequestRow | undefined> {
  const [row] = await requestsFor(db, viewer).where(eq(prayerRequests.id, id)).limit(1);
  return row;
}

/**
 * Who shared it, whether it is private and what moderation knows of it: enough to decide who may
 * see and answer it (`canSeePrayerRequest`).
 */
export async function findAccess(db: Db | Tx, viewer: Viewer, id: number) {
  const [row] = await db
    .select({
      id: prayerRequests.id,
      userId: prayerRequests.userId,
      isPrivate: prayerRequests.isPrivate,
      isAnonymous: prayerRequests.isAnonymous,
      hiddenAt: prayerRequests.hiddenAt,
      authorSuspendedUntil: users.suspendedUntil,
      authorBlockedByViewer: sql<boolean>`${hasBlocked(viewer.id, sql`${prayerRequests.userId}`)}`.mapWith(
        Boolean,
      ),
      /** Its author blocked the viewer: she may not answer it. */
      blockedByAuthor: sql<boolean>`${blockedByPrayerAuthor(viewer)}`.mapWith(Boolean),
    })
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .where(eq(prayerRequests.id, id))
    .limit(1);
  return row;
}

/** The latest `perRequest` responses of each request, in one query (oldest first within a request). */
export async function latestResponses(
  db: Db,
  viewer: Viewer,
  requestIds: number[],
  perRequest: number,
): Promise<ResponseRow[]> {
  if (requestIds.length === 0) return [];
  const author = authorColumns(viewer, "u");
  const result = await db.execute<{
    id: number;
    prayer_request_id: number;
    user_id: number;
    content: string;
    is_praying: boolean;
    created_at: string | Date;
    edited_at: string | Date | null;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
  }>(sql`select r.id, r.prayer_request_id, r.user_id, r.content, r.is_praying, r.created_at, r.edited_at,
      ${author.firstName} as first_name, ${author.lastName} as last_name,
      ${author.profileImageUrl} as profile_image_url
    from unnest(${`{${requestIds.map(Number).join(",")}}`}::int[]) as q(id)
    cross join lateral (
      select * from prayer_responses x where x.prayer_request_id = q.id and ${prayerResponseVisibleTo(viewer, "x")}
      order by x.id desc limit ${perRequest}
    ) r
    join users u on u.id = r.user_id
    order by r.prayer_request_id, r.id`);
  return result.rows.map((r) => ({
    id: r.id,
    prayerRequestId: r.prayer_request_id,
    userId: r.user_id,
    content: r.content,
    isPraying: r.is_praying,
    createdAt: new Date(r.created_at),
    editedAt: r.edited_at === null ? null : new Date(r.edited_at),
    firstName: r.first_name,
    lastName: r.last_name,
    profileImageUrl: r.profile_image_url,
  }));
}

/** Responses with their authors. */
const responses = (db: Db, viewer: Viewer) =>
  db
    .select({
      id: prayerResponses.id,
      prayerRequestId: prayerResponses.prayerRequestId,
      userId: prayerResponses.userId,
      content: prayerResponses.content,
      isPraying: prayerResponses.isPraying,
      createdAt: prayerResponses.createdAt,
      editedAt: prayerResponses.editedAt,
      ...authorColumns(viewer),
    })
    .from(prayerResponses)
    .innerJoin(users, eq(users.id, prayerResponses.userId))
    .$dynamic();

export async function findResponse(db: Db, viewer: Viewer, id: number): Promise<ResponseRow | undefined> {
  const [row] = await responses(db, viewer).where(eq(prayerResponses.id, id)).limit(1);
  return row;
}

/** All responses to one request, newest first, by cursor. */
export async function listResponses(
  db: Db,
  viewer: Viewer,
  requestId: number,
  { limit, before }: { limit: number; before?: number },
): Promise<ResponseRow[]> {
  const page = before === undefined ? undefined : lt(prayerResponses.id, before);
  return responses(db, viewer)
    .where(
      and(
        eq(prayerResponses.prayerRequestId, requestId),
        page,
        prayerResponseVisibleTo(viewer, "prayer_responses"),
      ),
    )
    .orderBy(desc(prayerResponses.id))
    .limit(limit);
}

export async function memberSettings(db: Db, userId: number) {
  const [row] = await db
    .select({ settings: users.settings, ...personColumns })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

interface NewRequest {
  userId: number;
  content: string;
  isPrivate: boolean;
  /** Undefined: as the member's settings say. */
  isAnonymous?: boolean;
  /** Private and shown to the intercessors on the patrons' prayer list. */
  shareWithIntercessors: boolean;
  activity: ActivityEntry;
}

const insertRequestsStatement = preparedStatement<
  { id: number; created_at: Date; is_anonymous: boolean },
  [number[], string[], boolean[], (boolean | null)[], boolean[], string[], string[]]
>(
  "prayer_requests_insert",
  // Ids are drawn first so each saved row is matched to its input (RETURNING has no set order).
  // Unless she chose, a request is anonymous when her settings keep her name off the wall.
  `with input as (
     select nextval('prayer_requests_id_seq')::int as id, t.*
     from unnest($1::int[], $2::text[], $3::bool[], $4::bool[], $5::bool[], $6::text[], $7::jsonb[])
       with ordinality as t(user_id, content, is_private, is_anonymous, share_with_intercessors, kind, params, ord)
   ), saved as (
     insert into prayer_requests (id, user_id, content, is_private, is_anonymous, share_with_intercessors)
     select i.id, i.user_id, i.content, i.is_private,
       coalesce(i.is_anonymous, u.settings -> 'showNameOnPrayerWall' = 'false'::jsonb, false),
       i.share_with_intercessors
     from input i left join users u on u.id = i.user_id
     returning id, created_at, is_anonymous
   ), logged as (
     insert into activity_log (kind, params, user_id)
     select kind, params, user_id from input order by ord
   )
   select saved.id, saved.created_at, saved.is_anonymous
   from saved join input using (id)
   order by input.ord`,
);

/**
 * Stores requests with their lines in the activity log in one statement: atomic without a
 * transaction's extra round trips; requests shared at the same moment go together.
 */
export const insertRequest = batchedStatement(async (db: Db, inputs: NewRequest[]) => {
  const rows = await insertRequestsStatement(
    db,
    inputs.map((r) => r.userId),
    inputs.map((r) => r.content),
    inputs.map((r) => r.isPrivate),
    inputs.map((r) => r.isAnonymous ?? null),
    inputs.map((r) => r.shareWithIntercessors),
    inputs.map((r) => r.activity.kind),
    inputs.map((r) => jsonbText(r.activity.params)),
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    isAnonymous: row.is_anonymous,
  }));
});

/** Who may see request `p` when the viewer is a row `i` of the batch's input. */
const visibleToInput = statementText(
  prayerRequestVisibleTo({ id: sql.raw("i.user_id"), isAdmin: sql.raw("i.is_admin") }, "p"),
);

/** The author of request `p` blocked the viewer of row `i`: he is told it is not there, as for replies. */
const blockedByAuthorOfInput = statementText(
  blockedByPrayerAuthor({ id: sql.raw("i.user_id"), isAdmin: sql.raw("i.is_admin") }, "p"),
);

/**
 * "Someone prayed for your request": each author told of the prayers the statement's `marks` (its
 * new prayer_marks rows) record, gathered by request and hour. A part of the statement that writes
 * the marks, so a prayer and its notice are one write.
 */
const authorsToldOf = (marks: string) =>
  notificationInsert("prayer_prayed", {
    acts: sql`select p.user_id, m.prayer_request_id, m.user_id, m.created_at
      from ${sql.identifier(marks)} m join prayer_requests p on p.id = m.prayer_request_id`,
  });

const prayOnceStatement = preparedStatement<{ prayer_count: number }, [number[], number[], boolean[]]>(
  "prayer_pray_once",
  `with input as (
     select * from unnest($1::int[], $2::int[], $3::bool[]) with ordinality as t(request_id, user_id, is_admin, ord)
   ), target as (
     select i.ord, i.user_id, p.id, p.prayer_count
     from input i join prayer_requests p
       on p.id = i.request_id and ${visibleToInput} and not ${blockedByAuthorOfInput}
   ), marked as (
     insert into prayer_marks (prayer_request_id, user_id)
     select distinct id, user_id from target
     on conflict do nothing
     returning prayer_request_id, user_id, created_at
   ), told as (
     ${statementText(authorsToldOf("marked"))}
   ), counted as (
     update prayer_requests p set prayer_count = p.prayer_count + m.n
     from (select prayer_request_id, count(*)::int as n from marked group by 1) m
     where p.id = m.prayer_request_id
     returning p.id, p.prayer_count
   )
   select input.ord, coalesce(c.prayer_count, t.prayer_count) as prayer_count
   from input
     left join target t on t.ord = input.ord
     left join counted c on c.id = t.id
   order by input.ord`,
);

/**
 * "I prayed" in one statement: the mark is written only when the viewer may see the request, its
 * author has not blocked her and she has not prayed for it yet, and only then does the counter
 * move and its author hear of it; prayers said at the same moment go together. Undefined: no such
 * request for this viewer.
 */
export const prayOnce = batchedStatement(
  async (db: Db, inputs: { viewer: Viewer; requestId: number }[]) => {
    const rows = await prayOnceStatement(
      db,
      inputs.map((p) => p.requestId),
      inputs.map((p) => p.viewer.id),
      inputs.map((p) => p.viewer.isAdmin),
    );
    return rows.map((row) => row.prayer_count ?? undefined);
  },
  // One batch at a time: two batches moving the same counters could wait on each other.
  { inFlight: 1 },
);

/**
 * Records "I prayed" once per member, in one statement: only a new mark moves the counter and tells
 * the author, as the "I prayed" button does.
 */
export async function markPrayed(tx: Tx, requestId: number, userId: number): Promise<void> {
  await tx.execute(sql`with marked as (
      insert into prayer_marks (prayer_request_id, user_id) values (${requestId}, ${userId})
      on conflict do nothing
      returning prayer_request_id, user_id, created_at
    ), told as (${authorsToldOf("marked")})
    update prayer_requests p set prayer_count = p.prayer_count + 1
    from marked where p.id = marked.prayer_request_id`);
}

export async function insertResponse(
  tx: Tx,
  values: { prayerRequestId: number; userId: number; content: string; isPraying: boolean },
) {
  const [row] = await tx.insert(prayerResponses).values(values).returning({ id: prayerResponses.id });
  return row!;
}

export async function markAnswered(db: Db | Tx, requestId: number, praiseNote: string | null) {
  const [row] = await db
    .update(prayerRequests)
    .set({
      isAnswered: true,
      praiseNote,
      // The first answer's date stays when the praise note is edited later.
      answeredAt: sql`coalesce(${prayerRequests.answeredAt}, now())`,
    })
    .where(eq(prayerRequests.id, requestId))
    .returning({
      id: prayerRequests.id,
      isAnswered: prayerRequests.isAnswered,
      praiseNote: prayerRequests.praiseNote,
      answeredAt: prayerRequests.answeredAt,
    });
  return row!;
}

/**
 * Those who prayed for a request and may still see it (a private one: its author and the
 * administrators by role), as the user ids a notification goes to.
 */
export const prayedFor = (requestId: number) =>
  sql`select m.user_id from prayer_marks m
    join prayer_requests p on p.id = m.prayer_request_id
    join users u on u.id = m.user_id
    where m.prayer_request_id = ${requestId}
      and ${prayerRequestVisibleTo({ id: sql.raw("m.user_id"), isAdmin: sql.raw("(u.role = 'admin')") }, "p")}`;
