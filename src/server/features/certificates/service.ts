import { randomBytes } from "node:crypto";
import { personName } from "../../../core/format";
import { LESSON_MESSAGES } from "../../../core/lessons/rules";
import type { AppConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import { certificatePdf } from "./pdf";
import * as q from "./queries";

/** A certificate's code: 16 URL-safe characters (96 random bits), its public page's address. */
const newCode = () => randomBytes(12).toString("base64url");

/**
 * Makes her certificate for the course, once, when the lesson just finished brings her to 100 %
 * (every lesson finished): called in the transaction of that lesson's completion, so the
 * certificate exists exactly when the completion does. Answers the new certificate, or null when
 * she has not finished yet or already has one. `now` is the server's clock (a test may set it).
 */
export function issueCertificateIfComplete(
  tx: Tx,
  userId: number,
  courseId: number,
  now = new Date(),
): Promise<{ code: string; issuedAt: Date } | null> {
  return q.issueIfComplete(tx, userId, courseId, newCode(), now);
}

export function myCertificates(db: Db, userId: number) {
  return q.certificatesOf(db, userId);
}

/**
 * A certificate as its public page shows it, or as its PDF is made: anyone may open it by its code,
 * unless she hid it (then only she may), or her account is suspended. Everyone else hears it does
 * not exist.
 */
async function visibleCertificate(db: Db, viewerId: number | null, code: string) {
  const row = await q.certificateByCode(db, code);
  const hers = row !== undefined && viewerId === row.userId;
  if (!row || (!hers && (row.hidden || row.suspended))) throw notFound(LESSON_MESSAGES.certificateNotFound);
  return row;
}

const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  personName(row, { form: "full", nameless: "A member" });

/** Only her name, the course and the date. */
export async function publicCertificate(db: Db, viewerId: number | null, code: string) {
  const row = await visibleCertificate(db, viewerId, code);
  return { name: nameOf(row), courseTitle: row.courseTitle, issuedAt: row.issuedAt };
}

export async function setCertificateHidden(db: Db, userId: number, code: string, hidden: boolean) {
  const row = await q.setHidden(db, userId, code, hidden);
  if (!row) throw notFound(LESSON_MESSAGES.certificateNotFound);
  return row;
}

/** The address where anyone may check a certificate (the public page). */
export const verifyUrlOf = (config: AppConfig, code: string) =>
  `${config.publicUrl}/certificates/${encodeURIComponent(code)}`;

/** Its PDF: A4, her name, the course, the date (in her zone, else the ministry's) and the address to check it. */
export async function certificateFile(db: Db, config: AppConfig, viewerId: number | null, code: string) {
  const row = await visibleCertificate(db, viewerId, code);
  const pdf = await certificatePdf({
    siteName: config.siteName,
    name: nameOf(row),
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt,
    timeZone: row.timeZone ?? config.timeZone,
    verifyUrl: verifyUrlOf(config, row.code),
  });
  return { pdf, courseTitle: row.courseTitle };
}
