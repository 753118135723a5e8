import { describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import type { BodyIn } from "../../src/core/contract";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { demoContentEndpoints } from "../../src/core/demo-content/endpoints";
import { DEMO_REMOVAL_CONFIRMATION } from "../../src/core/demo-content/schemas";
import { lessonsEndpoints as api } from "../../src/core/lessons/endpoints";
import { LESSON_MESSAGES } from "../../src/core/lessons/rules";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { demoAccounts, seedDemo } from "../../src/server/db/seed";
import {
  contextForFile,
  createTestContext,
  expectRefused,
  invalid,
  type Member,
  succeeded,
  TestClient,
} from "../support/app";

// Administrators build a course's lessons: modules, lessons of each kind with the rule that opens
// them, their order, and the funnel that shows how far members got.

const t = contextForFile();

let owner: TestClient | undefined;
/** The site administrator, signed in once for the file. */
const asAdmin = async () => {
  owner ??= (await t.admin()).client;
  return owner;
};

type LessonBody = BodyIn<typeof api.adminAddLesson>;

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query<T>(text, values)).rows;

async function newCourse(admin: TestClient, title: string) {
  const course = await succeeded(
    admin.call(coursesEndpoints.adminCreate, {
      body: { title, description: "Seven names of God, and what each says of His heart.", status: "active" },
    }),
  );
  return course.id;
}

async function newVideo(admin: TestClient) {
  const video = await succeeded(
    admin.call(videosEndpoints.adminCreate, {
      body: {
        title: "El Roi",
        description: "The God who sees, from Genesis 16.",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      },
    }),
  );
  return video.id;
}

const addModule = (admin: TestClient, courseId: number, title: string) =>
  succeeded(admin.call(api.adminAddModule, { params: { id: courseId }, body: { title } }));

const addLesson = (admin: TestClient, moduleId: number, body: LessonBody) =>
  succeeded(admin.call(api.adminAddLesson, { params: { id: moduleId }, body }));

const reading = (title: string): LessonBody => ({
  title,
  kind: "reading",
  body: `## ${title}\n\nRead slowly.`,
});

/** She finished these lessons (as the member's side records it). */
async function finish(member: Member, courseId: number, lessonIds: number[]) {
  for (const lessonId of lessonIds) {
    await t.database.pool.query(
      `insert into lesson_progress (user_id, lesson_id, course_id, finished_at) values ($1, $2, $3, now())`,
      [member.id, lessonId, courseId],
    );
  }
}

/** The course's lessons as the administrators' list gives them: module title → lesson titles. */
async function shape(admin: TestClient, courseId: number) {
  const modules = await succeeded(admin.call(api.adminCourseLessons, { params: { id: courseId } }));
  return modules.map((m) => [m.title, m.lessons.map((l) => l.title)] as const);
}

