import { PASSWORD_MIN } from "~/core/constants";
import type { MessageId } from "~/core/i18n";

// English, the catalogue's keys: a field shows its hint and its error in the page's language (`Field`).

/** Under a new password field: the rule of `passwordSchema`, said before she types. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

/** A "confirm password" field that differs from the new password (checked in the browser only). */
export const PASSWORDS_DIFFER: MessageId = "The two passwords are not the same";
