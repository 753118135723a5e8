import { eq } from "drizzle-orm";
import type { Tx } from "../client";
import { articleDiscussions, articles, courseEnrollments, courseInterests, courses } from "../schema";
import type { SeededMembers } from "./members";

const NEWSLETTER = "https://miriamsgarden.substack.com/p";
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

const demoArticles = [
  {
    slug: "rest-is-not-a-reward",
    title: "Rest Is Not a Reward: Rediscovering the Gift of Shabbat",
    excerpt:
      "We treat rest as something we earn once the list is done. Scripture tells a different story: the seventh day was woven into creation before we had accomplished anything at all.",
    tags: ["Sabbath", "Rest", "Torah"],
    readingTime: 7,
    views: 214,
    days: 3,
  },
  {
    slug: "grace-in-the-wilderness",
    title: "Grace in the Wilderness Seasons",
    excerpt:
      "Hagar named Him El Roi, the God who sees, in the driest place of her life. What her story teaches us about being found when we feel the most forgotten.",
    tags: ["Grace", "Womanhood", "Hope"],
    readingTime: 6,
    views: 188,
    days: 10,
  },
  {
    slug: "praying-the-psalms-of-ascent",
    title: "Praying the Psalms of Ascent on Ordinary Mornings",
    excerpt:
      "Pilgrims sang Psalms 120 to 134 on the road up to Jerusalem. A simple way to pray them over fifteen mornings, one step at a time, with a cup of coffee and an open heart.",
    tags: ["Prayer", "Psalms", "Devotional"],
    readingTime: 5,
    views: 143,
    days: 17,
  },
  {
    slug: "yeshua-at-the-feast-of-tabernacles",
    title: "Yeshua at the Feast of Tabernacles",
    excerpt:
      "On the last great day of Sukkot, with water poured out at the altar, He stood and cried out: let anyone who is thirsty come to Me. Reading John 7 with the feast in view.",
    tags: ["Feasts", "Messianic Faith", "Gospels"],
    readingTime: 9,
    views: 256,
    days: 26,
  },
  {
    slug: "the-woman-of-valor-is-not-a-checklist",
    title: "The Woman of Valor Is Not a Checklist",
    excerpt:
      "Proverbs 31 is sung over Jewish women every Friday night as a blessing, not handed to them as a to-do list. How reading it as praise changes everything about how we hear it.",
    tags: ["Womanhood", "Proverbs", "Grace"],
    readingTime: 6,
    views: 301,
    days: 38,
  },
  {
    slug: "hope-that-waits",
    title: "Hope That Waits: Advent Through Jewish Eyes",
    excerpt:
      "Simeon and Anna spent decades in the Temple courts waiting for the consolation of Israel. Their patient, expectant hope is an invitation for our own waiting seasons.",
    tags: ["Hope", "Messianic Faith", "Prophecy"],
    readingTime: 8,
    views: 97,
    days: 52,
  },
];