describe("building a course's lessons", () => {
  it("adds modules and lessons of every kind, in order, each with the rule that opens it", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "The Names of God");
    const videoId = await newVideo(admin);
    const week1 = await addModule(admin, courseId, "Week 1: El Roi");
    const week2 = await addModule(admin, courseId, "Week 2: Jehovah Jireh");
    expect([week1.position, week2.position]).toEqual([0, 1]);

    const video = await addLesson(admin, week1.id, {
      title: "The God who sees",
      kind: "video",
      videoId,
      freePreview: true,
    });
    expect(video).toMatchObject({
      courseId,
      moduleId: week1.id,
      kind: "video",
      videoId,
      rule: { kind: "immediate" },
      passMark: 80,
      freePreview: true,
    });
    const reflection = await addLesson(admin, week1.id, {
      title: "Your reflection",
      kind: "reflection",
      prompt: "Where do you need to know that God sees you?",
      rule: { kind: "after_previous" },
    });
    const quiz = await addLesson(admin, week2.id, {
      title: "A short quiz",
      kind: "quiz",
      quiz: [{ question: "Who named God El Roi?", choices: ["Sarah", "Hagar"], answer: 1 }],
      passMark: 50,
      rule: { kind: "days_after_enrollment", days: 7 },
    });
    // Added to the first week after the second week's quiz: it still comes before it.
    const read = await addLesson(admin, week1.id, {
      ...reading("The God who sees me"),
      rule: { kind: "on_date", date: "2027-01-10" },
    });

    const modules = await succeeded(admin.call(api.adminCourseLessons, { params: { id: courseId } }));
    expect(modules.map((m) => m.title)).toEqual(["Week 1: El Roi", "Week 2: Jehovah Jireh"]);
    expect(modules[0]!.lessons.map((l) => [l.id, l.position])).toEqual([
      [video.id, 0],
      [reflection.id, 1],
      [read.id, 2],
    ]);
    expect(modules[1]!.lessons).toEqual([
      {
        id: quiz.id,
        courseId,
        moduleId: week2.id,
        position: 3,
        title: "A short quiz",
        kind: "quiz",
        body: "",
        videoId: null,
        prompt: null,
        // Administrators see the right answers; members never do before they submit.
        quiz: [{ question: "Who named God El Roi?", choices: ["Sarah", "Hagar"], answer: 1 }],
        passMark: 50,
        rule: { kind: "days_after_enrollment", days: 7 },
        freePreview: false,
      },
    ]);
    expect(modules[0]!.lessons[2]!.rule).toEqual({ kind: "on_date", date: "2027-01-10" });
  });

  it("answers a clear 400 for an unknown rule, a quiz with no right answer, a negative day count", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "Prayer of the Heart");
    const week = await addModule(admin, courseId, "Week 1");
    const add = (body: unknown) =>
      admin.call(api.adminAddLesson, { params: { id: week.id }, body: invalid(body) });

    expectRefused(
      await add({ ...reading("Soon"), rule: { kind: "when_she_feels_ready" } }),
      400,
      LESSON_MESSAGES.ruleInvalid,
    );
    expectRefused(
      await add({ ...reading("Later"), rule: { kind: "days_after_enrollment", days: -3 } }),
      400,
      LESSON_MESSAGES.daysInvalid,
    );
    expectRefused(
      await add({ ...reading("Later"), rule: { kind: "days_after_enrollment", days: 1.5 } }),
      400,
      LESSON_MESSAGES.daysInvalid,
    );
    expectRefused(
      await add({ ...reading("Someday"), rule: { kind: "on_date", date: "next spring" } }),
      400,
      LESSON_MESSAGES.dateInvalid,
    );
    expectRefused(
      await add({ title: "Quiz", kind: "quiz", quiz: [{ question: "Who?", choices: ["Hagar", "Sarah"] }] }),
      400,
      LESSON_MESSAGES.rightAnswerRequired,
    );
    expectRefused(
      await add({
        title: "Quiz",
        kind: "quiz",
        quiz: [{ question: "Who?", choices: ["Hagar", "Sarah"], answer: 2 }],
      }),
      400,
      LESSON_MESSAGES.rightAnswerRequired,
    );
    expectRefused(await add({ title: "Quiz", kind: "quiz", quiz: [] }), 400, LESSON_MESSAGES.quizRequired);
    expectRefused(await add({ title: "Watch", kind: "video" }), 400, LESSON_MESSAGES.videoRequired);
    expectRefused(
      await add({ title: "Watch", kind: "video", videoId: 999_999 }),
      400,
      LESSON_MESSAGES.videoRequired,
    );
    expectRefused(
      await add({ title: "Write", kind: "reflection", prompt: "  " }),
      400,
      LESSON_MESSAGES.promptRequired,
    );
    expectRefused(await add({ title: "Listen", kind: "podcast" }), 400, LESSON_MESSAGES.kindInvalid);
    expectRefused(
      await add({ ...reading("Too long"), body: "a".repeat(50_001) }),
      400,
      LESSON_MESSAGES.readingTooLong,
    );
    expectRefused(await add({ ...reading("Quiz"), passMark: 0 }), 400, LESSON_MESSAGES.passMarkInvalid);
    expectRefused(await add({ ...reading(" ") }), 400, LESSON_MESSAGES.titleRequired);
    // A reading of 50,000 characters is welcome.
    await addLesson(admin, week.id, { ...reading("Long"), body: "a".repeat(50_000) });
    expect((await shape(admin, courseId))[0]![1]).toEqual(["Long"]);

    // An edit is checked with the rest of the lesson: a quiz keeps at least one question.
    const quiz = await addLesson(admin, week.id, {
      title: "Quiz",
      kind: "quiz",
      quiz: [{ question: "Who?", choices: ["Hagar", "Sarah"], answer: 0 }],
    });
    expectRefused(
      await admin.call(api.adminEditLesson, { params: { id: quiz.id }, body: { quiz: [] } }),
      400,
      LESSON_MESSAGES.quizRequired,
    );
    expectRefused(
      await admin.call(api.adminEditLesson, { params: { id: quiz.id }, body: { kind: "video" } }),
      400,
      LESSON_MESSAGES.videoRequired,
    );
    expectRefused(
      await admin.call(api.adminEditLesson, { params: { id: quiz.id }, body: invalid({}) }),
      400,
      LESSON_MESSAGES.emptyUpdate,
    );
  });

  it("opens a lesson on a Hebrew date or a day of the Omer, and refuses a day the month or the Omer has not", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "Counting the Omer");
    const week = await addModule(admin, courseId, "Week 1");
    const elul = await addLesson(admin, week.id, {
      ...reading("The month of return"),
      rule: { kind: "hebrew_date", month: 6, day: 1 },
    });
    expect(elul.rule).toEqual({ kind: "hebrew_date", month: 6, day: 1 });
    const omer = await addLesson(admin, week.id, {
      ...reading("Ten days on"),
      rule: { kind: "omer_day", day: 10 },
    });
    expect(omer.rule).toEqual({ kind: "omer_day", day: 10 });
    // Changing its rule leaves nothing of the one before behind.
    const moved = await succeeded(
      admin.call(api.adminEditLesson, {
        params: { id: elul.id },
        body: { rule: { kind: "omer_day", day: 49 } },
      }),
    );
    expect(moved.rule).toEqual({ kind: "omer_day", day: 49 });
    expect(
      await query("select rule, unlock_days, unlock_month, unlock_date from lessons where id = $1", [
        elul.id,
      ]),
    ).toEqual([{ rule: "omer_day", unlock_days: 49, unlock_month: null, unlock_date: null }]);

    const add = (rule: unknown) =>
      admin.call(api.adminAddLesson, {
        params: { id: week.id },
        body: invalid({ ...reading("Not a day"), rule }),
      });
    for (const day of [0, 50, 10.5, "ten"]) {
      const refused = await add({ kind: "omer_day", day });
      expectRefused(refused, 400, "Choose a day of the Omer from 1 to 49");
      expect(refused.body).toMatchObject({ errors: { "rule.day": LESSON_MESSAGES.omerDayInvalid } });
    }
    for (const day of [0, 31]) {
      expectRefused(await add({ kind: "hebrew_date", month: 6, day }), 400, LESSON_MESSAGES.hebrewDayInvalid);
    }
    for (const month of [0, 14, null]) {
      expectRefused(
        await add({ kind: "hebrew_date", month, day: 1 }),
        400,
        LESSON_MESSAGES.hebrewMonthInvalid,
      );
    }
    expect((await shape(admin, courseId))[0]![1]).toEqual(["The month of return", "Ten days on"]);
  });

  it("answers 404 for a course, module or lesson that does not exist", async () => {
    const admin = await asAdmin();
    const missing = 999_999;
    expectRefused(
      await admin.call(api.adminAddModule, { params: { id: missing }, body: { title: "Week 1" } }),
      404,
      LESSON_MESSAGES.courseNotFound,
    );
    expectRefused(await admin.call(api.adminCourseLessons, { params: { id: missing } }), 404);
    expectRefused(await admin.call(api.adminFunnel, { params: { id: missing } }), 404);
    expectRefused(
      await admin.call(api.adminOrder, { params: { id: missing }, body: { modules: [] } }),
      404,
      LESSON_MESSAGES.courseNotFound,
    );
    expectRefused(
      await admin.call(api.adminEditModule, { params: { id: missing }, body: { title: "Week 1" } }),
      404,
      LESSON_MESSAGES.moduleNotFound,
    );
    expectRefused(await admin.call(api.adminRemoveModule, { params: { id: missing } }), 404);
    expectRefused(
      await admin.call(api.adminAddLesson, { params: { id: missing }, body: reading("Lost") }),
      404,
      LESSON_MESSAGES.moduleNotFound,
    );
    expectRefused(
      await admin.call(api.adminEditLesson, { params: { id: missing }, body: { title: "Found" } }),
      404,
      LESSON_MESSAGES.notFound,
    );
    expectRefused(await admin.call(api.adminRemoveLesson, { params: { id: missing } }), 404);
  });

  it("is the administrators' alone", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "Closed doors");
    const member = (await t.member()).client;
    expect((await member.call(api.adminCourseLessons, { params: { id: courseId } })).status).toBe(403);
    expect(
      (await member.call(api.adminAddModule, { params: { id: courseId }, body: { title: "Week 1" } })).status,
    ).toBe(403);
    expect((await member.call(api.adminFunnel, { params: { id: courseId } })).status).toBe(403);
    expect((await t.visitor().call(api.adminFunnel, { params: { id: courseId } })).status).toBe(401);
    expect(await shape(admin, courseId)).toEqual([]);
  });
});

