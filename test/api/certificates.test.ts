import { and, eq, sql } from "drizzle-orm";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { lessonsEndpoints } from "../../src/core/lessons/endpoints";
import { LESSON_MESSAGES } from "../../src/core/lessons/rules";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { wallClockIn } from "../../src/core/zoned-time";
import {
  certificates,
  courseEnrollments,
  courseModules,
  lessonProgress,
  lessons,
  notificationPreferences,
  notifications,
} from "../../src/server/db/schema";
import {
  certificateJobs,
  issueCertificateIfComplete,
  noticeOpenedLessons,
} from "../../src/server/features/certificates";
import { contextForFile, expectRefused, type Member, succeeded } from "../support/app";

const t = contextForFile();
let admin: Member;
let ruth: Member;
let other: Member;

type LessonRow = typeof lessons.$inferInsert;
type Rule = Pick<LessonRow, "rule" | "unlockDays" | "unlockDate">;

/** A free, active course she is enrolled in, with one module of readings opening by `rules`. */
async function courseWith(title: string, rules: Rule[], who: Member[] = [ruth]) {
  const course = await succeeded(
    admin.client.call(coursesEndpoints.adminCreate, {
      body: { title, description: "Seven weeks with the names of God.", status: "active", price: 0 },
    }),
  );
  const db = t.database.db;
  const [module] = await db
    .insert(courseModules)
    .values({ courseId: course.id, title: "Week one", position: 0 })
    .returning({ id: courseModules.id });
  const rows =
    rules.length === 0
      ? []
      : await db
          .insert(lessons)
          .values(
            rules.map((rule, i) => ({
              courseId: course.id,
              moduleId: module!.id,
              position: i,
              title: `Lesson ${i + 1} of ${title}`,
              kind: "reading" as const,
              body: "El Shaddai: God Almighty.",
              ...rule,
            })),
          )
          .returning({ id: lessons.id });
  for (const member of who)
    await succeeded(member.client.call(coursesEndpoints.enroll, { params: { id: course.id } }));
  return { courseId: course.id, lessonIds: rows.map((r) => r.id) };
}

const atOnce: Rule = { rule: "immediate" };

/** She finished these lessons (what the lessons' own routes write), then the completion's check runs. */
async function finish(member: Member, courseId: number, lessonIds: number[], now = new Date()) {
  const db = t.database.db;
  return db.transaction(async (tx) => {
    await tx
      .insert(lessonProgress)
      .values(lessonIds.map((lessonId) => ({ userId: member.id, lessonId, courseId, finishedAt: now })))
      .onConflictDoNothing();
    return issueCertificateIfComplete(tx, member.id, courseId, now);
  });
}

async function certificateFor(member: Member, courseId: number) {
  const mine = await succeeded(member.client.call(lessonsEndpoints.myCertificates));
  const found = mine.find((c) => c.courseId === courseId);
  if (!found) throw new Error(`no certificate for course ${courseId}`);
  return found;
}

beforeAll(async () => {
  admin = await t.admin();
  ruth = await t.member({ firstName: "Ruth", lastName: "Calloway" });
  other = await t.member({ firstName: "Orpah", lastName: "Moab" });
});