const demoCourses = [
  {
    title: "Foundations of Grace",
    shortDescription: "A gentle four-week journey into what grace is, and what it is not.",
    description:
      "Begin at the very beginning: the unearned favour of God from Genesis to the Gospels. Each week pairs a short teaching video with a guided reflection and a prayer practice, so grace moves from an idea you agree with to a truth you live from.",
    status: "active" as const,
    estimatedDuration: "4 weeks",
    tags: ["Grace", "Beginners", "Bible Study"],
    price: null,
    courseUrl: "https://learn.example.org/courses/foundations-of-grace",
  },
  {
    title: "Walking Through the Feasts of the Lord",
    shortDescription: "The seven appointed times of Leviticus 23 and how each points to Messiah.",
    description:
      "From Passover to Tabernacles, discover the rhythm of God's appointed times and how Yeshua fulfils them. Includes printable guides for celebrating each feast at home with your family or your small group.",
    status: "active" as const,
    estimatedDuration: "7 weeks",
    tags: ["Feasts", "Torah", "Messianic Faith"],
    price: 49,
    courseUrl: "https://learn.example.org/courses/feasts-of-the-lord",
    // Patrons enroll without paying.
    includedForPatrons: true,
  },
  {
    title: "Prophecy Without Fear",
    shortDescription: "Reading Daniel and Revelation with hope instead of anxiety.",
    description:
      "Prophecy was given to comfort God's people, not to frighten them. This course walks slowly through Daniel and Revelation, focusing on the faithfulness of God to Israel and to the nations.",
    status: "coming_soon" as const,
    estimatedDuration: "6 weeks",
    tags: ["Prophecy", "Daniel", "Revelation"],
    price: 39,
    courseUrl: null,
  },
  {
    title: "Women of the Bible: Courage in Every Season",
    shortDescription: "Twelve women whose faith shaped the story of redemption.",
    description:
      "Sarah, Rahab, Ruth, Deborah, Esther, Mary and more: ordinary women who trusted an extraordinary God. Study their lives together and find courage for the season you are in right now.",
    status: "coming_soon" as const,
    estimatedDuration: "8 weeks",
    tags: ["Womanhood", "Bible Study", "Courage"],
    price: 29,
    courseUrl: null,
  },
  {
    title: "The Names of God",
    shortDescription: "Seven names of God, and what each one tells us of His heart.",
    description:
      "El Roi, the God who sees; Jehovah Jireh, the Lord who provides; El Shaddai and more. A study kept for our patrons, with a reflection and a prayer for each name.",
    status: "active" as const,
    estimatedDuration: "7 weeks",
    tags: ["Names of God", "Prayer"],
    price: null,
    courseUrl: "https://learn.example.org/courses/names-of-god",
    // Listed to every member, opened by patrons.
    patronOnly: true,
  },
];

/** Six articles as if synced from the newsletter, five courses, and a little activity around them. */
export async function seedArticlesAndCourses(tx: Tx, members: SeededMembers) {
  const insertedArticles = await tx
    .insert(articles)
    .values(
      demoArticles.map((a) => ({
        guid: `${NEWSLETTER}/${a.slug}`,
        title: a.title,
        url: `${NEWSLETTER}/${a.slug}`,
        excerpt: a.excerpt,
        author: "Miriam",
        tags: a.tags,
        readingTime: a.readingTime,
        views: a.views,
        publishedAt: daysAgo(a.days),
        createdAt: daysAgo(a.days),
        updatedAt: daysAgo(a.days),
      })),
    )
    .returning({ id: articles.id });

  const [hannah, esther, lydia, deborah, priscilla, abigail] = members.others;
  const [first, second] = insertedArticles;
  await tx.insert(articleDiscussions).values([
    {
      articleId: first!.id,
      userId: hannah!.id,
      content:
        "I have been treating Shabbat like a finish line for years. Reading this I realised it is a starting place. Thank you.",
      createdAt: daysAgo(2),
    },
    {
      articleId: first!.id,
      userId: members.member.id,
      content: "We lit candles as a family for the first time this week. The kids asked to do it again!",
      createdAt: daysAgo(1),
    },
    {
      articleId: second!.id,
      userId: esther!.id,
      content: "El Roi. I needed that name today more than I can say.",
      createdAt: daysAgo(8),
    },
  ]);

  const insertedCourses = await tx
    .insert(courses)
    .values(
      demoCourses.map((c, i) => ({ ...c, createdAt: daysAgo(90 - i * 20), updatedAt: daysAgo(90 - i * 20) })),
    )
    .returning({ id: courses.id });
  const [grace, feasts, prophecy, women] = insertedCourses;

  // Counts follow the rows, exactly as enrolling and "Notify Me" keep them.
  const enrollments = [
    ...[members.member, hannah, esther, lydia, deborah].map((m) => ({ userId: m!.id, courseId: grace!.id })),
    ...[esther, priscilla, abigail].map((m) => ({ userId: m!.id, courseId: feasts!.id })),
  ];
  const interests = [
    ...[hannah, lydia].map((m) => ({ userId: m!.id, courseId: prophecy!.id })),
    ...[deborah, priscilla, abigail].map((m) => ({ userId: m!.id, courseId: women!.id })),
  ];
  await tx.insert(courseEnrollments).values(enrollments);
  await tx.insert(courseInterests).values(interests);
  for (const course of insertedCourses) {
    const enrolledCount = enrollments.filter((e) => e.courseId === course.id).length;
    const interestCount = interests.filter((e) => e.courseId === course.id).length;
    await tx.update(courses).set({ enrolledCount, interestCount }).where(eq(courses.id, course.id));
  }
}
