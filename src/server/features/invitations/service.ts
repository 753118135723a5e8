import { personName } from "../../../core/format";
import { INVITATION_DAYS, INVITATION_MESSAGES } from "../../../core/invitations/messages";
import { mail, site } from "../../auth/account-mail";
import type { SessionUser } from "../../auth/sessions";
import { linkTokenHash, newLinkToken } from "../../auth/tokens";
import type { AppConfig } from "../../config";
import { type Db, isUniqueViolation } from "../../db/client";
import { conflict, notFound } from "../../http/errors";
import { invitationMail } from "../../mail/templates";
import { recordModeration } from "../moderation";
import * as q from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the mailed link leads: the register page, which reads the invitation. */
export const invitationLink = (config: AppConfig, token: string) =>
  `${config.publicUrl}/register?invitation=${encodeURIComponent(token)}`;

const nameOf = (person: { firstName: string | null; lastName: string | null; email?: string | null }) =>
  personName(person, { form: "full", nameless: "An administrator" });

/**
 * Invites an address: one waiting invitation per address, so an earlier one still waiting is
 * withdrawn; the mail leaves in the same transaction, naming who invited her and the ministry as it
 * is called now. An address that already has an account needs none (409).
 */
export async function invite(db: Db, config: AppConfig, viewer: SessionUser, email: string) {
  if (await q.accountExists(db, email)) throw conflict(INVITATION_MESSAGES.alreadyMember);
  const { token, tokenHash } = newLinkToken();
  const inviterName = nameOf(viewer);
  try {
    return await db.transaction(async (tx) => {
      await q.withdrawFor(tx, email);
      const row = await q.insert(tx, {
        email,
        tokenHash,
        invitedBy: viewer.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      });
      await recordModeration(tx, { actorId: viewer.id, action: "invitation_sent", detail: `To ${email}` });
      await mail(
        tx,
        `invitation:${email}`,
        email,
        invitationMail({
          ...site(config),
          inviterName,
          link: invitationLink(config, token),
          days: INVITATION_DAYS,
        }),
      );
      return { ...row, invitedBy: inviterName };
    });
  } catch (err) {
    // Another administrator invited the same address at the same moment: hers stands.
    if (isUniqueViolation(err)) throw conflict("An invitation to this address was sent a moment ago.");
    throw err;
  }
}

export async function pending(db: Db, page: { limit: number; before?: number }) {
  const rows = await q.listWaiting(db, page);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    invitedBy:
      r.inviterEmail === null
        ? null
        : nameOf({ firstName: r.inviterFirstName, lastName: r.inviterLastName, email: r.inviterEmail }),
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
  }));
}

/** Withdraws an invitation still waiting (its link stops working), in the log; 404 otherwise. */
export async function revoke(db: Db, viewer: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const row = await q.revoke(tx, id);
    if (!row) throw notFound(INVITATION_MESSAGES.notFound);
    await recordModeration(tx, {
      actorId: viewer.id,
      action: "invitation_revoked",
      detail: `To ${row.email}`,
    });
  });
}

/** What the register page shows of a link's invitation; 404 once it no longer works. */
export async function preview(db: Db, config: AppConfig, token: string) {
  const row = await q.waitingByHash(db, linkTokenHash(token));
  if (!row) throw notFound(INVITATION_MESSAGES.invalid);
  return { email: row.email, siteName: config.siteName };
}
