import { sql } from "drizzle-orm";
import { isMentorLevel } from "../../../core/constants";
import { type CreateConnectionBody, DISCIPLESHIP_MESSAGES } from "../../../core/discipleship/schemas";
import { blockedEitherWay } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { conflict, forbidden, notFound } from "../../http/errors";
import { notify } from "../notifications";
import type { ConnectionRow, EntryRow } from "./queries";
import * as q from "./queries";

const NOT_FOUND = "Connection not found";
/** Waiting requests and offers shown at the top of the first page. */
const WAITING_LIMIT = 50;

interface Viewer {
  id: number;
}

function present(row: ConnectionRow, viewerId: number) {
  return {
    id: row.id,
    kind: "connection" as const,
    role: row.mentorId === viewerId ? ("mentor" as const) : ("mentee" as const),
    status: row.status,
    mentorId: row.mentorId,
    mentor: {
      id: row.mentorId,
      firstName: row.mentorFirstName,
      lastName: row.mentorLastName,
      profileImageUrl: row.mentorImage,
    },
    mentee: {
      id: row.menteeId,
      firstName: row.menteeFirstName,
      lastName: row.menteeLastName,
      profileImageUrl: row.menteeImage,
    },
    focusAreas: row.focusAreas,
    experienceLevel: row.experienceLevel,
    createdAt: row.createdAt,
  };
}

function presentEntry(entry: EntryRow) {
  return {
    id: entry.id,
    kind: entry.kind,
    role: entry.kind === "offer" ? ("mentor" as const) : ("mentee" as const),
    status: "waiting" as const,
    mentorId: null,
    mentor: null,
    mentee: null,
    focusAreas: entry.focusAreas,
    experienceLevel: entry.experienceLevel,
    createdAt: entry.createdAt,
  };
}

/** Whether either of the two blocked the other (decision 040): they are never brought together. */
async function blockedBetween(tx: Tx, a: number, b: number): Promise<boolean> {
  const result = await tx.execute<{ blocked: boolean }>(sql`select ${blockedEitherWay(a, b)} as blocked`);
  return result.rows[0]?.blocked === true;
}

/**
 * Pairs a waiting request or offer with the oldest waiting counterpart that shares a focus area.
 * Call under `lockMatching`. Returns the new pending connection's id, if any. Both are told,
 * except `actorId`, whose action made the match. Two members of whom either blocked the other are
 * never paired: both keep waiting, and neither is told why.
 */
async function matchEntry(tx: Tx, entry: EntryRow, actorId: number): Promise<number | undefined> {
  const counterpart = await q.findCounterpart(tx, entry);
  if (!counterpart || (await blockedBetween(tx, entry.userId, counterpart.userId))) return undefined;
  const [request, offer] = entry.kind === "request" ? [entry, counterpart] : [counterpart, entry];
  const shared = request.focusAreas.filter((area) => offer.focusAreas.includes(area));
  await q.setEntryStatus(tx, [entry.id, counterpart.id], "matched");
  const connectionId = await q.insertConnection(tx, {
    mentorId: offer.userId,
    menteeId: request.userId,
    requestId: request.id,
    offerId: offer.id,
    focusAreas: shared,
    // The relationship is described by where the mentee is in her walk.
    experienceLevel: request.experienceLevel,
  });
  const told = { actorId, subjectId: connectionId };
  await notify(tx, "discipleship_mentor_matched", { ...told, recipients: [request.userId] });
  await notify(tx, "discipleship_mentee_matched", { ...told, recipients: [offer.userId] });
  return connectionId;
}

export async function list(db: Db, viewer: Viewer, page: { limit: number; before?: number }) {
  const connections = await q.listConnections(db, viewer.id, page);
  const waiting = page.before === undefined ? await q.listWaiting(db, viewer.id, WAITING_LIMIT) : [];
  return [...waiting.map(presentEntry), ...connections.map((c) => present(c, viewer.id))];
}