describe("changing a course members are part-way through", () => {
  it("reorders modules and lessons in one go and keeps what she finished", async () => {
    const admin = await asAdmin();
    const ruth = await t.member({ firstName: "Ruth" });
    const courseId = await newCourse(admin, "Walking Through the Feasts");
    const spring = await addModule(admin, courseId, "Spring feasts");
    const autumn = await addModule(admin, courseId, "Autumn feasts");
    const passover = await addLesson(admin, spring.id, reading("Passover"));
    const firstfruits = await addLesson(admin, spring.id, reading("Firstfruits"));
    const trumpets = await addLesson(admin, autumn.id, reading("Trumpets"));
    await succeeded(ruth.client.call(coursesEndpoints.enroll, { params: { id: courseId } }));
    await finish(ruth, courseId, [passover.id, trumpets.id]);

    // Autumn first; Firstfruits moves into it, after Trumpets.
    const reordered = await succeeded(
      admin.call(api.adminOrder, {
        params: { id: courseId },
        body: {
          modules: [
            { id: autumn.id, lessons: [trumpets.id, firstfruits.id] },
            { id: spring.id, lessons: [passover.id] },
          ],
        },
      }),
    );
    expect(reordered.map((m) => [m.title, m.position, m.lessons.map((l) => [l.title, l.position])])).toEqual([
      [
        "Autumn feasts",
        0,
        [
          ["Trumpets", 0],
          ["Firstfruits", 1],
        ],
      ],
      ["Spring feasts", 1, [["Passover", 2]]],
    ]);
    expect(await shape(admin, courseId)).toEqual([
      ["Autumn feasts", ["Trumpets", "Firstfruits"]],
      ["Spring feasts", ["Passover"]],
    ]);
    expect(
      await query(
        "select lesson_id from lesson_progress where user_id = $1 and finished_at is not null order by lesson_id",
        [ruth.id],
      ),
    ).toEqual(
      [{ lesson_id: passover.id }, { lesson_id: trumpets.id }].sort((a, b) => a.lesson_id - b.lesson_id),
    );
    // As she sees it: the new order, the same two lessons finished, and where to continue.
    const outline = await succeeded(ruth.client.call(api.outline, { params: { id: courseId } }));
    expect(outline.modules.map((m) => [m.title, m.lessons.map((l) => [l.title, l.finished])])).toEqual([
      [
        "Autumn feasts",
        [
          ["Trumpets", true],
          ["Firstfruits", false],
        ],
      ],
      ["Spring feasts", [["Passover", true]]],
    ]);
    expect(outline).toMatchObject({ progress: 67, nextLessonId: firstfruits.id });
    const funnel = await succeeded(admin.call(api.adminFunnel, { params: { id: courseId } }));
    expect(funnel).toMatchObject({ started: 1, halfway: 1, finished: 0 });
    // Her first unfinished lesson is now Firstfruits, the second of the course.
    expect(funnel.mostStopAt).toEqual({ lessonId: firstfruits.id, title: "Firstfruits", members: 1 });

    // Editing a lesson she finished (its words, its kind, its rule) leaves it finished.
    await succeeded(
      admin.call(api.adminEditLesson, {
        params: { id: trumpets.id },
        body: {
          title: "Yom Teruah",
          kind: "reflection",
          prompt: "What wakes you up to God's call?",
          rule: { kind: "days_after_enrollment", days: 3 },
        },
      }),
    );
    expect(
      await query(
        "select count(*)::int as n from lesson_progress where user_id = $1 and finished_at is not null",
        [ruth.id],
      ),
    ).toEqual([{ n: 2 }]);
  });

  it("refuses an order that leaves out, repeats or borrows a module or lesson, and changes nothing", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "Psalms of Ascent");
    const otherCourse = await newCourse(admin, "Another study");
    const first = await addModule(admin, courseId, "Songs 120 to 127");
    const second = await addModule(admin, courseId, "Songs 128 to 134");
    const elsewhere = await addModule(admin, otherCourse, "Elsewhere");
    const a = await addLesson(admin, first.id, reading("Psalm 120"));
    const b = await addLesson(admin, second.id, reading("Psalm 128"));
    const foreign = await addLesson(admin, elsewhere.id, reading("Someone else's"));
    const before = await shape(admin, courseId);

    const order = (modules: { id: number; lessons: number[] }[]) =>
      admin.call(api.adminOrder, { params: { id: courseId }, body: { modules } });
    for (const modules of [
      // A lesson left out.
      [
        { id: second.id, lessons: [b.id] },
        { id: first.id, lessons: [] },
      ],
      // A module left out.
      [{ id: first.id, lessons: [a.id, b.id] }],
      // A lesson twice.
      [
        { id: second.id, lessons: [b.id, a.id] },
        { id: first.id, lessons: [a.id] },
      ],
      // A module twice.
      [
        { id: second.id, lessons: [b.id] },
        { id: second.id, lessons: [a.id] },
      ],
      // Another course's lesson, and another course's module.
      [
        { id: second.id, lessons: [b.id, foreign.id] },
        { id: first.id, lessons: [a.id] },
      ],
      [
        { id: second.id, lessons: [b.id] },
        { id: first.id, lessons: [a.id] },
        { id: elsewhere.id, lessons: [] },
      ],
    ]) {
      expectRefused(await order(modules), 400, LESSON_MESSAGES.orderInvalid);
    }
    expect(await shape(admin, courseId)).toEqual(before);
    expectRefused(
      await admin.call(api.adminOrder, {
        params: { id: courseId },
        body: invalid({ modules: [{ id: "first" }] }),
      }),
      400,
    );
  });

  it("moves a lesson to another module of the course only, renames and removes modules and lessons", async () => {
    const admin = await asAdmin();
    const ruth = await t.member({ firstName: "Ruth" });
    const courseId = await newCourse(admin, "Women of the Bible");
    const otherCourse = await newCourse(admin, "Somewhere else");
    const elsewhere = await addModule(admin, otherCourse, "Elsewhere");
    const one = await addModule(admin, courseId, "Matriarchs");
    const two = await addModule(admin, courseId, "Judges");
    const three = await addModule(admin, courseId, "Queens");
    const sarah = await addLesson(admin, one.id, reading("Sarah"));
    const deborah = await addLesson(admin, two.id, reading("Deborah"));
    const jael = await addLesson(admin, two.id, reading("Jael"));
    const esther = await addLesson(admin, three.id, reading("Esther"));
    await succeeded(ruth.client.call(coursesEndpoints.enroll, { params: { id: courseId } }));
    await finish(ruth, courseId, [sarah.id, esther.id]);

    const moved = await succeeded(
      admin.call(api.adminEditLesson, { params: { id: sarah.id }, body: { moduleId: three.id } }),
    );
    expect(moved).toMatchObject({ moduleId: three.id, position: 3 });
    expectRefused(
      await admin.call(api.adminEditLesson, { params: { id: jael.id }, body: { moduleId: elsewhere.id } }),
      400,
      LESSON_MESSAGES.moduleNotFound,
    );
    expect(
      await succeeded(
        admin.call(api.adminEditModule, { params: { id: two.id }, body: { title: "Judges and prophets" } }),
      ),
    ).toEqual({ id: two.id, courseId, title: "Judges and prophets", position: 1 });

    expect((await admin.call(api.adminRemoveLesson, { params: { id: deborah.id } })).status).toBe(204);
    expect((await admin.call(api.adminRemoveModule, { params: { id: one.id } })).status).toBe(204);
    const modules = await succeeded(admin.call(api.adminCourseLessons, { params: { id: courseId } }));
    expect(modules.map((m) => [m.title, m.position, m.lessons.map((l) => [l.title, l.position])])).toEqual([
      ["Judges and prophets", 0, [["Jael", 0]]],
      [
        "Queens",
        1,
        [
          ["Esther", 1],
          ["Sarah", 2],
        ],
      ],
    ]);
    // What she finished stays hers: both lessons are still in the course.
    expect(
      await query(
        "select count(*)::int as n from lesson_progress where user_id = $1 and finished_at is not null",
        [ruth.id],
      ),
    ).toEqual([{ n: 2 }]);
    expect((await admin.call(api.adminRemoveModule, { params: { id: three.id } })).status).toBe(204);
    expect(
      await query("select count(*)::int as n from lesson_progress where user_id = $1", [ruth.id]),
    ).toEqual([{ n: 0 }]);
  });
});

