import type { Tx } from "../client";
import {
  cultivationGroupMembers,
  cultivationGroups,
  cultivationJoinRequests,
  localGroupMembers,
  localGroups,
} from "../schema";
import content from "./groups.json";
import { type SeededMembers, seededMember } from "./members";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** Who joined a demo group (a demo member's first name, in lower case), in which role, how long ago. */
interface Seat<Role> {
  member: string;
  role: Role;
  daysAgo: number;
}

/** A demo group: its own columns, its founder, and its members from the first. */
type DemoGroup<Table extends { $inferInsert: object }, Role> = Omit<
  Table["$inferInsert"],
  "memberCount" | "createdBy" | "createdAt"
> & { founder: string; daysAgo: number; seats: Seat<Role>[] };

interface GroupsContent {
  cultivation: Array<
    DemoGroup<typeof cultivationGroups, "admin" | "member"> & {
      requests?: Array<{ member: string; message: string | null; daysAgo: number }>;
    }
  >;
  local: Array<DemoGroup<typeof localGroups, "leader" | "member">>;
}

/** Six cultivation groups across the categories and four local groups in different cities (groups.json). */
export async function seedGroups(tx: Tx, members: SeededMembers) {
  const { cultivation, local } = content as GroupsContent;
  const who = seededMember(members);
  /** Who founded a group, when, and how many it counts from the first. */
  const founded = (founder: string, age: number, seats: unknown[]) => ({
    createdBy: who(founder).id,
    createdAt: daysAgo(age),
    memberCount: seats.length,
  });
  const seated = <Role>(groupId: number, seats: Seat<Role>[]) =>
    seats.map((s) => ({ groupId, userId: who(s.member).id, role: s.role, joinedAt: daysAgo(s.daysAgo) }));

  for (const { founder, daysAgo: age, seats, requests = [], ...group } of cultivation) {
    const [row] = await tx
      .insert(cultivationGroups)
      .values({ ...group, ...founded(founder, age, seats) })
      .returning({ id: cultivationGroups.id });
    await tx.insert(cultivationGroupMembers).values(seated(row!.id, seats));
    if (requests.length === 0) continue;
    await tx.insert(cultivationJoinRequests).values(
      requests.map((r) => ({
        groupId: row!.id,
        userId: who(r.member).id,
        requestMessage: r.message,
        createdAt: daysAgo(r.daysAgo),
      })),
    );
  }

  for (const { founder, daysAgo: age, seats, ...group } of local) {
    const [row] = await tx
      .insert(localGroups)
      .values({ ...group, ...founded(founder, age, seats) })
      .returning({ id: localGroups.id });
    await tx.insert(localGroupMembers).values(seated(row!.id, seats));
  }
}
