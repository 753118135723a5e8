import { describe, expect, it } from "vitest";
import {
  addDays,
  type LessonInput,
  lessonStates,
  nextLesson,
  progressPercent,
  ruleUnlockAt,
  scoreQuiz,
} from "../../src/core/lessons/rules";

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
