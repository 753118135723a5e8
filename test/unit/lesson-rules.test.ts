import { describe, expect, it } from "vitest";
import {
  addDays,
  hebrewNumeral,
  type LessonInput,
  lessonStates,
  nextLesson,
  progressPercent,
  ruleUnlockAt,
  scoreQuiz,
} from "../../src/core/lessons/rules";
import { placeOf } from "../../src/server/calendar";
import { calendarOpening, calendarResolver } from "../../src/server/features/lessons/calendar-rules";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const lesson = (
  id: number,
  rule: LessonInput["rule"],
  finished = false,
  freePreview = false,
): LessonInput => ({
  id,
  rule,
  finished,
  freePreview,
});

describe("when a lesson opens", () => {
  // Midnight in New York, a Monday in winter (UTC−5).
  const enrolledAt = new Date("2026-12-07T05:00:00Z");
  const zone = "America/New_York";
  const sevenDays = [lesson(1, { kind: "days_after_enrollment", days: 7 })];

  it("keeps a 7-day lesson locked at 6 days 23 hours 59 minutes in her zone and opens it at 7 days", () => {
    const before = lessonStates(sevenDays, {
      enrolledAt,
      zone,
      now: new Date(enrolledAt.getTime() + 7 * DAY - MINUTE),
    });
    expect(before[0]).toMatchObject({ locked: true, unlockAt: new Date("2026-12-14T05:00:00Z") });
    const at = lessonStates(sevenDays, { enrolledAt, zone, now: new Date(enrolledAt.getTime() + 7 * DAY) });
    expect(at[0]).toMatchObject({ locked: false, unlockAt: new Date("2026-12-14T05:00:00Z") });
  });

  it("counts days from the start of the day she enrolled, in her zone, not from the hour", () => {
    // 23:30 on 7 December in New York is already 8 December in UTC.
    const late = new Date("2026-12-08T04:30:00Z");
    expect(ruleUnlockAt({ kind: "days_after_enrollment", days: 1 }, late, zone)).toEqual(
      new Date("2026-12-08T05:00:00Z"),
    );
    expect(ruleUnlockAt({ kind: "days_after_enrollment", days: 1 }, late, "UTC")).toEqual(
      new Date("2026-12-09T00:00:00Z"),
    );
  });

  it("opens at her midnight across a change of the clocks", () => {
    // Enrolled on 30 October (UTC−4); seven days later New York is on winter time (UTC−5).
    expect(
      ruleUnlockAt({ kind: "days_after_enrollment", days: 7 }, new Date("2026-10-30T16:00:00Z"), zone),
    ).toEqual(new Date("2026-11-06T05:00:00Z"));
  });

  it("opens a dated lesson at the start of that day in her zone", () => {
    const rule = { kind: "on_date", date: "2027-01-01" } as const;
    expect(ruleUnlockAt(rule, enrolledAt, "Asia/Tokyo")).toEqual(new Date("2026-12-31T15:00:00Z"));
    const states = lessonStates([lesson(1, rule)], {
      enrolledAt,
      zone: "Asia/Tokyo",
      now: new Date("2026-12-31T14:59:00Z"),
    });
    expect(states[0]?.locked).toBe(true);
  });

  it("opens a lesson that waits for the one before once that one is finished, naming it while locked", () => {
    const learner = { enrolledAt, zone, now: enrolledAt };
    const waiting = lessonStates(
      [lesson(1, { kind: "immediate" }), lesson(2, { kind: "after_previous" })],
      learner,
    );
    expect(waiting[1]).toMatchObject({ locked: true, after: 1, unlockAt: null });
    const open = lessonStates(
      [lesson(1, { kind: "immediate" }, true), lesson(2, { kind: "after_previous" })],
      learner,
    );
    expect(open[1]).toMatchObject({ locked: false, after: null });
  });

  it("opens the first lesson even when it waits for a lesson before it", () => {
    const states = lessonStates([lesson(1, { kind: "after_previous" })], {
      enrolledAt,
      zone,
      now: enrolledAt,
    });
    expect(states[0]?.locked).toBe(false);
  });

  it("locks everything but the first lesson's free preview when she is not enrolled", () => {
    const lessons = [
      lesson(1, { kind: "immediate" }, false, true),
      lesson(2, { kind: "immediate" }, false, true),
    ];
    const states = lessonStates(lessons, { enrolledAt: null, zone, now: enrolledAt });
    expect(states.map((s) => [s.locked, s.preview])).toEqual([
      [false, true],
      [true, false],
    ]);
  });
});

