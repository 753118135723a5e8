import { eq } from "drizzle-orm";
import type { Tx } from "../client";
import { discussionLikes, discussions, videoLikes, videoNotes, videoSaves, videos } from "../schema";
import type { SeededMembers } from "./members";

interface DemoVideo {
  title: string;
  description: string;
  youtubeId: string;
  series: string;
  duration: number;
  views: number;
  daysAgo: number;
  reflectionPrompts: string[];
}

// Public YouTube teaching videos stand in for the ministry's own recordings.
const DEMO_VIDEOS: DemoVideo[] = [
  {
    title: "Grace That Finds Us First",
    description:
      "We open Romans and trace how grace arrives before we ever reach for it. A gentle walk through Paul's opening chapters for anyone who has felt she must earn her place at the table.",
    youtubeId: "ej_6dVdJSIU",
    series: "Grace Series",
    duration: 7 * 60 + 45,
    views: 214,
    daysAgo: 2,
    reflectionPrompts: [
      "Where have you been trying to earn what God has already given you?",
      "Which verse from Romans 3 would you write on your mirror this week?",
    ],
  },
  {
    title: "Freedom Is Not a Feeling",
    description:
      "Galatians reminds us that freedom in the Messiah is a gift to be lived, not a mood to be chased. We look at how law and grace meet, and what it means to walk by the Spirit on an ordinary Tuesday.",
    youtubeId: "vmx4UjRFp0M",
    series: "Grace Series",
    duration: 8 * 60 + 30,
    views: 187,
    daysAgo: 9,
    reflectionPrompts: [
      "What yoke are you still carrying that Jesus has lifted?",
      "Name one fruit of the Spirit you long to see grow in this season.",
    ],
  },
  {
    title: "Seated, Then Walking",
    description:
      "Ephesians begins with who we are before it tells us what to do. This teaching sits with the riches of our identity in Messiah, one Body of Jew and Gentile, before we stand and walk.",
    youtubeId: "Y71r-T98E2Q",
    series: "Grace Series",
    duration: 8 * 60 + 2,
    views: 163,
    daysAgo: 23,
    reflectionPrompts: [
      "How does being 'seated with Messiah' change the way you face today?",
      "Where do you see the wall of hostility coming down in your own life?",
    ],
  },
  {
    title: "Ruth: Kindness at the Threshing Floor",
    description:
      "Hesed, covenant loyalty, runs through every chapter of Ruth. We follow a Moabite widow into the family of Israel and see the God who notices the overlooked.",
    youtubeId: "0h1eoBeR4Jk",
    series: "Grace Series",
    duration: 7 * 60 + 18,
    views: 301,
    daysAgo: 41,
    reflectionPrompts: [
      "Who has been a Boaz to you, covering you with kindness?",
      "Where might God be asking you to say 'where you go, I will go'?",
    ],
  },
  {
    title: "Joy From a Prison Cell",
    description:
      "Philippians was written in chains and still sings. A short reflection on contentment, partnership in the gospel and the peace that guards our hearts.",
    youtubeId: "oE9qqW1-BkU",
    series: "Wrap & Reflect",
    duration: 8 * 60 + 44,
    views: 142,
    daysAgo: 5,
    reflectionPrompts: [
      "What circumstance is God inviting you to meet with joy instead of worry?",
      "Write Philippians 4:8 in your own words.",
    ],
  },
  {
    title: "Praying the Psalms Together",
    description:
      "The Psalms teach us how to bring our whole hearts to God: lament, thanksgiving and praise. We wrap up the month by praying through a few of them as a community.",
    youtubeId: "j9phNEaPrv8",
    series: "Wrap & Reflect",
    duration: 9 * 60 + 12,
    views: 98,
    daysAgo: 16,
    reflectionPrompts: ["Which psalm has carried you through a hard season?"],
  },
  {
    title: "For Such a Time as This",
    description:
      "Esther never names God, yet His providence is everywhere. We reflect on courage, hidden faithfulness, and the feast of Purim as a story of deliverance.",
    youtubeId: "JydNSlufRIs",
    series: "Wrap & Reflect",
    duration: 8 * 60 + 59,
    views: 256,
    daysAgo: 34,
    reflectionPrompts: [
      "Where has God placed you 'for such a time as this'?",
      "When have you seen His hand in a season when He seemed silent?",
    ],
  },
  {
    title: "Jonah and the God of Second Chances",
    description:
      "A prophet runs, a city repents, and God asks a question that still hangs in the air. A reflective look at mercy for our enemies and for ourselves.",
    youtubeId: "dLIabZc0O4c",
    series: "Wrap & Reflect",
    duration: 6 * 60 + 55,
    views: 177,
    daysAgo: 58,
    reflectionPrompts: ["Who is your Nineveh, the person you would rather not see forgiven?"],
  },
  {
    title: "Daniel: Faithful in Babylon",
    description:
      "Daniel shows how to stay faithful in a culture that is not our own, and his visions point beyond the empires of the world to the Son of Man and His everlasting kingdom.",
    youtubeId: "9cSC9uobtPM",
    series: "Prophecy Deep Dive",
    duration: 8 * 60 + 11,
    views: 233,
    daysAgo: 12,
    reflectionPrompts: [
      "What is your 'Babylon', the place where faithfulness costs something?",
      "How does the vision of the Son of Man in Daniel 7 give you hope?",
    ],
  },
  {
    title: "Isaiah: The Holy One of Israel",
    description:
      "The first half of Isaiah holds judgment and hope side by side. We study the call of Isaiah, the promise of Immanuel and the shoot that springs from the stump of Jesse.",
    youtubeId: "d0A6Uchb1F8",
    series: "Prophecy Deep Dive",
    duration: 7 * 60 + 59,
    views: 119,
    daysAgo: 27,
    reflectionPrompts: ["Isaiah said 'Here am I, send me.' What would it take for you to say it today?"],
  },
  {
    title: "Comfort, Comfort My People",
    description:
      "Isaiah 40 to 66 turns toward comfort: the Suffering Servant, a new exodus and a new creation. We read these chapters as Messianic promise fulfilled in Yeshua.",
    youtubeId: "_TzdEPuqgQg",
    series: "Prophecy Deep Dive",
    duration: 7 * 60 + 28,
    views: 148,
    daysAgo: 47,
    reflectionPrompts: [
      "Read Isaiah 53 slowly. Which line stops you?",
      "Where do you need to hear 'Comfort, comfort my people' this week?",
    ],
  },
  {
    title: "Hosea: A Love That Will Not Let Go",
    description:
      "Through a painful marriage, Hosea pictures God's faithful love for an unfaithful people. A tender teaching on returning, restoration and being called 'beloved'.",
    youtubeId: "kE6SZ1ogOVU",
    series: "Prophecy Deep Dive",
    duration: 6 * 60 + 40,
    views: 92,
    daysAgo: 73,
    reflectionPrompts: ["What would it look like to 'return to the Lord' in one small way this week?"],
  },
  {
    title: "Unveiled: The Lamb on the Throne",
    description:
      "Revelation means unveiling. In the first half of the book, John sees the risen Messiah among the lampstands and the Lamb who was slain worthy to open the scroll.",
    youtubeId: "5nvVVcYD-0w",
    series: "Unveiled",
    duration: 9 * 60 + 1,
    views: 276,
    daysAgo: 19,
    reflectionPrompts: [
      "Which letter to the seven churches speaks most to you right now?",
      "How does worship around the throne reshape your worries?",
    ],
  },
  {
    title: "Unveiled: All Things New",
    description:
      "The second half of Revelation moves from Babylon's fall to the new Jerusalem coming down. We close the series with the hope of a restored creation where God dwells with His people.",
    youtubeId: "QpnIrbq2bKo",
    series: "Unveiled",
    duration: 8 * 60 + 36,
    views: 204,
    daysAgo: 38,
    reflectionPrompts: ["What tear are you trusting God to wipe away?"],
  },
  {
    title: "Unveiled: In the Beginning",
    description:
      "The story Revelation completes began in Genesis. We go back to the garden to see the blessing, the fall and the promise that the seed of the woman would crush the serpent.",
    youtubeId: "GQI72THyO5I",
    series: "Unveiled",
    duration: 7 * 60 + 37,
    views: 188,
    daysAgo: 64,
    reflectionPrompts: [
      "How does Genesis 1 shape the way you see your own worth?",
      "Where do you see the promise of Genesis 3:15 unfolding?",
    ],
  },
];

