import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import type { SeededMembers } from "./members";

/** One side of the demo conversation: who wrote, how long ago (hours), what she said. */
type Line = ["ruth" | "priscilla", number, string];

// Ruth and Priscilla, her mentor since last month, over a few days; the newest is unread for Ruth.
const WALK: Line[] = [
  [
    "priscilla",
    96,
    "Shalom Ruth! I loved what you shared about Psalm 23 on Tuesday. How are the mornings going?",
  ],
  [
    "ruth",
    95,
    "Shalom! Slowly. I managed three mornings this week before the children woke. The rest were coffee and chaos.",
  ],
  [
    "priscilla",
    94,
    "Three is a beginning, and chaos is where grace does its best work. Be gentle with yourself.",
  ],
  [
    "ruth",
    71,
    "I started reading about the feasts like you suggested. I never knew Sukkot was about dwelling with Him.",
  ],
  [
    "priscilla",
    70,
    "Yes! Temporary shelters, a permanent God. Would you like to read Leviticus 23 together next week?",
  ],
  ["ruth", 69, "I would love that. Thursday evening works best for me."],
  ["priscilla", 30, "Praying for your mother's appointment tomorrow. Let me know how it goes, dear one."],
  ["ruth", 26, "Thank you. The doctor was hopeful. I felt your prayers in that waiting room."],
  [
    "priscilla",
    3,
    "Praise God! I'm bringing the study notes on Thursday, and a loaf of challah for your little ones.",
  ],
];

/**
 * A warm conversation between the demo member and her mentor, with the newest message unread, and
 * a request waiting for her from Hannah, whom she does not walk with; what each would have been
 * told is in their notifications.
 */
export async function seedMessages(tx: Tx, members: SeededMembers) {
  const ruth = members.member.id;
  const byName = new Map(members.others.map((m) => [m.firstName?.toLowerCase(), m.id]));
  const priscilla = byName.get("priscilla")!;
  const hannah = byName.get("hannah")!;
  const pair = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  const conversation = async (
    startedBy: number,
    other: number,
    status: "open" | "requested",
    lines: [number, number, string][],
  ) => {
    const [{ id } = { id: 0 }] = (
      await tx.execute<{
        id: number;
      }>(sql`insert into direct_conversations (pair_key, status, started_by, created_at)
        values (${pair(startedBy, other)}, ${status}, ${startedBy}, ${hoursAgo(lines[0]![1])}) returning id`)
    ).rows;
    let lastId = 0;
    for (const [sender, hours, content] of lines) {
      const { rows } = await tx.execute<{ id: number }>(sql`insert into direct_messages
          (conversation_id, sender_id, content, created_at)
        values (${id}, ${sender}, ${content}, ${hoursAgo(hours)}) returning id`);
      lastId = rows[0]!.id;
    }
    await tx.execute(sql`update direct_conversations set last_message_id = ${lastId} where id = ${id}`);
    return { id, lastId };
  };

  // Hannah's request came before Priscilla's newest message, as the ids say.
  const request = await conversation(hannah, ruth, "requested", [
    [
      hannah,
      20,
      "Hi Ruth, I read your prayer request about your mother and wanted to say I've walked that road too. I'd be glad to talk if it would help.",
    ],
  ]);
  await tx.execute(sql`insert into direct_conversation_members
      (conversation_id, user_id, last_message_id, last_read_message_id, unread_count, created_at)
    values (${request.id}, ${ruth}, ${request.lastId}, 0, 1, ${hoursAgo(20)}),
      (${request.id}, ${hannah}, ${request.lastId}, 0, 0, ${hoursAgo(20)})`);

  // Everything but Priscilla's last message was read by both.
  const walk = await conversation(
    priscilla,
    ruth,
    "open",
    WALK.map(([who, hours, content]) => [who === "ruth" ? ruth : priscilla, hours, content]),
  );
  await tx.execute(sql`insert into direct_conversation_members
      (conversation_id, user_id, last_message_id, last_read_message_id, unread_count, created_at)
    values (${walk.id}, ${ruth}, ${walk.lastId}, ${walk.lastId - 1}, 1, ${hoursAgo(96)}),
      (${walk.id}, ${priscilla}, ${walk.lastId}, ${walk.lastId}, 0, ${hoursAgo(96)})`);

  await tx.execute(sql`insert into notifications
      (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, created_at, read_at)
    values (${ruth}, 'message', ${walk.id}, ${String(walk.lastId)}, ${priscilla}, 'Priscilla', ${hoursAgo(3)}, null),
      (${ruth}, 'message_request', ${request.id}, ${String(request.id)}, ${hannah}, 'Hannah', ${hoursAgo(20)}, null)`);
}