describe("her certificate", () => {
  it("is made once, when she finishes the last lesson, and not before", async () => {
    const { courseId, lessonIds } = await courseWith("The Names of God", [atOnce, atOnce, atOnce]);
    expect(await finish(ruth, courseId, lessonIds.slice(0, 2))).toBeNull();
    expect(await succeeded(ruth.client.call(lessonsEndpoints.myCertificates))).toEqual([]);

    const made = await finish(ruth, courseId, lessonIds.slice(2));
    expect(made?.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Finishing again (a retried request, a quiz passed twice) makes no second one.
    expect(await finish(ruth, courseId, lessonIds)).toBeNull();

    const mine = await succeeded(ruth.client.call(lessonsEndpoints.myCertificates));
    expect(mine).toEqual([
      {
        code: made!.code,
        courseId,
        courseTitle: "The Names of God",
        issuedAt: made!.issuedAt.toISOString(),
        hidden: false,
      },
    ]);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.courseId, courseId));
    expect(rows).toHaveLength(1);
  });

  it("is made when she marks her last reading done, and not before", async () => {
    const { courseId, lessonIds } = await courseWith("Readings in Ruth", [atOnce, atOnce]);
    const complete = (id: number) => ruth.client.call(lessonsEndpoints.complete, { params: { id } });
    await succeeded(complete(lessonIds[0]!));
    const before = await succeeded(ruth.client.call(lessonsEndpoints.myCertificates));
    expect(before.some((c) => c.courseId === courseId)).toBe(false);

    await succeeded(complete(lessonIds[1]!));
    const first = await certificateFor(ruth, courseId);
    await succeeded(complete(lessonIds[1]!));
    expect(await certificateFor(ruth, courseId)).toEqual(first);
    const page = await succeeded(
      t.visitor().call(lessonsEndpoints.certificate, { params: { code: first.code } }),
    );
    expect(page).toEqual({
      name: "Ruth Calloway",
      courseTitle: "Readings in Ruth",
      issuedAt: first.issuedAt,
    });
  });

  it("is made once when she finishes her last two lessons at the same moment", async () => {
    const { courseId, lessonIds } = await courseWith("Two at Once", [atOnce, atOnce]);
    // Each completion writes its lesson before either looks at her progress.
    let written = 0;
    let bothWritten!: () => void;
    const written2 = new Promise<void>((resolve) => {
      bothWritten = resolve;
    });
    const finishAlongside = (lessonId: number) =>
      t.database.db.transaction(async (tx) => {
        await tx
          .insert(lessonProgress)
          .values({ userId: ruth.id, lessonId, courseId, finishedAt: new Date() });
        written += 1;
        if (written === 2) bothWritten();
        await written2;
        return issueCertificateIfComplete(tx, ruth.id, courseId);
      });
    const made = await Promise.all(lessonIds.map(finishAlongside));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect((await certificateFor(ruth, courseId)).courseTitle).toBe("Two at Once");
  });

  it("is not made for a course with no lessons, nor for a member who is not enrolled", async () => {
    const empty = await courseWith("A course still being written", []);
    expect(
      await t.database.db.transaction((tx) => issueCertificateIfComplete(tx, ruth.id, empty.courseId)),
    ).toBeNull();
    const { courseId, lessonIds } = await courseWith("Shalom", [atOnce]);
    await t.database.db
      .delete(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, ruth.id), eq(courseEnrollments.courseId, courseId)));
    expect(await finish(ruth, courseId, lessonIds)).toBeNull();
  });

  it("shows anyone her name, the course and the date, and nothing else", async () => {
    const { courseId, lessonIds } = await courseWith("Abide", [atOnce]);
    const made = await finish(ruth, courseId, lessonIds, new Date("2026-11-26T15:00:00Z"));
    const res = await t.visitor().call(lessonsEndpoints.certificate, { params: { code: made!.code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: "Ruth Calloway",
      courseTitle: "Abide",
      issuedAt: "2026-11-26T15:00:00.000Z",
    });
    const asMember = await succeeded(
      other.client.call(lessonsEndpoints.certificate, { params: { code: made!.code } }),
    );
    expect(asMember).toEqual(res.body);
  });

  it("answers that a code nobody was given is not a certificate", async () => {
    const unknown = await t
      .visitor()
      .call(lessonsEndpoints.certificate, { params: { code: "NoSuchCode0000000" } });
    expectRefused(unknown, 404, LESSON_MESSAGES.certificateNotFound);
    const junk = await t.visitor().get("/api/certificates/%3Cscript%3E");
    expectRefused(
      junk as { status: number; body: { message?: string } },
      400,
      LESSON_MESSAGES.certificateNotFound,
    );
  });

  it("is hidden from everyone but her when she hides it, and shown again when she asks", async () => {
    const { courseId, lessonIds } = await courseWith("Hidden Manna", [atOnce]);
    const { code } = (await finish(ruth, courseId, lessonIds))!;

    const hidden = await succeeded(
      ruth.client.call(lessonsEndpoints.certificateVisibility, { params: { code }, body: { hidden: true } }),
    );
    expect(hidden).toMatchObject({ code, courseId, courseTitle: "Hidden Manna", hidden: true });
    expect((await certificateFor(ruth, courseId)).hidden).toBe(true);
    for (const stranger of [t.visitor(), other.client, admin.client]) {
      const page = await stranger.call(lessonsEndpoints.certificate, { params: { code } });
      expectRefused(page, 404, LESSON_MESSAGES.certificateNotFound);
      const pdf = await stranger.call(lessonsEndpoints.certificatePdf, { params: { code } });
      expect(pdf.status).toBe(404);
    }
    expect((await ruth.client.call(lessonsEndpoints.certificate, { params: { code } })).status).toBe(200);
    expect((await ruth.client.call(lessonsEndpoints.certificatePdf, { params: { code } })).status).toBe(200);

    await succeeded(
      ruth.client.call(lessonsEndpoints.certificateVisibility, { params: { code }, body: { hidden: false } }),
    );
    expect((await t.visitor().call(lessonsEndpoints.certificate, { params: { code } })).status).toBe(200);
  });

  it("is made hidden for a member who keeps her name from other members", async () => {
    const quiet = await t.member({ firstName: "Naomi" });
    await t.database.pool.query(
      `update users set settings = settings || '{"showProfileToMembers": false}' where id = $1`,
      [quiet.id],
    );
    const { courseId, lessonIds } = await courseWith("Quiet Waters", [atOnce], [quiet]);
    const { code } = (await finish(quiet, courseId, lessonIds))!;
    expect((await certificateFor(quiet, courseId)).hidden).toBe(true);
    expect((await t.visitor().call(lessonsEndpoints.certificate, { params: { code } })).status).toBe(404);
  });

  it("may be hidden by her alone", async () => {
    const { courseId, lessonIds } = await courseWith("El Roi", [atOnce]);
    const { code } = (await finish(ruth, courseId, lessonIds))!;
    const res = await other.client.call(lessonsEndpoints.certificateVisibility, {
      params: { code },
      body: { hidden: true },
    });
    expectRefused(res, 404, LESSON_MESSAGES.certificateNotFound);
    expect((await t.visitor().call(lessonsEndpoints.certificate, { params: { code } })).status).toBe(200);
  });
});

