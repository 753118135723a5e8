import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { lessonsEndpoints as api } from "../../src/core/lessons/endpoints";
import { LESSON_MESSAGES } from "../../src/core/lessons/rules";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  courseEnrollments,
  courseModules,
  lessonProgress,
  lessons,
  notificationPreferences,
  videos,
} from "../../src/server/db/schema";
import { contextForFile, expectRefused, invalid, type Member, succeeded } from "../support/app";
import { publishVideo } from "../support/content";

// The ministry's clock is Tokyo's: a member who chose no time zone lives by it.
const t = contextForFile({ TIME_ZONE: "Asia/Tokyo" });
let admin: Member;
let ruth: Member;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type LessonRow = Omit<typeof lessons.$inferInsert, "courseId" | "moduleId" | "position">;

const reading = (title: string, more: Partial<LessonRow> = {}): LessonRow => ({
  title,
  kind: "reading",
  body: "## El Shaddai\n\nGod **Almighty**.\n\n> I am God Almighty; walk before me.\n\n- first\n- second",
  ...more,
});

const QUIZ = [
  { question: "What does El Shaddai mean?", choices: ["God Almighty", "The Lord my Shepherd"], answer: 0 },
  { question: "Where is it first said?", choices: ["Exodus 3", "Genesis 17"], answer: 1 },
];

/** A free, active course with its modules and lessons written as an administrator would. */
async function course(title: string, modules: { title: string; lessons: LessonRow[] }[]) {
  const created = await succeeded(
    admin.client.call(coursesEndpoints.adminCreate, {
      body: { title, description: "Seven weeks with the names of God.", status: "active", price: 0 },
    }),
  );
  const db = t.database.db;
  const lessonIds: number[] = [];
  const moduleIds: number[] = [];
  for (const [m, module] of modules.entries()) {
    const [row] = await db
      .insert(courseModules)
      .values({ courseId: created.id, title: module.title, position: m })
      .returning({ id: courseModules.id });
    moduleIds.push(row!.id);
    if (module.lessons.length === 0) continue;
    const rows = await db
      .insert(lessons)
      .values(module.lessons.map((l, i) => ({ ...l, courseId: created.id, moduleId: row!.id, position: i })))
      .returning({ id: lessons.id });
    lessonIds.push(...rows.map((r) => r.id));
  }
  return { courseId: created.id, moduleIds, lessonIds };
}

const enroll = (member: Member, courseId: number) =>
  succeeded(member.client.call(coursesEndpoints.enroll, { params: { id: courseId } }));

/** She enrolled at this moment (the server wrote it; a test moves it). */
const enrolledAt = (member: Member, courseId: number, at: Date) =>
  t.database.db
    .update(courseEnrollments)
    .set({ createdAt: at })
    .where(and(eq(courseEnrollments.userId, member.id), eq(courseEnrollments.courseId, courseId)));

const livesIn = (member: Member, timeZone: string) =>
  t.database.db.insert(notificationPreferences).values({ userId: member.id, timeZone });

const outline = (member: Member, courseId: number) =>
  succeeded(member.client.call(api.outline, { params: { id: courseId } }));