describe("the funnel", () => {
  it("counts enrolled, started, half-way and finished, and names the lesson where most stop", async () => {
    const admin = await asAdmin();
    const courseId = await newCourse(admin, "Foundations of Grace");
    const week1 = await addModule(admin, courseId, "Week 1");
    const week2 = await addModule(admin, courseId, "Week 2");
    const l1 = await addLesson(admin, week1.id, { ...reading("Grace first"), freePreview: true });
    const l2 = await addLesson(admin, week1.id, reading("Not a wage"));
    const l3 = await addLesson(admin, week2.id, reading("Free indeed"));
    const l4 = await addLesson(admin, week2.id, reading("Grace with a face"));
    expect(await succeeded(admin.call(api.adminFunnel, { params: { id: courseId } }))).toEqual({
      courseId,
      enrolled: 0,
      started: 0,
      halfway: 0,
      finished: 0,
      mostStopAt: null,
    });

    const [esther, hannah, deborah, lydia, abigail, visitor] = await Promise.all(
      ["Esther", "Hannah", "Deborah", "Lydia", "Abigail", "Priscilla"].map((firstName) =>
        t.member({ firstName }),
      ),
    );
    for (const member of [esther!, hannah!, deborah!, lydia!, abigail!]) {
      await succeeded(member.client.call(coursesEndpoints.enroll, { params: { id: courseId } }));
    }
    await finish(esther!, courseId, [l1.id, l2.id, l3.id, l4.id]); // 100 %
    await finish(hannah!, courseId, [l1.id, l2.id]); // 50 %, stops at the third
    await finish(deborah!, courseId, [l1.id, l2.id]); // 50 %, stops at the third
    await finish(lydia!, courseId, [l1.id]); // 25 %, stops at the second
    // Abigail enrolled and has not begun; Priscilla read the free preview without enrolling.
    await finish(visitor!, courseId, [l1.id]);

    expect(await succeeded(admin.call(api.adminFunnel, { params: { id: courseId } }))).toEqual({
      courseId,
      enrolled: 5,
      started: 4,
      halfway: 3,
      finished: 1,
      mostStopAt: { lessonId: l3.id, title: "Free indeed", members: 2 },
    });
  });
});