describe("her progress", () => {
  it("is the rounded share of finished lessons, locked ones counted", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(28, 28)).toBe(100);
  });

  it("continues with the first open lesson she has not finished", () => {
    const enrolledAt = new Date("2026-12-07T00:00:00Z");
    const states = lessonStates(
      [
        lesson(1, { kind: "immediate" }, true),
        lesson(2, { kind: "days_after_enrollment", days: 7 }),
        lesson(3, { kind: "immediate" }),
      ],
      { enrolledAt, zone: "UTC", now: enrolledAt },
    );
    expect(nextLesson(states)).toBe(3);
    expect(nextLesson(states.map((s) => ({ ...s, finished: true })))).toBeNull();
  });
});

describe("a quiz", () => {
  it("scores the share of right answers and passes at the pass mark", () => {
    expect(scoreQuiz([0, 1, 2, 3, 0], [0, 1, 2, 3, 1], 80)).toEqual({ score: 80, passed: true });
    expect(scoreQuiz([0, 1, 2, 3, 0], [0, 1, 2, 0, 1], 80)).toEqual({ score: 60, passed: false });
  });
});

it("adds days to a calendar date across months and years", () => {
  expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
  expect(addDays("2028-02-27", 2)).toBe("2028-02-29");
});

describe("the calendar rules", () => {
  const jerusalem = placeOf({ timeZone: "Asia/Jerusalem" });
  const newYork = placeOf({ timeZone: "America/New_York" });
  // 27 Kislev 5787, in the morning in Jerusalem and in New York.
  const winter = new Date("2026-12-07T10:00:00Z");
  const elul = { kind: "hebrew_date", month: 6, day: 1 } as const;

  it("opens on a Hebrew date at nightfall in her city, on the evening that begins it", () => {
    // 1 Elul 5787 is Friday 3 September 2027 (5787 is a leap year, so not in August); it begins at
    // nightfall on Thursday 2 September: 19:39 in Jerusalem, 20:09 in New York.
    expect(calendarOpening(elul, winter, jerusalem)).toEqual({
      at: new Date("2027-09-02T16:39:00Z"),
      on: { kind: "hebrew_date", day: 1, month: "Elul" },
    });
    expect(calendarOpening(elul, winter, newYork).at).toEqual(new Date("2027-09-03T00:09:00Z"));
  });

  it("takes the next such date on or after the Hebrew day she enrolled in", () => {
    // Enrolled on the afternoon of 1 Elul: that day is hers, already begun.
    expect(calendarOpening(elul, new Date("2027-09-03T10:00:00Z"), jerusalem).at).toEqual(
      new Date("2027-09-02T16:39:00Z"),
    );
    // Enrolled after nightfall that evening, 2 Elul has begun: next year's 1 Elul (23 August 2028).
    expect(calendarOpening(elul, new Date("2027-09-03T18:00:00Z"), jerusalem).at).toEqual(
      new Date("2028-08-22T16:52:00Z"),
    );
  });

  it("keeps a date set in Adar in Adar II of a leap year, and a 30th of a short month on the 1st after", () => {
    const purim = { kind: "hebrew_date", month: 13, day: 14 } as const;
    // 5786 is a common year: 14 Adar is 3 March 2026.
    expect(calendarOpening(purim, new Date("2026-01-10T10:00:00Z"), jerusalem)).toEqual({
      at: new Date("2026-03-02T16:14:00Z"),
      on: { kind: "hebrew_date", day: 14, month: "Adar" },
    });
    // 5787 is a leap year: 14 Adar II is 23 March 2027; 14 Adar I is a month before.
    expect(calendarOpening(purim, winter, jerusalem)).toEqual({
      at: new Date("2027-03-22T16:28:00Z"),
      on: { kind: "hebrew_date", day: 14, month: "Adar II" },
    });
    expect(calendarOpening({ kind: "hebrew_date", month: 12, day: 14 }, winter, jerusalem).on).toEqual({
      kind: "hebrew_date",
      day: 14,
      month: "Adar I",
    });
    // Cheshvan 5786 has 29 days: its 30th is 1 Kislev (21 November 2025).
    expect(
      calendarOpening(
        { kind: "hebrew_date", month: 8, day: 30 },
        new Date("2025-06-07T10:00:00Z"),
        jerusalem,
      ),
    ).toEqual({
      at: new Date("2025-11-20T15:16:00Z"),
      on: { kind: "hebrew_date", day: 1, month: "Kislev" },
    });
  });

  it("counts the Omer from the evening of the first day of Passover", () => {
    // 15 Nisan 5787 is Thursday 22 April 2027: day 1 begins at its nightfall, hebcal's havdalah at
    // 19:51 in Jerusalem, and its candle lighting for the second night at 20:26 in New York.
    expect(calendarOpening({ kind: "omer_day", day: 1 }, winter, jerusalem)).toEqual({
      at: new Date("2027-04-22T16:51:00Z"),
      on: { kind: "omer_day", day: 1 },
    });
    expect(calendarOpening({ kind: "omer_day", day: 1 }, winter, newYork).at).toEqual(
      new Date("2027-04-23T00:26:00Z"),
    );
    // Day 10 begins on Saturday 1 May 2027 at havdalah, 19:58; day 49 on Wednesday 9 June.
    expect(calendarOpening({ kind: "omer_day", day: 10 }, winter, jerusalem).at).toEqual(
      new Date("2027-05-01T16:58:00Z"),
    );
    expect(calendarOpening({ kind: "omer_day", day: 49 }, winter, jerusalem).at).toEqual(
      new Date("2027-06-09T17:26:00Z"),
    );
  });

  it("keeps a calendar lesson locked until its nightfall, and shut without a resolver", () => {
    const omer = [lesson(1, { kind: "omer_day", day: 10 })];
    const calendar = calendarResolver(jerusalem);
    const learner = { enrolledAt: winter, zone: "Asia/Jerusalem", calendar };
    const before = lessonStates(omer, { ...learner, now: new Date("2027-05-01T16:57:59Z") });
    expect(before[0]).toMatchObject({
      locked: true,
      unlockAt: new Date("2027-05-01T16:58:00Z"),
      opensOn: { kind: "omer_day", day: 10 },
    });
    const at = lessonStates(omer, { ...learner, now: new Date("2027-05-01T16:58:00Z") });
    expect(at[0]).toMatchObject({ locked: false, unlockAt: new Date("2027-05-01T16:58:00Z") });
    expect(ruleUnlockAt({ kind: "omer_day", day: 10 }, winter, "Asia/Jerusalem", calendar)).toEqual(
      new Date("2027-05-01T16:58:00Z"),
    );
    const unresolved = lessonStates(omer, { enrolledAt: winter, zone: "UTC", now: new Date("2030-01-01") });
    expect(unresolved[0]).toMatchObject({ locked: true, unlockAt: null, opensOn: null });
  });

  it("writes days in Hebrew letters", () => {
    expect([1, 10, 12, 15, 16, 20, 29, 30, 49].map(hebrewNumeral)).toEqual([
      "א׳",
      "י׳",
      "י״ב",
      "ט״ו",
      "ט״ז",
      "כ׳",
      "כ״ט",
      "ל׳",
      "מ״ט",
    ]);
  });
});