beforeAll(async () => {
  admin = await t.admin();
  ruth = await t.member({ firstName: "Ruth" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a course's outline", () => {
  it("shows a course with no lessons as today, with an empty outline", async () => {
    const { courseId } = await course("Feasts of the Lord", []);
    const listed = await succeeded(ruth.client.call(coursesEndpoints.list));
    expect(listed.find((c) => c.id === courseId)).toMatchObject({
      title: "Feasts of the Lord",
      status: "active",
    });
    await enroll(ruth, courseId);
    expect(await outline(ruth, courseId)).toEqual({
      courseId,
      title: "Feasts of the Lord",
      enrolled: true,
      price: 0,
      patronOnly: false,
      includedForPatrons: false,
      progress: 0,
      nextLessonId: null,
      modules: [],
    });
  });

  it("lists modules and lessons in order, each open or locked for her, with her progress and the lesson to continue with", async () => {
    const { courseId, moduleIds, lessonIds } = await course("The Names of God", [
      {
        title: "Week one: El Shaddai",
        lessons: [
          reading("God Almighty"),
          { title: "Answer the questions", kind: "quiz", quiz: QUIZ },
          {
            title: "Seven days on",
            kind: "reflection",
            prompt: "Where did you need him?",
            rule: "days_after_enrollment",
            unlockDays: 7,
          },
        ],
      },
      { title: "Week two: Adonai", lessons: [reading("Lord", { rule: "after_previous" })] },
      { title: "Still to be written", lessons: [] },
    ]);
    const naomi = await t.member({ firstName: "Naomi" });
    await enroll(naomi, courseId);
    await livesIn(naomi, "America/New_York");
    await enrolledAt(naomi, courseId, new Date("2026-12-07T15:00:00Z"));
    await succeeded(naomi.client.call(api.complete, { params: { id: lessonIds[0]! } }));

    const seen = await outline(naomi, courseId);
    expect(seen).toMatchObject({ enrolled: true, progress: 25, nextLessonId: lessonIds[1] });
    expect(seen.modules.map((m) => [m.id, m.title, m.lessons.map((l) => l.id)])).toEqual([
      [moduleIds[0], "Week one: El Shaddai", lessonIds.slice(0, 3)],
      [moduleIds[1], "Week two: Adonai", [lessonIds[3]]],
      [moduleIds[2], "Still to be written", []],
    ]);
    expect(seen.modules[0]!.lessons).toEqual([
      {
        id: lessonIds[0],
        kind: "reading",
        title: "God Almighty",
        locked: false,
        unlockAt: null,
        after: null,
        finished: true,
        preview: false,
      },
      {
        id: lessonIds[1],
        kind: "quiz",
        title: "Answer the questions",
        locked: false,
        unlockAt: null,
        after: null,
        finished: false,
        preview: false,
      },
      {
        id: lessonIds[2],
        kind: "reflection",
        title: "Seven days on",
        locked: true,
        // Midnight in New York, seven days after the day she enrolled.
        unlockAt: "2026-12-14T05:00:00.000Z",
        after: null,
        finished: false,
        preview: false,
      },
    ]);
    expect(seen.modules[1]!.lessons[0]).toMatchObject({ locked: true, after: lessonIds[2] });
    expect(JSON.stringify(seen)).not.toContain('God Almighty","The Lord');
  });

  it("answers 404 for a course that does not exist or is archived", async () => {
    expectRefused(await ruth.client.call(api.outline, { params: { id: 999_999 } }), 404);
    const { courseId } = await course("Retired study", [{ title: "One", lessons: [reading("Old")] }]);
    await succeeded(
      admin.client.call(coursesEndpoints.adminEdit, {
        params: { id: courseId },
        body: { status: "archived" },
      }),
    );
    expectRefused(
      await ruth.client.call(api.outline, { params: { id: courseId } }),
      404,
      LESSON_MESSAGES.courseNotFound,
    );
  });
});

describe("opening a lesson", () => {
  it("keeps a 7-day lesson locked at 6 days 23 hours 59 minutes in her zone and opens it at 7 days", async () => {
    const { courseId, lessonIds } = await course("Seven weeks", [
      {
        title: "Week one",
        lessons: [reading("Now"), reading("In a week", { rule: "days_after_enrollment", unlockDays: 7 })],
      },
    ]);
    const leah = await t.member({ firstName: "Leah" });
    await enroll(leah, courseId);
    await livesIn(leah, "America/New_York");
    // Midnight in New York, tomorrow or later (winter time: UTC−5).
    const midnight = new Date("2026-12-07T05:00:00Z");
    await enrolledAt(leah, courseId, midnight);
    const weekLesson = { params: { id: lessonIds[1]! } };

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(midnight.getTime() + 7 * DAY - MINUTE));
    const locked = await leah.client.call(api.lesson, weekLesson);
    expectRefused(locked, 403, LESSON_MESSAGES.locked);
    expect(locked.body).toMatchObject({ unlockAt: "2026-12-14T05:00:00.000Z" });
    expect((await outline(leah, courseId)).modules[0]!.lessons[1]).toMatchObject({ locked: true });

    vi.setSystemTime(new Date(midnight.getTime() + 7 * DAY));
    const open = await succeeded(leah.client.call(api.lesson, weekLesson));
    expect(open).toMatchObject({ id: lessonIds[1], kind: "reading", title: "In a week", finished: false });
  });

  it("counts the days in the ministry's time zone for a member who chose none", async () => {
    const { courseId, lessonIds } = await course("Tokyo days", [
      { title: "Week one", lessons: [reading("Tomorrow", { rule: "days_after_enrollment", unlockDays: 1 })] },
    ]);
    const miriam = await t.member({ firstName: "Miriam" });
    await enroll(miriam, courseId);
    // 23:00 on 7 December in Tokyo: the lesson opens at Tokyo's midnight an hour later.
    await enrolledAt(miriam, courseId, new Date("2026-12-07T14:00:00Z"));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-07T14:59:00Z"));
    const locked = await miriam.client.call(api.lesson, { params: { id: lessonIds[0]! } });
    expect(locked.body).toMatchObject({ unlockAt: "2026-12-07T15:00:00.000Z" });
    vi.setSystemTime(new Date("2026-12-07T15:00:00Z"));
    await succeeded(miriam.client.call(api.lesson, { params: { id: lessonIds[0]! } }));
  });

  it("opens a dated lesson at the start of its day", async () => {
    const { courseId, lessonIds } = await course("New year", [
      { title: "Week one", lessons: [reading("New year", { rule: "on_date", unlockDate: "2027-01-01" })] },
    ]);
    await enroll(ruth, courseId);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T14:59:00Z"));
    const locked = await ruth.client.call(api.lesson, { params: { id: lessonIds[0]! } });
    expect(locked.body).toMatchObject({ unlockAt: "2026-12-31T15:00:00.000Z" });
  });

  it("opens a lesson on day 10 of the Omer at nightfall in her city, and says so while it is locked", async () => {
    const { courseId, lessonIds } = await course("Counting the Omer", [
      {
        title: "Seven weeks",
        lessons: [reading("Day one"), reading("Day ten", { rule: "omer_day", unlockDays: 10 })],
      },
    ]);
    const hannah = await t.member({ firstName: "Hannah" });
    await enroll(hannah, courseId);
    await livesIn(hannah, "Asia/Jerusalem");
    await enrolledAt(hannah, courseId, new Date("2026-12-07T10:00:00Z"));
    const dayTen = { params: { id: lessonIds[1]! } };
    // Day 10 of the Omer 5787 begins on Saturday 1 May 2027 at nightfall in Jerusalem: havdalah, 19:58.
    const opensAt = "2027-05-01T16:58:00.000Z";

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-05-01T16:57:00Z"));
    const locked = await hannah.client.call(api.lesson, dayTen);
    expectRefused(locked, 403, LESSON_MESSAGES.locked);
    expect(locked.body).toEqual({
      message: LESSON_MESSAGES.locked,
      courseId,
      unlockAt: opensAt,
      opensOn: { kind: "omer_day", day: 10 },
    });
    expect((await outline(hannah, courseId)).modules[0]!.lessons[1]).toMatchObject({
      locked: true,
      unlockAt: opensAt,
      opensOn: { kind: "omer_day", day: 10 },
    });

    vi.setSystemTime(new Date(opensAt));
    expect(await succeeded(hannah.client.call(api.lesson, dayTen))).toMatchObject({ title: "Day ten" });
    expect((await outline(hannah, courseId)).modules[0]!.lessons[1]).toMatchObject({
      locked: false,
      unlockAt: opensAt,
    });
  });

  it("opens a lesson on a Hebrew date at nightfall in the city she chose", async () => {
    const { courseId, lessonIds } = await course("The month of Elul", [
      {
        title: "Return",
        lessons: [reading("Rosh Chodesh Elul", { rule: "hebrew_date", unlockDays: 1, unlockMonth: 6 })],
      },
    ]);
    const abigail = await t.member({ firstName: "Abigail" });
    await enroll(abigail, courseId);
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: abigail.id, timeZone: "America/New_York", restCity: "Jerusalem" });
    await enrolledAt(abigail, courseId, new Date("2026-12-07T10:00:00Z"));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-09-02T16:38:00Z"));
    const locked = await abigail.client.call(api.lesson, { params: { id: lessonIds[0]! } });
    // 1 Elul 5787 is Friday 3 September 2027: it begins at nightfall in Jerusalem on the 2nd, 19:39.
    expect(locked.body).toMatchObject({
      unlockAt: "2027-09-02T16:39:00.000Z",
      opensOn: { kind: "hebrew_date", day: 1, month: "Elul" },
    });
    vi.setSystemTime(new Date("2027-09-02T16:39:00Z"));
    await succeeded(abigail.client.call(api.lesson, { params: { id: lessonIds[0]! } }));
  });

  it("names the lesson to finish first, and opens it once that one is finished", async () => {
    const { courseId, lessonIds } = await course("In order", [
      { title: "One", lessons: [reading("First")] },
      { title: "Two", lessons: [reading("Second", { rule: "after_previous" })] },
    ]);
    await enroll(ruth, courseId);
    const locked = await ruth.client.call(api.lesson, { params: { id: lessonIds[1]! } });
    expectRefused(locked, 403, LESSON_MESSAGES.locked);
    expect(locked.body).toEqual({ message: LESSON_MESSAGES.locked, courseId, after: lessonIds[0] });
    expectRefused(await ruth.client.call(api.complete, { params: { id: lessonIds[1]! } }), 403);

    await succeeded(ruth.client.call(api.complete, { params: { id: lessonIds[0]! } }));
    expect(await succeeded(ruth.client.call(api.lesson, { params: { id: lessonIds[1]! } }))).toMatchObject({
      title: "Second",
      previousLessonId: lessonIds[0],
      nextLessonId: null,
    });
  });

  it("opens only the first lesson's free preview to a member who is not enrolled", async () => {
    const { lessonIds } = await course("Taste and see", [
      {
        title: "One",
        lessons: [reading("Preview", { freePreview: true }), reading("Enrolled only", { freePreview: true })],
      },
    ]);
    const guest = await t.member({ firstName: "Guest" });
    await succeeded(guest.client.call(api.lesson, { params: { id: lessonIds[0]! } }));
    expectRefused(
      await guest.client.call(api.lesson, { params: { id: lessonIds[1]! } }),
      403,
      LESSON_MESSAGES.notEnrolled,
    );
    // Finishing a lesson is for those enrolled.
    expectRefused(
      await guest.client.call(api.complete, { params: { id: lessonIds[0]! } }),
      403,
      LESSON_MESSAGES.notEnrolled,
    );
  });

  it("answers 404 for a lesson that does not exist", async () => {
    expectRefused(
      await ruth.client.call(api.lesson, { params: { id: 999_999 } }),
      404,
      LESSON_MESSAGES.notFound,
    );
    expectRefused(await ruth.client.call(api.lesson, { params: invalid({ id: "abc" }) }), 400);
  });

  it("shows a reading as safe HTML: headings, lists and Scripture quotes, no script", async () => {
    const { courseId, lessonIds } = await course("Safe words", [
      {
        title: "One",
        lessons: [
          reading("Careful", {
            body: "# Heading\n\n> Psalm 91:1\n\n1. one\n2. two\n\n<script>alert(1)</script>\n\n[link](javascript:alert(1)) [Bible](https://example.org/bible)\n\n<img src=x onerror=alert(1)>",
          }),
        ],
      },
    ]);
    await enroll(ruth, courseId);
    const { html } = await succeeded(ruth.client.call(api.lesson, { params: { id: lessonIds[0]! } }));
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<ol>");
    expect(html).toContain(
      '<a href="https://example.org/bible" target="_blank" rel="noopener noreferrer nofollow">Bible</a>',
    );
    // Raw HTML is shown as the text it is; a link to a script is no link.
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("finishing lessons", () => {
  it("marks a reading done and counts it in her progress, once", async () => {
    const { courseId, lessonIds } = await course("Three readings", [
      {
        title: "One",
        lessons: [
          reading("A"),
          reading("B"),
          reading("C", { rule: "days_after_enrollment", unlockDays: 30 }),
        ],
      },
    ]);
    await enroll(ruth, courseId);
    expect(await succeeded(ruth.client.call(api.complete, { params: { id: lessonIds[0]! } }))).toEqual({
      lessonId: lessonIds[0],
      finished: true,
      progress: 33,
    });
    await succeeded(ruth.client.call(api.complete, { params: { id: lessonIds[0]! } }));
    expect(await outline(ruth, courseId)).toMatchObject({ progress: 33, nextLessonId: lessonIds[1] });
    expectRefused(
      await ruth.client.call(api.reflection, { params: { id: lessonIds[1]! }, body: { text: "Hi" } }),
      409,
    );
  });

  it("keeps her reflection private and refuses an empty one", async () => {
    const { courseId, lessonIds } = await course("Reflect", [
      {
        title: "One",
        lessons: [{ title: "Your words", kind: "reflection", prompt: "What is his name to you?" }],
      },
    ]);
    const other = await t.member({ firstName: "Orpah" });
    await enroll(ruth, courseId);
    await enroll(other, courseId);
    const id = lessonIds[0]!;
    expectRefused(
      await ruth.client.call(api.reflection, { params: { id }, body: { text: "   " } }),
      400,
      LESSON_MESSAGES.reflectionRequired,
    );
    expect(
      await succeeded(ruth.client.call(api.reflection, { params: { id }, body: { text: "My refuge." } })),
    ).toMatchObject({
      finished: true,
      progress: 100,
    });
    expect(await succeeded(ruth.client.call(api.lesson, { params: { id } }))).toMatchObject({
      prompt: "What is his name to you?",
      reflection: "My refuge.",
      finished: true,
    });
    expect(await succeeded(other.client.call(api.lesson, { params: { id } }))).toMatchObject({
      reflection: null,
      finished: false,
    });
  });

  it("scores a quiz on the server, never showing its answers before she passes, as many tries as she likes", async () => {
    const { courseId, lessonIds } = await course("Quiz", [
      { title: "One", lessons: [{ title: "Check", kind: "quiz", quiz: QUIZ }] },
    ]);
    await enroll(ruth, courseId);
    const id = lessonIds[0]!;
    const shown = await ruth.client.call(api.lesson, { params: { id } });
    expect(shown.body).toMatchObject({
      quiz: {
        questions: QUIZ.map(({ question, choices }) => ({ question, choices })),
        passMark: 80,
        bestScore: null,
        tries: 0,
      },
    });
    expect(JSON.stringify(shown.body)).not.toContain("answer");

    expectRefused(
      await ruth.client.call(api.quiz, { params: { id }, body: { answers: [0] } }),
      400,
      LESSON_MESSAGES.answersRequired,
    );
    expectRefused(
      await ruth.client.call(api.quiz, { params: { id }, body: { answers: [0, 5] } }),
      400,
      LESSON_MESSAGES.answerInvalid,
    );

    expect(
      await succeeded(ruth.client.call(api.quiz, { params: { id }, body: { answers: [0, 0] } })),
    ).toEqual({
      lessonId: id,
      score: 50,
      passed: false,
      bestScore: 50,
      tries: 1,
      rightAnswers: null,
      finished: false,
      progress: 0,
    });
    expect(
      await succeeded(ruth.client.call(api.quiz, { params: { id }, body: { answers: [0, 1] } })),
    ).toMatchObject({
      score: 100,
      passed: true,
      tries: 2,
      rightAnswers: [0, 1],
      finished: true,
      progress: 100,
    });
    // A later miss keeps the lesson finished and her best score.
    expect(
      await succeeded(ruth.client.call(api.quiz, { params: { id }, body: { answers: [1, 0] } })),
    ).toMatchObject({
      score: 0,
      passed: false,
      bestScore: 100,
      tries: 3,
      finished: true,
    });
  });

  it("finishes a video lesson once she watched to within 10 seconds of its end", async () => {
    const video = await publishVideo(admin);
    await t.database.db.update(videos).set({ duration: 600 }).where(eq(videos.id, video.id));
    const { courseId, lessonIds } = await course("Watch", [
      { title: "One", lessons: [{ title: "Watch this", kind: "video", videoId: video.id }] },
    ]);
    await enroll(ruth, courseId);
    const id = lessonIds[0]!;
    expect(await succeeded(ruth.client.call(api.lesson, { params: { id } }))).toMatchObject({
      video: { id: video.id, duration: 600, resumeAt: 0 },
    });
    await succeeded(
      ruth.client.call(videosEndpoints.saveProgress, { params: { id: video.id }, body: { seconds: 589 } }),
    );
    expectRefused(
      await ruth.client.call(api.complete, { params: { id } }),
      409,
      LESSON_MESSAGES.videoNotWatched,
    );
    await succeeded(
      ruth.client.call(videosEndpoints.saveProgress, { params: { id: video.id }, body: { seconds: 590 } }),
    );
    expect(await succeeded(ruth.client.call(api.complete, { params: { id } }))).toMatchObject({
      finished: true,
      progress: 100,
    });
  });

  it("makes her certificate once, at 100 % and not before", async () => {
    const { courseId, lessonIds } = await course("Certified", [
      { title: "One", lessons: [reading("A"), { title: "Your words", kind: "reflection", prompt: "Why?" }] },
    ]);
    const hannah = await t.member({ firstName: "Hannah" });
    await enroll(hannah, courseId);
    const mine = async () =>
      (await succeeded(hannah.client.call(api.myCertificates))).filter((c) => c.courseId === courseId);
    await succeeded(hannah.client.call(api.complete, { params: { id: lessonIds[0]! } }));
    expect(await mine()).toEqual([]);
    await succeeded(
      hannah.client.call(api.reflection, { params: { id: lessonIds[1]! }, body: { text: "Because." } }),
    );
    await succeeded(
      hannah.client.call(api.reflection, { params: { id: lessonIds[1]! }, body: { text: "Again." } }),
    );
    await succeeded(hannah.client.call(api.complete, { params: { id: lessonIds[0]! } }));
    expect(await mine()).toEqual([expect.objectContaining({ courseTitle: "Certified", hidden: false })]);
  });

  it("makes one certificate when she finishes her last two lessons at the same moment", async () => {
    const { courseId, lessonIds } = await course("Together", [
      { title: "One", lessons: [reading("A"), reading("B")] },
    ]);
    const dinah = await t.member({ firstName: "Dinah" });
    await enroll(dinah, courseId);
    const done = await Promise.all(
      lessonIds.map((id) => succeeded(dinah.client.call(api.complete, { params: { id } }))),
    );
    expect(done.map((d) => d.progress).sort((a, b) => a - b)).toEqual([50, 100]);
    const mine = await succeeded(dinah.client.call(api.myCertificates));
    expect(mine.filter((c) => c.courseId === courseId)).toHaveLength(1);
  });

  it("keeps her finished lessons when the course is reordered", async () => {
    const { courseId, moduleIds, lessonIds } = await course("Reordered", [
      { title: "One", lessons: [reading("A"), reading("B")] },
      { title: "Two", lessons: [reading("C")] },
    ]);
    await enroll(ruth, courseId);
    await succeeded(ruth.client.call(api.complete, { params: { id: lessonIds[1]! } }));
    const db = t.database.db;
    // Module Two first; B moves into it, first.
    await db.update(courseModules).set({ position: 1 }).where(eq(courseModules.id, moduleIds[0]!));
    await db.update(courseModules).set({ position: 0 }).where(eq(courseModules.id, moduleIds[1]!));
    await db
      .update(lessons)
      .set({ moduleId: moduleIds[1]!, position: -1 })
      .where(eq(lessons.id, lessonIds[1]!));
    const seen = await outline(ruth, courseId);
    expect(seen.modules.map((m) => m.lessons.map((l) => [l.id, l.finished]))).toEqual([
      [
        [lessonIds[1], true],
        [lessonIds[2], false],
      ],
      [[lessonIds[0], false]],
    ]);
    expect(seen.progress).toBe(33);
    const rows = await db.select().from(lessonProgress).where(eq(lessonProgress.userId, ruth.id));
    expect(rows.some((r) => r.lessonId === lessonIds[1] && r.finishedAt !== null)).toBe(true);
  });
});

describe("her home page", () => {
  it("shows her progress on a course's card once she enrols, and moves it as she finishes lessons", async () => {
    const { courseId, lessonIds } = await course("Psalms of Ascent", [
      {
        title: "On the way up",
        lessons: [reading("A song for the road"), reading("Unless the Lord builds")],
      },
    ]);
    const card = async () =>
      (await succeeded(ruth.client.call(homeEndpoints.home))).courses.find((c) => c.id === courseId);
    expect(await card()).toMatchObject({ title: "Psalms of Ascent", progress: null });
    await enroll(ruth, courseId);
    expect((await card())?.progress).toBe(0);
    await succeeded(ruth.client.call(api.complete, { params: { id: lessonIds[0]! } }));
    expect((await card())?.progress).toBe(50);
  });
});