describe("the demo content", () => {
  it("seeds the seven-week Names of God and Foundations of Grace with lessons, and removing it takes them", async () => {
    const context = await createTestContext();
    const rows = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await context.database.pool.query<T>(text, values)).rows;
    try {
      expect(await seedDemo(context.database)).toBe(true);
      const [names] = await rows<{ id: number }>("select id from courses where title = 'The Names of God'");
      const [grace] = await rows<{ id: number }>(
        "select id from courses where title = 'Foundations of Grace'",
      );

      const admin = await context.admin();
      const weeks = await succeeded(admin.client.call(api.adminCourseLessons, { params: { id: names!.id } }));
      expect(weeks).toHaveLength(7);
      weeks.forEach((week, i) => {
        expect(
          week.lessons.map((l) => l.kind),
          week.title,
        ).toEqual(["video", "reading", "reflection", "quiz"]);
        const opens = i === 0 ? { kind: "immediate" } : { kind: "days_after_enrollment", days: i * 7 };
        for (const lesson of week.lessons) expect(lesson.rule, lesson.title).toEqual(opens);
        const quiz = week.lessons[3]!;
        expect(quiz.quiz.length).toBeGreaterThan(0);
        for (const q of quiz.quiz) expect(q.answer).toBeLessThan(q.choices.length);
        expect(week.lessons[0]!.videoId).not.toBeNull();
        expect(week.lessons[1]!.body.length).toBeGreaterThan(200);
      });
      expect(weeks[0]!.lessons[0]!.freePreview).toBe(true);

      const graceWeeks = await succeeded(
        admin.client.call(api.adminCourseLessons, { params: { id: grace!.id } }),
      );
      const graceLessons = graceWeeks.flatMap((w) => w.lessons);
      expect(graceLessons.length).toBeGreaterThan(4);
      for (const lesson of graceLessons) expect(lesson.rule).toEqual({ kind: "immediate" });
      expect(
        await succeeded(admin.client.call(api.adminFunnel, { params: { id: grace!.id } })),
      ).toMatchObject({
        enrolled: 5,
        started: 4,
        halfway: 3,
        finished: 1,
      });
      expect(await rows("select user_id from certificates")).toHaveLength(1);

      // Lydia, a patron, enrolled fifteen days ago: three weeks are open to her, four wait.
      const lydia = new TestClient(context.app, context.config.publicOrigin);
      await succeeded(
        lydia.call(authEndpoints.login, {
          body: { email: "lydia@example.com", password: demoAccounts.member.password },
        }),
      );
      const hers = await succeeded(lydia.call(api.outline, { params: { id: names!.id } }));
      expect(hers.modules.map((m) => m.lessons.every((l) => !l.locked))).toEqual([
        true,
        true,
        true,
        false,
        false,
        false,
        false,
      ]);
      expect(hers.modules[3]!.lessons[0]!.unlockAt).not.toBeNull();
      expect(hers.progress).toBe(Math.round((100 * 6) / 28));
      expect(hers.nextLessonId).toBe(weeks[1]!.lessons[2]!.id);
      // Ruth has begun "Foundations of Grace": two of its lessons finished.
      const ruth = new TestClient(context.app, context.config.publicOrigin);
      await succeeded(ruth.call(authEndpoints.login, { body: demoAccounts.member }));
      const graceOutline = await succeeded(ruth.call(api.outline, { params: { id: grace!.id } }));
      expect(graceOutline.progress).toBe(Math.round((100 * 2) / graceLessons.length));
      expect(graceOutline.nextLessonId).toBe(graceLessons[2]!.id);

      await succeeded(
        admin.client.call(demoContentEndpoints.remove, { body: { confirm: DEMO_REMOVAL_CONFIRMATION } }),
      );
      for (const table of ["course_modules", "lessons", "lesson_progress", "certificates"]) {
        expect(await rows(`select count(*)::int as n from ${table}`), table).toEqual([{ n: 0 }]);
      }
    } finally {
      await context.close();
    }
  });
});