/** The PDF's bytes as a browser downloads them. */
async function download(member: Member, code: string) {
  const cookie = [...member.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return t.app.inject({ method: "GET", url: `/api/certificates/${code}/pdf`, headers: { cookie } });
}

/** Every content stream of the document, decoded, as Latin-1 text. */
function contentOf(doc: PDFDocument): string {
  let text = "";
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream)
      text += Buffer.from(decodePDFRawStream(object).decode()).toString("latin1");
  }
  return text;
}

/** How the standard fonts write `words` in a content stream: `<hex> Tj`. */
const shown = (words: string) => `<${Buffer.from(words, "latin1").toString("hex")}> tj`;

describe("her certificate's PDF", () => {
  it("is one A4 page with her name, the course, the date and the address to check it", async () => {
    const { courseId, lessonIds } = await courseWith("The Names of God", [atOnce], [other]);
    // Late on the 26th in New York is already the 27th in London: the date is hers.
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: other.id, timeZone: "America/New_York" });
    const { code } = (await finish(other, courseId, lessonIds, new Date("2026-11-27T03:30:00Z")))!;

    const res = await download(other, code);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("attachment");
    expect(res.headers["content-disposition"]).toContain("The Names of God");

    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    // A4 landscape, in points.
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(doc.getTitle()).toBe("Certificate: The Names of God");
    const content = contentOf(doc).toLowerCase();
    expect(content).toContain(shown("Orpah Moab"));
    expect(content).toContain(shown("The Names of God"));
    expect(content).toContain(shown("on 26 November 2026"));
    expect(content).toContain(shown(`${t.config.publicUrl}/certificates/${code}`));
  });

  it("writes a name with letters the PDF's fonts lack as near as they allow", async () => {
    const named = await t.member({ firstName: "Zofia", lastName: "Łukasiewicz-Dvořák" });
    const { courseId, lessonIds } = await courseWith("Jehovah Jireh", [atOnce], [named]);
    const { code } = (await finish(named, courseId, lessonIds))!;
    const res = await download(named, code);
    expect(res.statusCode).toBe(200);
    const content = contentOf(await PDFDocument.load(res.rawPayload)).toLowerCase();
    expect(content).toContain(shown("Zofia Lukasiewicz-Dvorák"));
    // The page in the browser keeps her name as she wrote it.
    const page = await succeeded(t.visitor().call(lessonsEndpoints.certificate, { params: { code } }));
    expect(page.name).toBe("Zofia Łukasiewicz-Dvořák");
  });
});

