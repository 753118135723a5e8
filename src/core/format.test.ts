import { describe, expect, it } from "vitest";
import {
  displayName,
  dollarsToCents,
  formatDuration,
  formatLongDate,
  formatPrayerAge,
  formatVideoAge,
  formatWallAge,
  initial,
} from "./format";

describe("formatDuration", () => {
  it("shows minutes and zero-padded seconds", () => {
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(3600)).toBe("60:00");
    expect(formatDuration(null)).toBe("0:00");
  });
});

describe("dates", () => {
  it("uses the long US format", () => {
    expect(formatLongDate(new Date(2026, 10, 22, 12))).toBe("November 22, 2026");
  });

  it("describes a video's age in days, weeks, then months", () => {
    const now = new Date(2026, 10, 22, 12);
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(formatVideoAge(ago(0), now)).toBe("Today");
    expect(formatVideoAge(ago(1), now)).toBe("Yesterday");
    expect(formatVideoAge(ago(6), now)).toBe("6 days ago");
    expect(formatVideoAge(ago(14), now)).toBe("2 weeks ago");
    expect(formatVideoAge(ago(65), now)).toBe("2 months ago");
  });

  it("describes a prayer request's age as Just now, Nh ago, Nd ago, then a date", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    expect(formatPrayerAge(hoursAgo(0.5), now)).toBe("Just now");
    expect(formatPrayerAge(hoursAgo(3), now)).toBe("3h ago");
    expect(formatPrayerAge(hoursAgo(50), now)).toBe("2d ago");
    expect(formatPrayerAge(hoursAgo(24 * 10), now)).toBe("Nov 12, 2026");
  });

  it("describes wall times in minutes, hours and days", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatWallAge(new Date(now.getTime() - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatWallAge(new Date(now.getTime() - 2 * 3_600_000), now)).toBe("2 hours ago");
    expect(formatWallAge(new Date(now.getTime() - 3 * 86_400_000), now)).toBe("3 days ago");
  });
});

describe("member names", () => {
  it("falls back from first name to the e-mail's local part", () => {
    expect(displayName({ firstName: "Ruth", email: "r@example.com" })).toBe("Ruth");
    expect(displayName({ firstName: " ", email: "naomi@example.com" })).toBe("naomi");
    expect(displayName(null)).toBe("Anonymous");
    expect(initial({ email: "esther@example.com" })).toBe("E");
  });
});

describe("dollarsToCents", () => {
  it("converts without floating-point drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(25)).toBe(2500);
    expect(() => dollarsToCents(-1)).toThrow();
  });
});
