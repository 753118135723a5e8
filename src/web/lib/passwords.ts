import { PASSWORD_MIN } from "~/core/constants";

/** Under a new password field: the rule of `passwordSchema`, said before she types. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

/** A "confirm password" field that differs from the new password (checked in the browser only). */
export const PASSWORDS_DIFFER = "The two passwords are not the same";