/** The names of the fonts the document uses. */
function fontsOf(doc: PDFDocument): string[] {
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of("Type"))?.toString() === "/Font")
      names.push(String(object.get(PDFName.of("BaseFont"))));
  }
  return names;
}

describe("her certificate's PDF in Hebrew", () => {
  it("writes her Hebrew name and the Hebrew words right to left, in a font that has their letters", async () => {
    const named = await t.member({ firstName: "שרה", lastName: "לוי" });
    await succeeded(named.client.call(profileEndpoints.setLanguage, { body: { locale: "he" } }));
    const { courseId, lessonIds } = await courseWith("שמות האלוהים", [atOnce], [named]);
    const { code } = (await finish(named, courseId, lessonIds))!;
    const res = await download(named, code);
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toBe("תעודה: שמות האלוהים");
    expect(doc.getSubject()).toBe("שרה לוי סיימה את שמות האלוהים");
    // Its letters from the embedded Hebrew font, not the standard fonts that have none.
    const fonts = fontsOf(doc);
    expect(
      fonts.some((f) => /^\/FrankRuhlLibre-/.test(f)),
      fonts.join(),
    ).toBe(true);
    expect(fonts).not.toContain("/Times-Roman");
  });

  it("keeps an English member's certificate as it was", async () => {
    const named = await t.member({ firstName: "Mara", lastName: "Naomi" });
    const { courseId, lessonIds } = await courseWith("El Roi", [atOnce], [named]);
    const { code } = (await finish(named, courseId, lessonIds))!;
    const fonts = fontsOf(await PDFDocument.load((await download(named, code)).rawPayload));
    expect(fonts).toContain("/Times-Roman");
    expect(fonts.filter((f) => /FrankRuhl/.test(f))).toEqual([]);
  });
});

const DAY = 86_400_000;
const MINUTE = 60_000;

