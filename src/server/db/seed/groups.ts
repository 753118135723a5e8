import type { Tx } from "../client";
import {
  cultivationGroupMembers,
  cultivationGroups,
  cultivationJoinRequests,
  localGroupMembers,
  localGroups,
} from "../schema";
import type { SeededMembers } from "./members";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** Six cultivation groups across the categories and four local groups in different cities. */
export async function seedGroups(tx: Tx, members: SeededMembers) {
  const { member: ruth, admin: naomi } = members;
  const [hannah, esther, lydia, deborah, priscilla, abigail] = members.others;
  if (!hannah || !esther || !lydia || !deborah || !priscilla || !abigail) {
    throw new Error("seedGroups needs the six demo neighbours");
  }

  type Seat = { userId: number; role: "admin" | "member"; days: number };
  const cultivation: Array<{
    group: Omit<typeof cultivationGroups.$inferInsert, "memberCount">;
    seats: Seat[];
    requests?: Array<{ userId: number; message: string | null; days: number }>;
  }> = [
    {
      group: {
        name: "Daughters of Zion Circle",
        description:
          "A circle for Messianic Jewish women and friends of Israel. We walk through the biblical feasts, share Shabbat traditions and read the Scriptures with their Hebrew roots in view.",
        category: "cultural",
        guidelines:
          "What is shared in the circle stays in the circle.\nCome as you are: questions are as welcome as answers.\nWe honour one another's traditions and families.",
        isPrivate: true,
        requiresApproval: true,
        maxMembers: 30,
        createdBy: naomi.id,
        createdAt: daysAgo(90),
      },
      seats: [
        { userId: naomi.id, role: "admin", days: 90 },
        { userId: hannah.id, role: "admin", days: 80 },
        { userId: esther.id, role: "member", days: 62 },
      ],
      requests: [
        {
          userId: abigail.id,
          message: "My grandmother kept Shabbat and I'd love to learn the feasts with other women.",
          days: 2,
        },
      ],
    },
    {
      group: {
        name: "Home Front Sisters",
        description:
          "A fellowship for military wives: deployments, moves and long nights. We pray for our husbands and for one another, and keep each other company across time zones.",
        category: "support",
        guidelines:
          "Never post deployment dates or locations.\nPray before you advise.\nCheck in on the quiet ones.",
        isPrivate: true,
        requiresApproval: true,
        maxMembers: 40,
        createdBy: deborah.id,
        createdAt: daysAgo(75),
      },
      seats: [
        { userId: deborah.id, role: "admin", days: 75 },
        { userId: naomi.id, role: "admin", days: 70 },
        { userId: priscilla.id, role: "member", days: 40 },
      ],
      requests: [{ userId: lydia.id, message: null, days: 1 }],
    },
    {
      group: {
        name: "Little Arrows: Young Mothers",
        description:
          "Support for mothers of little ones. Short devotions you can read during nap time, honest conversation about the hard days, and prayer for our children.",
        category: "life-stage",
        guidelines: "Short messages are fine. Grace over guilt, always.",
        isPrivate: false,
        requiresApproval: false,
        maxMembers: 50,
        createdBy: lydia.id,
        createdAt: daysAgo(60),
      },
      seats: [
        { userId: lydia.id, role: "admin", days: 60 },
        { userId: ruth.id, role: "member", days: 45 },
        { userId: abigail.id, role: "member", days: 20 },
      ],
    },
    {
      group: {
        name: "Women of the Word: Proverbs 31",
        description:
          "A twelve-week study of Proverbs 31, one verse at a time. We read the passage in several translations, answer a few questions and pray it back to God.",
        category: "study",
        guidelines: "Do the reading before we meet. Bring your questions and your Bible.",
        isPrivate: false,
        requiresApproval: false,
        maxMembers: 60,
        createdBy: esther.id,
        createdAt: daysAgo(40),
      },
      seats: [
        { userId: esther.id, role: "admin", days: 40 },
        { userId: naomi.id, role: "member", days: 38 },
        { userId: hannah.id, role: "member", days: 30 },
        { userId: deborah.id, role: "member", days: 12 },
      ],
    },
    {
      group: {
        name: "Open Door Hospitality",
        description:
          "For women whose ministry is the kitchen table. We share ideas for welcoming neighbours, newcomers and those far from church, and we pray for our guests.",
        category: "ministry",
        guidelines: null,
        isPrivate: false,
        requiresApproval: true,
        maxMembers: 25,
        createdBy: priscilla.id,
        createdAt: daysAgo(25),
      },
      seats: [
        { userId: priscilla.id, role: "admin", days: 25 },
        { userId: ruth.id, role: "member", days: 10 },
      ],
    },
    {
      group: {
        name: "Psalms & Paintbrushes",
        description:
          "Creative Bible journaling. Each week we choose a psalm, illustrate a verse that speaks to us, and share what the Lord showed us while we worked.",
        category: "interests",
        guidelines: "All skill levels welcome. Share your page if you like; no pressure.",
        isPrivate: true,
        requiresApproval: false,
        maxMembers: 20,
        createdBy: abigail.id,
        createdAt: daysAgo(14),
      },
      seats: [
        { userId: abigail.id, role: "admin", days: 14 },
        { userId: hannah.id, role: "member", days: 9 },
      ],
    },
  ];

  for (const { group, seats, requests = [] } of cultivation) {
    const [row] = await tx
      .insert(cultivationGroups)
      .values({ ...group, memberCount: seats.length })
      .returning({ id: cultivationGroups.id });
    await tx
      .insert(cultivationGroupMembers)
      .values(
        seats.map((s) => ({ groupId: row!.id, userId: s.userId, role: s.role, joinedAt: daysAgo(s.days) })),
      );
    if (requests.length > 0) {
      await tx.insert(cultivationJoinRequests).values(
        requests.map((r) => ({
          groupId: row!.id,
          userId: r.userId,
          requestMessage: r.message,
          createdAt: daysAgo(r.days),
        })),
      );
    }
  }

  const local: Array<{
    group: Omit<typeof localGroups.$inferInsert, "memberCount">;
    seats: Array<{ userId: number; role: "leader" | "member"; days: number }>;
  }> = [
    {
      group: {
        name: "Austin Sisters in the Word",
        description:
          "A weeknight Bible study for women in central Austin. We are reading through the Gospel of John, with childcare shared in turns.",
        meetingType: "Bible Study",
        location: "Austin, TX",
        address: "Hyde Park fellowship hall, room 204 (side entrance on 39th St)",
        meetingTime: "Tuesdays at 7:00 PM",
        contactInfo: "Text Lydia at (512) 555-0148",
        createdBy: lydia.id,
        createdAt: daysAgo(85),
      },
      seats: [
        { userId: lydia.id, role: "leader", days: 85 },
        { userId: ruth.id, role: "member", days: 30 },
      ],
    },
    {
      group: {
        name: "Shabbat Table Fellowship",
        description:
          "Once a month we light the candles, bless the bread and share a meal. Messianic and Christian women and their families are welcome.",
        meetingType: "Social Fellowship",
        location: "Brooklyn, NY",
        address: "Esther's home, 412 7th Avenue, Park Slope (ring apartment 3)",
        meetingTime: "First Friday of the month, 6:30 PM",
        contactInfo: "shabbat.table@example.com",
        createdBy: esther.id,
        createdAt: daysAgo(50),
      },
      seats: [
        { userId: esther.id, role: "leader", days: 50 },
        { userId: naomi.id, role: "member", days: 44 },
        { userId: hannah.id, role: "member", days: 21 },
      ],
    },
    {
      group: {
        name: "Morning Prayer Circle",
        description:
          "Coffee, a psalm, and an hour of prayer for our families, our city and the nations. Military spouses and newcomers especially welcome.",
        meetingType: "Prayer Group",
        location: "Colorado Springs, CO",
        address: "Community room, Cheyenne Mountain library branch",
        meetingTime: "Saturdays at 8:00 AM",
        contactInfo: "Deborah, (719) 555-0183",
        createdBy: deborah.id,
        createdAt: daysAgo(33),
      },
      seats: [{ userId: deborah.id, role: "leader", days: 33 }],
    },
    {
      group: {
        name: "Pages of Grace Book Club",
        description:
          "We read one Christian classic or memoir a month, from Corrie ten Boom to Elisabeth Elliot, and talk about it over dessert.",
        meetingType: "Book Club",
        location: "Nashville, TN",
        address: "Back room of The Well coffee house, 12 South",
        meetingTime: "Second Thursday, 6:30 PM",
        contactInfo: null,
        createdBy: priscilla.id,
        createdAt: daysAgo(18),
      },
      seats: [
        { userId: priscilla.id, role: "leader", days: 18 },
        { userId: abigail.id, role: "member", days: 6 },
      ],
    },
  ];

  for (const { group, seats } of local) {
    const [row] = await tx
      .insert(localGroups)
      .values({ ...group, memberCount: seats.length })
      .returning({ id: localGroups.id });
    await tx
      .insert(localGroupMembers)
      .values(
        seats.map((s) => ({ groupId: row!.id, userId: s.userId, role: s.role, joinedAt: daysAgo(s.days) })),
      );
  }
}
