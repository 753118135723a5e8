import { z } from "zod";
import { LIMITS, MEMBERSHIP_TIERS, PASSWORD_MIN } from "../constants";
import { dateTime } from "./common";

export const emailSchema = z
  .string({ message: "Please enter a valid e-mail address" })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { message: "Please enter a valid e-mail address" })
  .pipe(z.email({ message: "Please enter a valid e-mail address" }));

export const passwordSchema = z
  .string({ message: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(LIMITS.password, { message: `Password must be at most ${LIMITS.password} characters` });

const nameSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(LIMITS.name, { message: `${label} must be at most ${LIMITS.name} characters` });

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ message: "Please enter your password" })
    .min(1, { message: "Please enter your password" })
    .max(LIMITS.password, { message: "Incorrect e-mail or password" }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in member as the browser sees it (SPEC §3 "Current user" plus isAdmin). */
export const currentUser = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  createdAt: dateTime,
  isAdmin: z.boolean(),
});
/** Response types are the schema's input side: what travels as JSON (dates as ISO strings). */
export type CurrentUser = z.input<typeof currentUser>;

/** Where to go after signing in: a local path only, never another site. */
export const returnToSchema = z
  .string()
  .max(LIMITS.url)
  .regex(/^\/(?!\/)[^\\\s]*$/)
  .optional()
  .catch(undefined);

export const AUTH_MESSAGES = {
  wrongCredentials: "Incorrect e-mail or password",
  emailTaken: "An account with this e-mail already exists. Try signing in instead.",
  unauthorized: "Unauthorized",
  forbidden: "You don't have permission to do that.",
} as const;
