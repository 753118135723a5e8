import { eq, sql } from "drizzle-orm";
import type { RegisterBody } from "../../core/schemas/auth";
import { AUTH_MESSAGES } from "../../core/schemas/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { recordActivity } from "../features/activity/record";
import { conflict, HttpError } from "../http/errors";
import { hashPassword, verifyPassword } from "./passwords";

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505";

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
};

export async function registerMember(db: Db, input: RegisterBody) {
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
        .returning();
      await recordActivity(
        tx,
        "member_joined",
        `${input.firstName} ${input.lastName} joined the community`,
        user!.id,
      );
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw err;
  }
}

/** The same answer for an unknown e-mail and a wrong password. */
export async function authenticate(db: Db, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new HttpError(401, AUTH_MESSAGES.wrongCredentials);
  return user;
}

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/** Creates or updates the member behind an external sign-in. */
export async function upsertOidcMember(db: Db, claims: OidcClaims) {
  const profile = {
    ...(claims.firstName !== undefined && { firstName: claims.firstName }),
    ...(claims.lastName !== undefined && { lastName: claims.lastName }),
    ...(claims.picture !== undefined && { profileImageUrl: claims.picture }),
    updatedAt: new Date(),
  };
  const [linked] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.oidcIssuer} = ${claims.issuer} and ${users.oidcSubject} = ${claims.subject}`)
    .limit(1);
  if (linked) {
    const [user] = await db
      .update(users)
      .set({ ...profile, email: claims.email })
      .where(eq(users.id, linked.id))
      .returning();
    return user!;
  }
  const existing = await findUserByEmail(db, claims.email);
  if (existing) {
    // Linking an existing account on an unverified address would let anyone claim it.
    if (!claims.emailVerified) throw conflict(AUTH_MESSAGES.emailTaken);
    const [user] = await db
      .update(users)
      .set({ ...profile, oidcIssuer: claims.issuer, oidcSubject: claims.subject })
      .where(eq(users.id, existing.id))
      .returning();
    return user!;
  }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: claims.email,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        profileImageUrl: claims.picture ?? null,
        oidcIssuer: claims.issuer,
        oidcSubject: claims.subject,
      })
      .returning();
    const name = [claims.firstName, claims.lastName].filter(Boolean).join(" ") || claims.email.split("@")[0];
    await recordActivity(tx, "member_joined", `${name} joined the community`, user!.id);
    return user!;
  });
}
