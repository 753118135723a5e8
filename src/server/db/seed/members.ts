import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/passwords";
import { endAllSessions } from "../../auth/sessions";
import type { Database, Tx } from "../client";
import { users } from "../schema";

export const DEMO_PASSWORD = "mishpacha-demo";
export const DEMO_MEMBER_EMAIL = "ruth@example.com";
export const DEMO_ADMIN_EMAIL = "naomi@example.com";

const others = [
  ["Hannah", "Levi", "hannah@example.com"],
  ["Esther", "Cohen", "esther@example.com"],
  ["Lydia", "Brooks", "lydia@example.com"],
  ["Deborah", "Martin", "deborah@example.com"],
  ["Priscilla", "Nguyen", "priscilla@example.com"],
  ["Abigail", "Rivera", "abigail@example.com"],
] as const;

/** Every demo account's address: the demo member, the demo administrator and their neighbours. */
export const DEMO_EMAILS = [DEMO_MEMBER_EMAIL, DEMO_ADMIN_EMAIL, ...others.map(([, , email]) => email)];

/** The demo member, the demo administrator and a few neighbours to fill the community. */
export async function seedMembers(tx: Tx) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const rows = await tx
    .insert(users)
    .values([
      {
        email: DEMO_MEMBER_EMAIL,
        passwordHash,
        emailVerifiedAt: new Date(),
        firstName: "Ruth",
        lastName: "Abrams",
        bio: "Mother of three, learning to rest in grace one morning at a time.",
        createdAt: daysAgo(120),
      },
      {
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        emailVerifiedAt: new Date(),
        firstName: "Naomi",
        lastName: "Feldman",
        role: "admin" as const,
        membershipTier: "premium" as const,
        createdAt: daysAgo(400),
      },
      ...others.map(([firstName, lastName, email], i) => ({
        email,
        passwordHash,
        emailVerifiedAt: new Date(),
        firstName,
        lastName,
        createdAt: daysAgo(10 + i * 17),
      })),
    ])
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  return {
    member: byEmail.get(DEMO_MEMBER_EMAIL)!,
    admin: byEmail.get(DEMO_ADMIN_EMAIL)!,
    others: others.map(([, , email]) => byEmail.get(email)!),
  };
}

export type SeededMembers = Awaited<ReturnType<typeof seedMembers>>;

/**
 * A seeded member by her first name in lower case ("ruth", "naomi", "hannah"…), as the demo content
 * in the JSON files beside this one names her.
 */
export function seededMember(members: SeededMembers) {
  const everyone = [members.member, members.admin, ...members.others];
  return (name: string) => {
    const found = everyone.find((m) => m.firstName?.toLowerCase() === name);
    if (!found) throw new Error(`The demo content names "${name}", who is not a demo member`);
    return found;
  };
}

/**
 * The trial is open to the network: each demo account still on the README's password gets one of
 * its own, answered here to be printed once, and its sessions end. An account whose password was
 * changed keeps it; a later start finds none left on the documented one and prints nothing.
 */
export async function giveDemoAccountsTheirOwnPasswords(database: Database) {
  const accounts = await database.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  const given: { email: string; password: string }[] = [];
  for (const account of accounts) {
    if (!(await verifyPassword(account.passwordHash, DEMO_PASSWORD))) continue;
    const password = randomBytes(12).toString("base64url");
    await database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, account.id));
      await endAllSessions(tx, account.id);
    });
    given.push({ email: account.email, password });
  }
  return given;
}
