import { aliasedTable, and, asc, desc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { blockedEitherWay, memberOfStatement, personColumnsSeenBy } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { discipleshipConnections, discipleshipEntries, users } from "../../db/schema";

export type EntryKind = "request" | "offer";
export type ConnectionStatus = "pending" | "active" | "declined" | "completed";

export interface EntryRow {
  id: number;
  userId: number;
  kind: EntryKind;
  experienceLevel: string;
  focusAreas: string[];
  status: "waiting" | "matched" | "withdrawn";
  createdAt: Date;
}

/** Every matching decision runs under this lock, so two submissions never race for one counterpart. */
const MATCHING_LOCK = 7_341_104;

export async function lockMatching(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MATCHING_LOCK})`);
}

const entryColumns = {
  id: discipleshipEntries.id,
  userId: discipleshipEntries.userId,
  kind: discipleshipEntries.kind,
  experienceLevel: discipleshipEntries.experienceLevel,
  focusAreas: discipleshipEntries.focusAreas,
  status: discipleshipEntries.status,
  createdAt: discipleshipEntries.createdAt,
};

export async function insertEntry(
  tx: Tx,
  values: { userId: number; kind: EntryKind; experienceLevel: string; focusAreas: string[] },
): Promise<EntryRow> {
  const [row] = await tx.insert(discipleshipEntries).values(values).returning(entryColumns);
  return row!;
}

/**
 * The oldest waiting counterpart of `entry` that shares a focus area, is someone else, and has no
 * open or declined connection with her already; the row is locked for the rest of the transaction.
 * A mentor's offer goes to a patron's waiting request first (priority discipleship), then to the
 * oldest of the others: the waiting rows come from `discipleship_entries_waiting_idx` either way,
 * and each one's tier is read on the users primary key (waiting rows are few; the sort is small).
 */
/** Whether the entry's member is a patron now: a subquery, so FOR UPDATE locks the entry alone. */
const patronFirst = sql`(select u.membership_tier = 'premium' from ${users} u
  where u.id = ${discipleshipEntries.userId})`;

export async function findCounterpart(tx: Tx, entry: EntryRow): Promise<EntryRow | undefined> {
  const other = entry.kind === "request" ? "offer" : "request";
  const mentorSide = entry.kind === "request" ? discipleshipEntries.userId : sql`${entry.userId}`;
  const menteeSide = entry.kind === "request" ? sql`${entry.userId}` : discipleshipEntries.userId;
  const areas = sql`array[${sql.join(
    entry.focusAreas.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await tx
    .select(entryColumns)
    .from(discipleshipEntries)
    .where(
      and(
        eq(discipleshipEntries.kind, other),
        eq(discipleshipEntries.status, "waiting"),
        ne(discipleshipEntries.userId, entry.userId),
        sql`${discipleshipEntries.focusAreas} && ${areas}`,
        sql`not exists (select 1 from ${discipleshipConnections} c
          where c.mentor_id = ${mentorSide} and c.mentee_id = ${menteeSide}
            and c.status in ('pending', 'active', 'declined'))`,
        // Never two members one of whom blocked the other; the next suitable one is taken instead.
        sql`not ${blockedEitherWay(sql`${discipleshipEntries.userId}`, sql`${entry.userId}`)}`,
      ),
    )
    .orderBy(...(other === "request" ? [desc(patronFirst)] : []), asc(discipleshipEntries.id))
    .limit(1)
    .for("update");
  return row;
}

export async function setEntryStatus(tx: Tx, ids: number[], status: EntryRow["status"]) {
  if (ids.length === 0) return;
  await tx.update(discipleshipEntries).set({ status }).where(inArray(discipleshipEntries.id, ids));
}

export async function insertConnection(
  tx: Tx,
  values: {
    mentorId: number;
    menteeId: number;
    requestId: number;
    offerId: number;
    focusAreas: string[];
    experienceLevel: string;
  },
) {
  const [row] = await tx
    .insert(discipleshipConnections)
    .values({ ...values, status: "pending" })
    .returning({ id: discipleshipConnections.id });
  return row!.id;
}

export async function findEntryForUpdate(tx: Tx, id: number) {
  const [row] = await tx
    .select(entryColumns)
    .from(discipleshipEntries)
    .where(eq(discipleshipEntries.id, id))
    .for("update");
  return row;
}

export async function findConnectionForUpdate(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: discipleshipConnections.id,
      mentorId: discipleshipConnections.mentorId,
      menteeId: discipleshipConnections.menteeId,
      requestId: discipleshipConnections.requestId,
      status: discipleshipConnections.status,
    })
    .from(discipleshipConnections)
    .where(eq(discipleshipConnections.id, id))
    .for("update");
  return row;
}

