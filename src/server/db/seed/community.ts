import { sql } from "drizzle-orm";
import type { ActivityParams } from "../../activity/kinds";
import type { Tx } from "../client";
import {
  activityLog,
  discipleshipConnections,
  discipleshipEntries,
  prayerMarks,
  prayerRequests,
  prayerResponses,
} from "../schema";
import type { SeededMembers } from "./members";

const HOUR = 3_600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR);

/** The prayer wall with answered and waiting requests, and discipleship partners and offers. */
export async function seedCommunity(tx: Tx, members: SeededMembers) {
  const { member: ruth, admin: naomi } = members;
  const [hannah, esther, lydia, deborah, priscilla, abigail] = members.others;
  if (!hannah || !esther || !lydia || !deborah || !priscilla || !abigail) {
    throw new Error("seedCommunity needs the six demo neighbours");
  }

  interface Seed {
    by: { id: number; firstName: string | null };
    hours: number;
    content: string;
    isPrivate?: boolean;
    isAnonymous?: boolean;
    praise?: { note: string; hours: number };
    prayedBy: Array<{ id: number }>;
    responses?: Array<{ by: { id: number }; hours: number; content: string; isPraying: boolean }>;
  }

  const seeds: Seed[] = [
    {
      by: hannah,
      hours: 24 * 20,
      content:
        "Praying for a job that lets me be home more with my kids. I have two interviews this week and I'm trusting the Lord with the outcome.",
      praise: {
        note: "I was offered a part-time remote position! Thank you for every prayer. He is faithful.",
        hours: 24 * 12,
      },
      prayedBy: [ruth, naomi, esther, lydia, priscilla],
      responses: [
        {
          by: naomi,
          hours: 24 * 19,
          content:
            "Praying Proverbs 16:3 over you: commit your work to the Lord and your plans will be established.",
          isPraying: true,
        },
      ],
    },
    {
      by: naomi,
      hours: 24 * 12,
      content:
        "Please pray for our spring women's retreat: for every woman who will come, that she would encounter the Lord in a fresh way, and for the team preparing the sessions.",
      prayedBy: [ruth, hannah, deborah, abigail],
    },
    {
      by: abigail,
      hours: 24 * 9,
      content:
        "Our adoption paperwork has been stuck for months. Please pray for the right doors to open and for peace while we wait.",
      praise: {
        note: "The court date is set for next month! We are overwhelmed with gratitude. Thank you for standing with us.",
        hours: 24 * 2,
      },
      prayedBy: [ruth, naomi, hannah, esther, lydia, deborah, priscilla],
      responses: [
        {
          by: lydia,
          hours: 24 * 8,
          content: "Waiting is so hard. Asking the Father to give you His peace that passes understanding.",
          isPraying: true,
        },
      ],
    },
    {
      by: priscilla,
      hours: 24 * 5,
      content:
        "Wisdom as our congregation prepares a Passover seder with many first-time guests. Pray that everyone feels welcome and sees Yeshua in the story.",
      prayedBy: [naomi, esther],
    },
    {
      by: deborah,
      hours: 24 * 3,
      content:
        "My mother has a biopsy this week. Praying for good results and for calm for all of us while we wait.",
      praise: {
        note: "The results came back benign! Thank you all for carrying this with me. God is so good.",
        hours: 30,
      },
      prayedBy: [ruth, naomi, hannah, lydia],
      responses: [
        {
          by: ruth,
          hours: 24 * 3 - 2,
          content: "Praying for your mom and for you, Deborah. Isaiah 41:10.",
          isPraying: true,
        },
        {
          by: priscilla,
          hours: 24 * 2,
          content: "Thinking of you both this week. Let me know if I can bring a meal.",
          isPraying: false,
        },
      ],
    },
    {
      by: ruth,
      hours: 48,
      isPrivate: true,
      content:
        "Help me forgive a friend who hurt me deeply. I want my heart to be soft again and I don't know where to start.",
      prayedBy: [],
    },
    {
      by: lydia,
      hours: 26,
      content:
        "My husband deploys next month for nine months. Please pray for his safety, and for strength for me and our two boys while he is away.",
      prayedBy: [naomi, hannah, priscilla],
      responses: [
        {
          by: naomi,
          hours: 20,
          content:
            "We are standing with you, Lydia. Our military wives fellowship meets on Thursdays and would love to walk with you.",
          isPraying: true,
        },
      ],
    },
    {
      by: esther,
      hours: 5,
      isAnonymous: true,
      content:
        "Going through a season of deep loneliness since moving to a new city. Praying God would lead me to a church family where I belong.",
      prayedBy: [naomi, abigail],
      responses: [
        {
          by: abigail,
          hours: 3,
          content: "You are not alone, sister. Praying He sets the lonely in families (Psalm 68:6).",
          isPraying: true,
        },
      ],
    },
    {
      by: hannah,
      hours: 2,
      content:
        "Please pray for my daughter Maya as she starts at a new school on Monday. She's anxious about making friends.",
      prayedBy: [esther],
      responses: [
        {
          by: esther,
          hours: 1,
          content:
            "My son went through the same thing last year and found his people by October. Praying for Maya!",
          isPraying: true,
        },
      ],
    },
  ];

  for (const seed of seeds) {
    const createdAt = hoursAgo(seed.hours);
    const [row] = await tx
      .insert(prayerRequests)
      .values({
        userId: seed.by.id,
        content: seed.content,
        isPrivate: seed.isPrivate ?? false,
        isAnonymous: seed.isAnonymous ?? false,
        prayerCount: seed.prayedBy.length,
        isAnswered: Boolean(seed.praise),
        praiseNote: seed.praise?.note ?? null,
        answeredAt: seed.praise ? hoursAgo(seed.praise.hours) : null,
        createdAt,
      })
      .returning({ id: prayerRequests.id });
    const id = row!.id;
    if (seed.prayedBy.length > 0) {
      await tx.insert(prayerMarks).values(
        seed.prayedBy.map((m, i) => ({
          prayerRequestId: id,
          userId: m.id,
          createdAt: new Date(createdAt.getTime() + (i + 1) * 10 * 60_000),
        })),
      );
    }
    if (seed.responses?.length) {
      await tx.insert(prayerResponses).values(
        seed.responses.map((r) => ({
          prayerRequestId: id,
          userId: r.by.id,
          content: r.content,
          isPraying: r.isPraying,
          createdAt: hoursAgo(r.hours),
        })),
      );
    }
    await tx.insert(activityLog).values({
      kind: "prayer_shared",
      params: {
        name: seed.by.firstName ?? null,
        isPrivate: seed.isPrivate ?? false,
      } satisfies ActivityParams<"prayer_shared">,
      userId: seed.by.id,
      createdAt,
    });
  }

  // A praying response also counts as a prayer, as it does in the app.
  await tx.execute(sql`insert into prayer_marks (prayer_request_id, user_id, created_at)
    select prayer_request_id, user_id, min(created_at) from prayer_responses where is_praying
    group by prayer_request_id, user_id
    on conflict do nothing`);
  await tx.execute(sql`update prayer_requests p
    set prayer_count = (select count(*) from prayer_marks m where m.prayer_request_id = p.id)`);

  /** A request for a mentor or an offer to mentor, `days` old. */
  const entry = (
    by: { id: number },
    kind: "request" | "offer",
    experienceLevel: string,
    focusAreas: string[],
    days: number,
    status?: "matched",
  ) => ({ userId: by.id, kind, experienceLevel, focusAreas, status, createdAt: hoursAgo(24 * days) });

  // Ruth walks with Priscilla, her mentor, since last month.
  const [ruthRequest, priscillaOffer] = await tx
    .insert(discipleshipEntries)
    .values([
      entry(ruth, "request", "growing", ["scripture study", "hebrew roots"], 40, "matched"),
      entry(priscilla, "offer", "teacher", ["hebrew roots", "feasts"], 45, "matched"),
    ])
    .returning({ id: discipleshipEntries.id });
  await tx.insert(discipleshipConnections).values({
    mentorId: priscilla.id,
    menteeId: ruth.id,
    requestId: ruthRequest!.id,
    offerId: priscillaOffer!.id,
    status: "active",
    focusAreas: ["hebrew roots"],
    experienceLevel: "growing",
    createdAt: hoursAgo(24 * 40),
    updatedAt: hoursAgo(24 * 38),
  });

  // Deborah is waiting to mentor: a new request about prayer, grief or motherhood matches her.
  await tx
    .insert(discipleshipEntries)
    .values(entry(deborah, "offer", "seasoned", ["prayer", "grief", "motherhood"], 6));
}
