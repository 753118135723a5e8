import { linkTokenHash } from "../../auth/tokens";
import type { Db, Tx } from "../../db/client";
import * as q from "./queries";

/**
 * What accounts use of invitations (decision 064): the waiting invitation a registration carries or
 * an external sign-in's proven address has, and using it up in the transaction that opens the account.
 */
export const waitingInvitation = (db: Db | Tx, token: string) => q.waitingByHash(db, linkTokenHash(token));
export const waitingInvitationFor = (db: Db | Tx, email: string) =>
  q.waitingForEmail(db, email.toLowerCase());
export const acceptInvitation = (tx: Tx, id: number, userId: number) => q.accept(tx, id, userId);