export async function setConnectionStatus(tx: Tx, id: number, status: ConnectionStatus) {
  await tx
    .update(discipleshipConnections)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(discipleshipConnections.id, id));
}

const mentor = aliasedTable(users, "mentor");
const mentee = aliasedTable(users, "mentee");

export interface ConnectionRow {
  id: number;
  mentorId: number;
  menteeId: number;
  status: ConnectionStatus;
  focusAreas: string[];
  experienceLevel: string;
  createdAt: Date;
  mentorFirstName: string | null;
  mentorLastName: string | null;
  mentorImage: string | null;
  menteeFirstName: string | null;
  menteeLastName: string | null;
  menteeImage: string | null;
}

const connectionColumns = {
  id: discipleshipConnections.id,
  mentorId: discipleshipConnections.mentorId,
  menteeId: discipleshipConnections.menteeId,
  status: discipleshipConnections.status,
  focusAreas: discipleshipConnections.focusAreas,
  experienceLevel: discipleshipConnections.experienceLevel,
  createdAt: discipleshipConnections.createdAt,
  mentorFirstName: mentor.firstName,
  mentorLastName: mentor.lastName,
  mentorImage: mentor.profileImageUrl,
  menteeFirstName: mentee.firstName,
  menteeLastName: mentee.lastName,
  menteeImage: mentee.profileImageUrl,
};

/**
 * The connection's columns with the other one's name and picture as the member `userId` may see
 * them (`personColumnsSeenBy`): shown while the two are partners (pending or active), hidden by
 * her setting once the connection was declined or completed. Her own name is always hers. The
 * service knows her by id only: an administrator is known here by her role.
 */
function connectionColumnsSeenBy(userId: number) {
  const viewer = memberOfStatement(sql`${userId}::int`);
  const mentorSeen = personColumnsSeenBy(viewer, "mentor");
  const menteeSeen = personColumnsSeenBy(viewer, "mentee");
  return {
    ...connectionColumns,
    mentorFirstName: mentorSeen.firstName,
    mentorLastName: mentorSeen.lastName,
    mentorImage: mentorSeen.profileImageUrl,
    menteeFirstName: menteeSeen.firstName,
    menteeLastName: menteeSeen.lastName,
    menteeImage: menteeSeen.profileImageUrl,
  };
}

/** The member's connections on either side, newest first, with both people in the same query. */
export async function listConnections(
  db: Db | Tx,
  userId: number,
  { limit, before }: { limit: number; before?: number },
): Promise<ConnectionRow[]> {
  return db
    .select(connectionColumnsSeenBy(userId))
    .from(discipleshipConnections)
    .innerJoin(mentor, eq(mentor.id, discipleshipConnections.mentorId))
    .innerJoin(mentee, eq(mentee.id, discipleshipConnections.menteeId))
    .where(
      and(
        or(eq(discipleshipConnections.mentorId, userId), eq(discipleshipConnections.menteeId, userId)),
        before === undefined ? undefined : lt(discipleshipConnections.id, before),
      ),
    )
    .orderBy(desc(discipleshipConnections.id))
    .limit(limit);
}

/**
 * One connection as the answer to one of its two members' action on it: names shown, since the
 * service calls it only for her and only where the two are partners or were until this action
 * (a decline of a pending match, the completion of an active one).
 */
export async function findConnection(db: Db | Tx, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select(connectionColumns)
    .from(discipleshipConnections)
    .innerJoin(mentor, eq(mentor.id, discipleshipConnections.mentorId))
    .innerJoin(mentee, eq(mentee.id, discipleshipConnections.menteeId))
    .where(eq(discipleshipConnections.id, id))
    .limit(1);
  return row;
}

/** Her own requests and offers still waiting for a match, newest first. */
export async function listWaiting(db: Db, userId: number, limit: number): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(discipleshipEntries)
    .where(and(eq(discipleshipEntries.userId, userId), eq(discipleshipEntries.status, "waiting")))
    .orderBy(desc(discipleshipEntries.id))
    .limit(limit);
}