/** The teaching library, a few community reflections, and the demo member's notes and saves. */
export async function seedVideos(tx: Tx, members: SeededMembers) {
  const now = Date.now();
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * 86_400_000 - hours * 3_600_000);

  const rows = await tx
    .insert(videos)
    .values(
      DEMO_VIDEOS.map(({ daysAgo, ...video }) => ({
        ...video,
        publishedAt: at(daysAgo),
        createdAt: at(daysAgo),
        createdBy: members.admin.id,
      })),
    )
    .returning({ id: videos.id, title: videos.title });
  const video = (title: string) => rows.find((r) => r.title === title)!.id;
  const [hannah, esther, lydia, deborah, priscilla, abigail] = members.others;
  const ruth = members.member;

  const grace = video("Grace That Finds Us First");
  const joy = video("Joy From a Prison Cell");
  const daniel = video("Daniel: Faithful in Babylon");
  const lamb = video("Unveiled: The Lamb on the Throne");
  const ruthVideo = video("Ruth: Kindness at the Threshing Floor");

  const comments = [
    {
      videoId: grace,
      userId: hannah!.id,
      content:
        "I have spent years trying to be 'good enough'. Hearing that grace finds us first made me cry in the car this morning.",
      isReflectionPrompt: true,
      createdAt: at(1, 5),
    },
    {
      videoId: grace,
      userId: esther!.id,
      content: "Romans 3:24 is going on my mirror. Freely justified by His grace. Freely!",
      isReflectionPrompt: false,
      createdAt: at(1, 2),
    },
    {
      videoId: grace,
      userId: ruth.id,
      content:
        "The part about grace arriving before we reach for it reminded me of my youngest learning to walk. We held her long before she took a step.",
      isReflectionPrompt: false,
      createdAt: at(0, 6),
    },
    {
      videoId: joy,
      userId: lydia!.id,
      content:
        "Contentment is something I learn again every single week. Thank you for this gentle reminder.",
      isReflectionPrompt: true,
      createdAt: at(4, 3),
    },
    {
      videoId: daniel,
      userId: deborah!.id,
      content:
        "My workplace is my Babylon. Daniel's quiet faithfulness, praying three times a day with the window open, challenges me.",
      isReflectionPrompt: true,
      createdAt: at(10, 8),
    },
    {
      videoId: daniel,
      userId: priscilla!.id,
      content:
        "The Son of Man coming with the clouds: I never saw how much Yeshua drew on Daniel 7 until now.",
      isReflectionPrompt: false,
      createdAt: at(9, 1),
    },
    {
      videoId: lamb,
      userId: abigail!.id,
      content: "Worship around the throne puts my worries in their place. Holy, holy, holy.",
      isReflectionPrompt: false,
      createdAt: at(17, 4),
    },
    {
      videoId: ruthVideo,
      userId: ruth.id,
      content: "My mother-in-law has been my Naomi for fifteen years. Hesed is the right word for her.",
      isReflectionPrompt: true,
      createdAt: at(39, 2),
    },
  ];
  // Lists are newest first by id, so rows go in the order they were written.
  const byTime = <T extends { createdAt: Date }>(rows: T[]) =>
    [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const posted = await tx
    .insert(discussions)
    .values(byTime(comments))
    .returning({ id: discussions.id, content: discussions.content });
  const postedBy = (start: string) => posted.find((p) => p.content.startsWith(start))!.id;

  // Likes on reflections, with the counters matching the rows.
  const reflectionLikes: Array<[number, number[]]> = [
    [postedBy("I have spent years"), [ruth.id, esther!.id, lydia!.id]],
    [postedBy("Romans 3:24"), [hannah!.id, ruth.id]],
    [postedBy("The part about grace"), [hannah!.id, abigail!.id]],
    [postedBy("My workplace"), [priscilla!.id]],
    [postedBy("My mother-in-law"), [hannah!.id, deborah!.id]],
  ];
  for (const [discussionId, likers] of reflectionLikes) {
    await tx.insert(discussionLikes).values(likers.map((userId) => ({ discussionId, userId })));
    await tx.update(discussions).set({ likes: likers.length }).where(eq(discussions.id, discussionId));
  }

  const videoLikers: Array<[number, number[]]> = [
    [grace, [hannah!.id, esther!.id, lydia!.id, deborah!.id]],
    [joy, [priscilla!.id, abigail!.id]],
    [daniel, [ruth.id, deborah!.id, hannah!.id]],
    [lamb, [esther!.id, abigail!.id]],
    [ruthVideo, [ruth.id, hannah!.id, lydia!.id, priscilla!.id, abigail!.id]],
  ];
  for (const [videoId, likers] of videoLikers) {
    await tx.insert(videoLikes).values(likers.map((userId) => ({ videoId, userId })));
    await tx.update(videos).set({ likesCount: likers.length }).where(eq(videos.id, videoId));
  }

  await tx.insert(videoSaves).values([
    { userId: ruth.id, videoId: daniel, createdAt: at(8) },
    { userId: ruth.id, videoId: grace, createdAt: at(1) },
  ]);

  await tx.insert(videoNotes).values(
    byTime([
      {
        userId: ruth.id,
        videoId: grace,
        content: "Grace comes before effort. Read Romans 3:21-26 again slowly tonight.",
        timestamp: 2 * 60 + 14,
        tags: ["grace", "romans"],
        isHighlight: true,
        createdAt: at(1, 3),
      },
      {
        userId: ruth.id,
        videoId: daniel,
        content:
          "Daniel prayed with the windows open toward Jerusalem: faithfulness in plain sight, not hidden.",
        timestamp: 4 * 60 + 5,
        tags: ["prayer", "prophecy"],
        isHighlight: false,
        createdAt: at(9, 6),
      },
      {
        userId: ruth.id,
        videoId: lamb,
        content: "The Lamb who was slain is the one on the throne. Strength made perfect in weakness.",
        timestamp: 6 * 60 + 48,
        tags: ["prophecy", "worship"],
        isHighlight: true,
        createdAt: at(15, 1),
      },
      {
        userId: ruth.id,
        videoId: ruthVideo,
        content:
          "Hesed: loyal, covenant love that goes beyond duty. Ask Naomi's question: 'Where did you glean today?'",
        timestamp: 3 * 60 + 30,
        tags: ["grace", "women of the Bible"],
        isHighlight: false,
        createdAt: at(38, 4),
      },
      {
        userId: ruth.id,
        videoId: null,
        content: "Ideas for our small group: read one psalm together each week and pray it back to God.",
        timestamp: null,
        tags: ["prayer", "small group"],
        isHighlight: false,
        createdAt: at(20),
      },
    ]),
  );
}
