import { z } from "zod";
import { registerBody } from "../auth/schemas";
import type { MessageId } from "../i18n";
import { settingValues } from "../settings/schemas";

/** What she hears when a setup link does not work (wrong, expired, used, or the ministry is set up). */
export const SETUP_LINK_GONE: MessageId = "This setup link has expired or has already been used.";

/**
 * The token of the link the server printed at start-up (or `npm run setup-link`). Anything that is
 * not a working token is answered 404 by the service, whatever its shape.
 */
const setupToken = z.string({ message: SETUP_LINK_GONE }).trim().max(200, { message: SETUP_LINK_GONE });

/** POST /api/setup/check: the token in the page's address. */
export const setupLinkBody = z.object({ token: setupToken });
export type SetupLinkBody = z.infer<typeof setupLinkBody>;

/**
 * The link works. A name the server's environment sets (SITE_NAME, FOUNDER_NAME) is given, and the
 * form shows it as it is; null: she chooses it.
 */
export const setupLinkResult = z.object({
  ministryName: z.string().nullable(),
  founderName: z.string().nullable(),
});
export type SetupLinkResult = z.input<typeof setupLinkResult>;

/**
 * POST /api/setup: the ministry's and its founder's names, by the Settings tab's rules, and her
 * account, by the rules of registering.
 */
export const setupBody = registerBody
  .pick({ email: true, password: true, firstName: true, lastName: true })
  .extend({
    token: setupToken,
    ministryName: settingValues.siteName,
    founderName: settingValues.founderName,
  });
export type SetupBody = z.infer<typeof setupBody>;