describe("the notice of a lesson that opened", () => {
  it("tells her once, at the start of the seventh day after she enrolled in her time zone", async () => {
    const learner = await t.member({ firstName: "Hannah" });
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: learner.id, timeZone: "America/Chicago" });
    const { courseId, lessonIds } = await courseWith(
      "Seven Weeks",
      [atOnce, { rule: "days_after_enrollment", unlockDays: 7 }],
      [learner],
    );
    // She enrolled at 20:00 on 2 November in Chicago (CST, UTC−6): the lesson opens at midnight on the 9th there.
    await t.database.db
      .update(courseEnrollments)
      .set({ createdAt: new Date("2026-11-03T02:00:00Z") })
      .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, courseId)));
    const opens = new Date("2026-11-09T06:00:00Z");
    const notices = () =>
      t.database.db
        .select({ subjectId: notifications.subjectId, title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, learner.id), eq(notifications.kind, "lesson_opened")));

    // The server's clock, as the scheduled run reads it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(opens.getTime() - MINUTE));
      await noticeOpenedLessons(t.database.db, t.config.timeZone);
      expect(await notices()).toEqual([]);
      vi.setSystemTime(opens);
      await noticeOpenedLessons(t.database.db, t.config.timeZone);
    } finally {
      vi.useRealTimers();
    }
    await noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(opens.getTime() + 15 * MINUTE));
    await Promise.all([
      noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(opens.getTime() + 30 * MINUTE)),
      noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(opens.getTime() + 30 * MINUTE)),
    ]);
    expect(await notices()).toEqual([{ subjectId: lessonIds[1], title: "Lesson 2 of Seven Weeks" }]);

    const list = await succeeded(learner.client.call(notificationsEndpoints.list));
    expect(list.find((n) => n.kind === "lesson_opened")).toMatchObject({
      text: "A new lesson is open for you: Lesson 2 of Seven Weeks",
      url: `/lessons/${lessonIds[1]}`,
    });
  });

  it("tells her once when a lesson on day 10 of the Omer opens at nightfall in her city", async () => {
    const learner = await t.member({ firstName: "Hodaya" });
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: learner.id, timeZone: "Asia/Jerusalem" });
    const { courseId, lessonIds } = await courseWith(
      "Counting the Omer",
      [atOnce, { rule: "omer_day", unlockDays: 10 }],
      [learner],
    );
    await t.database.db
      .update(courseEnrollments)
      .set({ createdAt: new Date("2026-12-07T10:00:00Z") })
      .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, courseId)));
    // Day 10 of the Omer 5787 begins on 1 May 2027 at nightfall in Jerusalem, 19:58 (16:58 UTC).
    const opens = new Date("2027-05-01T16:58:00Z");
    const notices = () =>
      t.database.db
        .select({ subjectId: notifications.subjectId })
        .from(notifications)
        .where(and(eq(notifications.userId, learner.id), eq(notifications.kind, "lesson_opened")));

    await noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(opens.getTime() - MINUTE));
    expect(await notices()).toEqual([]);
    await noticeOpenedLessons(t.database.db, t.config.timeZone, opens);
    await noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(opens.getTime() + 15 * MINUTE));
    expect(await notices()).toEqual([{ subjectId: lessonIds[1] }]);
  });

  it("tells nobody of a lesson open when she enrolled, one that waits for the lesson before, or one she is not enrolled in", async () => {
    const learner = await t.member({ firstName: "Leah" });
    const { courseId } = await courseWith(
      "Open at Once",
      [
        atOnce,
        { rule: "after_previous" },
        { rule: "days_after_enrollment", unlockDays: 0 },
        { rule: "on_date", unlockDate: "2020-01-01" },
      ],
      [learner],
    );
    const [enrolment] = await t.database.db
      .select({ at: courseEnrollments.createdAt })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, courseId)));
    await noticeOpenedLessons(t.database.db, t.config.timeZone, new Date(enrolment!.at.getTime() + DAY / 2));
    const told = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from notifications where kind = 'lesson_opened' and user_id = ${learner.id}`,
    );
    expect(told.rows[0]?.count).toBe(0);
  });

  it("is written by the scheduled run for a lesson that opened today, once however often it runs", async () => {
    const learner = await t.member({ firstName: "Miriam" });
    const [today] = wallClockIn(new Date(), t.config.timeZone);
    const { courseId, lessonIds } = await courseWith(
      "On the Day",
      [atOnce, { rule: "on_date", unlockDate: today }],
      [learner],
    );
    await t.database.db
      .update(courseEnrollments)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, courseId)));
    const [run] = certificateJobs;
    for (let i = 0; i < 3; i++) {
      await run!.run({}, { app: t.app, job: { id: String(i) }, deliver: async () => {} });
    }
    const list = await succeeded(learner.client.call(notificationsEndpoints.list));
    expect(list.filter((n) => n.kind === "lesson_opened").map((n) => n.url)).toEqual([
      `/lessons/${lessonIds[1]}`,
    ]);
  });

  it("is a choice in her preferences, gathered in her digest unless she changes it", async () => {
    const prefs = await succeeded(ruth.client.call(notificationsEndpoints.preferences));
    expect(prefs.email.lesson_opened).toBe("digest");
  });
});