export async function submit(db: Db, viewer: Viewer, body: CreateConnectionBody) {
  return db.transaction(async (tx) => {
    await q.lockMatching(tx);
    const entry = await q.insertEntry(tx, {
      userId: viewer.id,
      kind: isMentorLevel(body.experienceLevel) ? "offer" : "request",
      experienceLevel: body.experienceLevel,
      focusAreas: body.focusAreas.map((area) => area.toLowerCase()),
    });
    const connectionId = await matchEntry(tx, entry, viewer.id);
    if (connectionId === undefined) return { ...presentEntry(entry), matched: false };
    const row = await q.findConnection(tx, connectionId);
    return { ...present(row!, viewer.id), matched: true };
  });
}

/** Locks the connection and checks that the member is one of its two people (404 otherwise). */
async function lockOwnConnection(tx: Tx, viewer: Viewer, id: number) {
  const row = await q.findConnectionForUpdate(tx, id);
  if (!row || (row.mentorId !== viewer.id && row.menteeId !== viewer.id)) throw notFound(NOT_FOUND);
  return row;
}

/**
 * The mentor takes the match up. Between two members of whom either blocked the other there is
 * nothing to accept: to both it is not there (404), and neither is told of the block.
 */
export async function accept(db: Db, viewer: Viewer, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockOwnConnection(tx, viewer, id);
    if (await blockedBetween(tx, row.mentorId, row.menteeId)) throw notFound(NOT_FOUND);
    if (row.mentorId !== viewer.id) throw forbidden(DISCIPLESHIP_MESSAGES.onlyMentor);
    if (row.status !== "pending") throw conflict(DISCIPLESHIP_MESSAGES.notPending);
    await q.setConnectionStatus(tx, id, "active");
    await notify(tx, "discipleship_accepted", {
      recipients: [row.menteeId],
      actorId: viewer.id,
      subjectId: id,
    });
    return present((await q.findConnection(tx, id))!, viewer.id);
  });
}

export async function decline(db: Db, viewer: Viewer, id: number) {
  return db.transaction(async (tx) => {
    await q.lockMatching(tx);
    const row = await lockOwnConnection(tx, viewer, id);
    if (row.mentorId !== viewer.id) throw forbidden(DISCIPLESHIP_MESSAGES.onlyMentor);
    if (row.status !== "pending") throw conflict(DISCIPLESHIP_MESSAGES.notPending);
    await q.setConnectionStatus(tx, id, "declined");
    // The mentee is not left without a mentor: her request goes back to waiting, and is matched
    // at once if another mentor who shares her focus is already waiting.
    if (row.requestId !== null) {
      const request = await q.findEntryForUpdate(tx, row.requestId);
      if (request?.status === "matched") {
        await q.setEntryStatus(tx, [request.id], "waiting");
        await matchEntry(tx, { ...request, status: "waiting" }, viewer.id);
      }
    }
    return present((await q.findConnection(tx, id))!, viewer.id);
  });
}

export async function complete(db: Db, viewer: Viewer, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockOwnConnection(tx, viewer, id);
    if (row.status !== "active") throw conflict(DISCIPLESHIP_MESSAGES.notActive);
    await q.setConnectionStatus(tx, id, "completed");
    // The other of the two is told; notify never tells the one who acted.
    await notify(tx, "discipleship_completed", {
      recipients: [row.mentorId, row.menteeId],
      actorId: viewer.id,
      subjectId: id,
    });
    return present((await q.findConnection(tx, id))!, viewer.id);
  });
}

/** Takes back a request or offer that has not been matched yet. */
export async function withdraw(db: Db, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    await q.lockMatching(tx);
    const entry = await q.findEntryForUpdate(tx, id);
    if (!entry || entry.userId !== viewer.id) throw notFound("Request not found");
    if (entry.status !== "waiting") throw conflict(DISCIPLESHIP_MESSAGES.notWaiting);
    await q.setEntryStatus(tx, [id], "withdrawn");
  });
}
