import { randomBytes } from "node:crypto";
import { AUTH_MESSAGES } from "../../../core/auth/schemas";
import { SETUP_LINK_GONE, type SetupBody } from "../../../core/setup/schemas";
import { activityName, recordActivity } from "../../activity/record";
import { sendVerification } from "../../auth/account-mail";
import { findUserByEmail } from "../../auth/accounts";
import { hashPassword } from "../../auth/passwords";
import { hashToken } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import { type Db, isUniqueViolation } from "../../db/client";
import { conflict, notFound } from "../../http/errors";
import { saveSettings } from "../settings";
import {
  insertOwner,
  lockSetup,
  ownerExists,
  replaceSetupTokens,
  setupTokenWorks,
  useSetupToken,
} from "./queries";

/** How long a setup link works. */
const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The address of the setup page with this token. */
const setupUrl = (config: Pick<AppConfig, "publicUrl">, token: string) =>
  `${config.publicUrl}/setup?token=${token}`;

/**
 * A fresh one-time setup link while the ministry has no owner (every earlier link stops working), or
 * null once it has one. Only the token's SHA-256 is kept: the link is shown once, where it is made.
 */
export async function issueSetupLink(db: Db, config: Pick<AppConfig, "publicUrl" | "adminEmails">) {
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await ownerExists(tx, config)) return null;
    const token = randomBytes(32).toString("base64url");
    await replaceSetupTokens(tx, hashToken(token), new Date(Date.now() + SETUP_LINK_TTL_MS));
    return setupUrl(config, token);
  });
}

/** Whether the setup page may open with this token: it works, and the ministry has no owner yet. */
export async function setupLinkWorks(db: Db, config: Pick<AppConfig, "adminEmails">, token: string) {
  if (!token) return false;
  return (await setupTokenWorks(db, hashToken(token))) && !(await ownerExists(db, config));
}

/** Of the names she gives, those the server's environment does not set (its own win: decision 063). */
const namesSheSets = (config: AppConfig, input: Pick<SetupBody, "ministryName" | "founderName">) => ({
  ...(!config.settingsFromEnvironment.has("siteName") && { siteName: input.ministryName }),
  ...(!config.settingsFromEnvironment.has("founderName") && { founderName: input.founderName }),
});

/** The check the page makes before showing its form: 404 unless the link works; the names the server sets. */
export async function checkSetupLink(db: Db, config: AppConfig, token: string) {
  if (!(await setupLinkWorks(db, config, token))) throw notFound(SETUP_LINK_GONE);
  return {
    ministryName: config.settingsFromEnvironment.has("siteName") ? config.siteName : null,
    founderName: config.settingsFromEnvironment.has("founderName") ? config.founderName : null,
  };
}

/**
 * Sets the ministry up, in one transaction: uses the link up, makes her account an administrator,
 * keeps the ministry's and the founder's names, and mails her the link that confirms her address.
 * A link that does not work, or a ministry that has its owner, is a 404 and changes nothing.
 */
export async function setUpMinistry(db: Db, config: AppConfig, input: SetupBody) {
  const tokenHash = hashToken(input.token);
  if (!(await setupLinkWorks(db, config, input.token))) throw notFound(SETUP_LINK_GONE);
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await lockSetup(tx);
      if (!(await useSetupToken(tx, tokenHash)) || (await ownerExists(tx, config))) {
        throw notFound(SETUP_LINK_GONE);
      }
      const user = await insertOwner(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      await recordActivity(
        tx,
        "member_joined",
        { name: activityName(input), ministry: input.ministryName },
        user.id,
      );
      // The site's settings keep the names (the Settings tab changes them later), applied at once.
      await saveSettings(tx, config, user.id, namesSheSets(config, input));
      await sendVerification(tx, config, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw err;
  }
}
