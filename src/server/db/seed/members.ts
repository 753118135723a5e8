import { hashPassword } from "../../auth/passwords";
import type { Tx } from "../client";
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
