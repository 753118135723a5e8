import { eq } from "drizzle-orm";
import type { GroupPostKind, GroupReaction } from "../../../core/conversation/limits";
import type { Tx } from "../client";
import {
  cultivationGroups,
  groupPostPrayers,
  groupPostReactions,
  groupPosts,
  groupReplies,
  localGroups,
} from "../schema";
import { type SeededMembers, seededMember } from "./members";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** A demo post: who wrote it (a demo member's first name, in lower case), when, and what came of it. */
interface DemoPost {
  author: string;
  kind: GroupPostKind;
  body: string;
  daysAgo: number;
  pinned?: boolean;
  replies?: Array<{ author: string; body: string; daysAgo: number }>;
  reactions?: Array<[string, GroupReaction]>;
  prayedBy?: string[];
  answered?: { daysAgo: number; note: string };
}

/** A few weeks of two groups' conversation; every author belonged to her group by then (groups.json). */
const CONVERSATIONS: Array<{ kind: "cultivation" | "local"; group: string; posts: DemoPost[] }> = [
  {
    kind: "cultivation",
    group: "Little Arrows: Young Mothers",
    posts: [
      {
        author: "lydia",
        kind: "announcement",
        pinned: true,
        daysAgo: 38,
        body: 'Welcome to Little Arrows! This is our place between Tuesday mornings: share what the week is really like, ask for prayer, and ask the questions you would never ask at church.\n\n"Like arrows in the hand of a warrior are the children of one\'s youth" (Psalm 127:4). No one here has it all together, and that is the point. Say hello, and tell us the names and ages of your little ones!',
        replies: [
          {
            author: "ruth",
            daysAgo: 37,
            body: "Hello! Ruth here, mama to Eli (6), Miriam (4) and baby Judah (8 months). So glad this exists.",
          },
          {
            author: "abigail",
            daysAgo: 19,
            body: "Abigail, with one very busy two-year-old named Noa. Happy to have found you all.",
          },
        ],
        reactions: [
          ["ruth", "heart"],
          ["ruth", "amen"],
          ["abigail", "heart"],
        ],
      },
      {
        author: "ruth",
        kind: "question",
        daysAgo: 30,
        body: "How do you all keep a morning quiet time with little ones awake? Mine are up before the sun, and my Bible reading has turned into three verses standing at the kitchen counter.",
        replies: [
          {
            author: "lydia",
            daysAgo: 30,
            body: 'Three verses at the counter still count! What helped me was a basket by the couch: my Bible, a notebook, and board books for the kids. They "read" while I read. Some mornings it lasts four minutes, and that is all right.',
          },
          { author: "ruth", daysAgo: 29, body: "A basket by the couch. I love that. Trying it tomorrow." },
        ],
        reactions: [["lydia", "amen"]],
      },
      {
        author: "lydia",
        kind: "discussion",
        daysAgo: 24,
        body: 'A verse to carry around this week: "He tends his flock like a shepherd: he gathers the lambs in his arms and carries them close to his heart; he gently leads those that have young" (Isaiah 40:11).\n\nGently leads those that have young. I needed that. Where do you need his gentleness right now?',
        replies: [
          {
            author: "ruth",
            daysAgo: 23,
            body: "Bedtime. It is the hardest hour in our house, and I lose my patience most nights.",
          },
          {
            author: "lydia",
            daysAgo: 23,
            body: "Praying for your bedtimes, Ruth. You are not alone in that hour.",
          },
        ],
        reactions: [
          ["ruth", "heart"],
          ["ruth", "amen"],
        ],
      },
      {
        author: "abigail",
        kind: "prayer",
        daysAgo: 16,
        body: "Please pray for Noa: she has had ear infections back to back, and the doctor is talking about tubes. We see the specialist on Thursday. I am tired and a little scared.",
        replies: [
          {
            author: "ruth",
            daysAgo: 16,
            body: "Praying right now. We went through this with Eli; it is so hard to watch them hurt.",
          },
          {
            author: "lydia",
            daysAgo: 15,
            body: "Lifting Noa and you up, Abigail. Let us know what the specialist says.",
          },
        ],
        reactions: [
          ["ruth", "praying"],
          ["lydia", "praying"],
        ],
        prayedBy: ["ruth", "lydia"],
        answered: {
          daysAgo: 9,
          note: "The specialist says her ears have cleared on their own: no tubes for now! Thank you for praying. Noa slept through the night for the first time in weeks.",
        },
      },
      {
        author: "ruth",
        kind: "discussion",
        daysAgo: 6,
        body: 'A small win: we have kept Lydia\'s couch basket for three weeks now. This morning Eli asked me to read "the real Bible, not the baby one". I cried a little into my coffee.',
        replies: [
          { author: "abigail", daysAgo: 5, body: "This made my day!" },
          { author: "lydia", daysAgo: 5, body: "Oh, Ruth. That is his gentleness right there." },
        ],
        reactions: [
          ["lydia", "heart"],
          ["abigail", "heart"],
          ["abigail", "amen"],
        ],
      },
      {
        author: "abigail",
        kind: "question",
        daysAgo: 2,
        body: "Can anyone recommend a children's Bible for a two-year-old? Something sturdy that survives being chewed.",
      },
    ],
  },
  {
    kind: "local",
    group: "Shabbat Table Fellowship",
    posts: [
      {
        author: "esther",
        kind: "announcement",
        pinned: true,
        daysAgo: 35,
        body: "Shalom, and welcome to the Shabbat Table! We gather on Friday evenings to light the candles, break bread, and remember that rest is a gift, not a reward.\n\nUse this space to share recipes, ask about the blessings, and pray for each other through the week. Everyone brings something; no one brings perfection.",
        replies: [
          {
            author: "naomi",
            daysAgo: 34,
            body: "Thank you for opening your home, Esther. Last Friday was the first time in months I truly stopped.",
          },
        ],
        reactions: [
          ["naomi", "heart"],
          ["naomi", "amen"],
        ],
      },
      {
        author: "naomi",
        kind: "question",
        daysAgo: 28,
        body: "Does anyone have a challah recipe that does not take all day? Friday afternoons at my office run late.",
        replies: [
          {
            author: "esther",
            daysAgo: 28,
            body: "My quick one: one rise of an hour, braid, and bake for 25 minutes. I will bring the recipe printed out this week.",
          },
          { author: "naomi", daysAgo: 27, body: "Bless you!" },
        ],
        reactions: [["esther", "heart"]],
      },
      {
        author: "hannah",
        kind: "prayer",
        daysAgo: 18,
        body: "Would you pray for my mother? She moves into assisted living next week, and she is grieving the house she has lived in for forty years. I am grieving it too.",
        replies: [
          {
            author: "esther",
            daysAgo: 18,
            body: "Praying for her heart and yours, Hannah. A move at that age is a real loss. Hang her photos in the new room early; it helped my father.",
          },
          {
            author: "naomi",
            daysAgo: 17,
            body: "Praying. Would she like a visit once she has settled in?",
          },
        ],
        reactions: [
          ["esther", "praying"],
          ["naomi", "praying"],
        ],
        prayedBy: ["esther", "naomi"],
        answered: {
          daysAgo: 7,
          note: "She has settled in and already found a friend across the hall who plays Scrabble. She says the staff feel like family. Thank you all for carrying us.",
        },
      },
      {
        author: "esther",
        kind: "discussion",
        daysAgo: 12,
        body: "Something I keep thinking about from Friday: we bless the bread before we have done anything to deserve it. Rest and provision come first; the work follows. How does that change the way you go into your week?",
        replies: [
          {
            author: "hannah",
            daysAgo: 11,
            body: "It makes me want to start Monday from rest instead of dragging myself into it.",
          },
          { author: "naomi", daysAgo: 11, body: 'I wrote "rest first" on a sticky note on my monitor.' },
        ],
        reactions: [
          ["hannah", "amen"],
          ["naomi", "amen"],
        ],
      },
      {
        author: "naomi",
        kind: "discussion",
        daysAgo: 3,
        body: "I will bring the grape juice and a salad this Friday. Hannah, are you still making your roasted vegetables?",
        replies: [{ author: "hannah", daysAgo: 3, body: "Yes! And my mother may come with me." }],
        reactions: [["esther", "heart"]],
      },
    ],
  },
];

/** Two groups' conversations (a cultivation group the demo member belongs to, and a local group). */
export async function seedConversation(tx: Tx, members: SeededMembers) {
  const who = seededMember(members);
  for (const { kind, group, posts } of CONVERSATIONS) {
    const table = kind === "cultivation" ? cultivationGroups : localGroups;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.name, group));
    if (!found) throw new Error(`The demo conversation names the group "${group}", which is not seeded`);
    for (const post of posts) {
      const replies = post.replies ?? [];
      const reactions = post.reactions ?? [];
      const prayedBy = post.prayedBy ?? [];
      const counted = (reaction: GroupReaction) => reactions.filter(([, r]) => r === reaction).length;
      const [row] = await tx
        .insert(groupPosts)
        .values({
          groupKind: kind,
          groupId: found.id,
          userId: who(post.author).id,
          kind: post.kind,
          content: post.body,
          pinnedAt: post.pinned ? daysAgo(post.daysAgo) : null,
          answeredAt: post.answered ? daysAgo(post.answered.daysAgo) : null,
          praiseNote: post.answered?.note ?? null,
          // Its counters count the rows written below.
          replyCount: replies.length,
          prayedCount: prayedBy.length,
          amenCount: counted("amen"),
          prayingCount: counted("praying"),
          heartCount: counted("heart"),
          createdAt: daysAgo(post.daysAgo),
        })
        .returning({ id: groupPosts.id });
      const postId = row!.id;
      if (replies.length > 0) {
        await tx.insert(groupReplies).values(
          replies.map((r) => ({
            postId,
            userId: who(r.author).id,
            content: r.body,
            createdAt: daysAgo(r.daysAgo),
          })),
        );
      }
      if (reactions.length > 0) {
        await tx
          .insert(groupPostReactions)
          .values(reactions.map(([member, reaction]) => ({ postId, userId: who(member).id, reaction })));
      }
      if (prayedBy.length > 0) {
        await tx
          .insert(groupPostPrayers)
          .values(prayedBy.map((member) => ({ postId, userId: who(member).id })));
      }
    }
  }
}
