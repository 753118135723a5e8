import {
  type AnsweredBody,
  type CreatePrayerBody,
  PRAYER_MESSAGES,
  PRAYER_RESPONSE_PREVIEW,
  type PrayerListQuery,
  type RespondBody,
} from "../../../core/prayer/schemas";
import {
  canSeePrayerRequest,
  hidesPrayerAuthorFrom,
  hidesPrayerResponseAuthorFrom,
  mayEditPost,
} from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { NewMemberLimits } from "../../config";
import type { Db } from "../../db/client";
import { forbidden, notFound } from "../../http/errors";
import { takeNewMemberPlace, withinNewMemberLimit } from "../moderation";
import { notify } from "../notifications";
import type { RequestRow, ResponseRow, Viewer } from "./queries";
import * as q from "./queries";

const NOT_FOUND = "Prayer request not found";
const ANONYMOUS = { firstName: "Anonymous", profileImageUrl: null };

const person = (row: {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}) => ({
  id: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
});

function presentResponse(viewer: Viewer, request: RequestRow, response: ResponseRow) {
  const hidden = hidesPrayerResponseAuthorFrom(viewer, response, request);
  return {
    id: response.id,
    content: response.content,
    isPraying: response.isPraying,
    createdAt: response.createdAt,
    editedAt: response.editedAt,
    user: hidden ? ANONYMOUS : person(response),
  };
}

function present(viewer: Viewer, row: RequestRow, responses: ResponseRow[]) {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt,
    isPrivate: row.isPrivate,
    isAnonymous: row.isAnonymous,
    isMine: row.userId === viewer.id,
    prayerCount: row.prayerCount,
    prayedByMe: row.prayedByMe,
    isAnswered: row.isAnswered,
    praiseNote: row.praiseNote,
    answeredAt: row.answeredAt,
    editedAt: row.editedAt,
    user: hidesPrayerAuthorFrom(viewer, row) ? ANONYMOUS : person(row),
    responses: responses.map((r) => presentResponse(viewer, row, r)),
    responseCount: row.responseCount,
  };
}

export type PresentedRequest = ReturnType<typeof present>;

export async function listWall(db: Db, viewer: Viewer, query: PrayerListQuery) {
  const rows = await q.listRequests(db, viewer, query);
  const responses = await q.latestResponses(
    db,
    viewer,
    rows.map((r) => r.id),
    PRAYER_RESPONSE_PREVIEW,
  );
  const byRequest = new Map<number, ResponseRow[]>();
  for (const r of responses) {
    const list = byRequest.get(r.prayerRequestId);
    if (list) list.push(r);
    else byRequest.set(r.prayerRequestId, [r]);
  }
  return rows.map((row) => present(viewer, row, byRequest.get(row.id) ?? []));
}

async function visibleRequest(db: Db, viewer: Viewer, id: number) {
  const row = await q.findAccess(db, viewer, id);
  if (!row || !canSeePrayerRequest(viewer, row)) throw notFound(NOT_FOUND);
  return row;
}

/** The author's name and picture come with her session (kept fresh when her row changes). */
export async function shareRequest(
  db: Db,
  limits: NewMemberLimits,
  viewer: Viewer & Pick<SessionUser, "firstName" | "lastName" | "profileImageUrl" | "createdAt">,
  body: CreatePrayerBody,
) {
  const isPrivate = body.isPrivate ?? false;
  const name = viewer.firstName?.trim() || null;
  const request = {
    userId: viewer.id,
    content: body.content,
    isPrivate,
    isAnonymous: body.isAnonymous,
    // Only a private request is shared this way: a public one is on the patrons' list already.
    shareWithIntercessors: isPrivate && body.shareWithIntercessors === true,
    activity: { kind: "prayer_shared" as const, params: { name, isPrivate } },
  };
  // Her place is taken before the batched insert: a refusal never holds up the requests shared
  // with hers.
  const saved = await withinNewMemberLimit(db, limits, viewer, "prayerRequests", () =>
    q.insertRequest(db, request),
  );
  // Written out rather than spread from `saved`: V8 builds `{ ...a, many more }` property by
  // property in a slow mode, several microseconds on the busiest write.
  const row: RequestRow = {
    id: saved.id,
    createdAt: saved.createdAt,
    isAnonymous: saved.isAnonymous,
    userId: viewer.id,
    content: body.content,
    isPrivate,
    prayerCount: 0,
    isAnswered: false,
    praiseNote: null,
    answeredAt: null,
    editedAt: null,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    profileImageUrl: viewer.profileImageUrl,
    prayedByMe: false,
    responseCount: 0,
  };
  return present(viewer, row, []);
}

export async function pray(db: Db, viewer: Viewer, id: number) {
  const prayerCount = await q.prayOnce(db, { viewer, requestId: id });
  if (prayerCount === undefined) throw notFound(NOT_FOUND);
  return { id, prayerCount, prayedByMe: true };
}

export async function respond(
  db: Db,
  limits: NewMemberLimits,
  viewer: Viewer & Pick<SessionUser, "createdAt">,
  id: number,
  body: RespondBody,
) {
  const access = await visibleRequest(db, viewer, id);
  // A member she blocked may not answer her; he is told only that the request is not there.
  if (access.blockedByAuthor) throw notFound(NOT_FOUND);
  const saved = await db.transaction(async (tx) => {
    // In the transaction: a response that is not saved gives her place back.
    await takeNewMemberPlace(tx, limits, viewer, "posts");
    const response = await q.insertResponse(tx, {
      prayerRequestId: id,
      userId: viewer.id,
      content: body.content,
      isPraying: body.isPraying,
    });
    await notify(tx, "prayer_response", {
      recipients: [access.userId],
      actorId: viewer.id,
      subjectId: id,
      dedupeKey: response.id,
    });
    // "I'm praying for you" is a prayer: it counts once, like the "I prayed" button.
    if (body.isPraying) await q.markPrayed(tx, id, viewer.id);
    return response;
  });
  const request = await q.findRequest(db, viewer, id);
  const response = await q.findResponse(db, viewer, saved.id);
  return presentResponse(viewer, request!, response!);
}

export async function responses(
  db: Db,
  viewer: Viewer,
  id: number,
  page: { limit: number; before?: number },
) {
  await visibleRequest(db, viewer, id);
  const request = await q.findRequest(db, viewer, id);
  const rows = await q.listResponses(db, viewer, id, page);
  return rows.map((r) => presentResponse(viewer, request!, r));
}

export async function markAnswered(db: Db, viewer: Viewer, id: number, body: AnsweredBody) {
  const row = await visibleRequest(db, viewer, id);
  if (!mayEditPost(viewer, row)) throw forbidden(PRAYER_MESSAGES.onlyAuthor);
  return db.transaction(async (tx) => {
    const answered = await q.markAnswered(tx, id, body.praiseNote ?? null);
    // Those who prayed hear of it once: editing the praise note later repeats the same key.
    await notify(tx, "prayer_answered", { recipients: q.prayedFor(id), actorId: viewer.id, subjectId: id });
    return answered;
  });
}

export async function defaults(db: Db, viewer: Viewer) {
  const member = await q.memberSettings(db, viewer.id);
  return { isAnonymous: member?.settings.showNameOnPrayerWall === false };
}
