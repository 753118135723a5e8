import { describe, expect, it } from "vitest";
import {
  dollarsToCents,
  formatCalendarAge,
  formatCompactAge,
  formatCount,
  formatDateTime,
  formatDollars,
  formatDuration,
  formatLongDate,
  formatRelativeAge,
  formatShortDate,
  HIDDEN_MEMBER_NAME,
  initialsOf,
  isTimeZone,
  personName,
  setDateContext,
  zoneFingerprint,
} from "../../src/core/format";

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

  it("writes an age in calendar days, weeks, then months", () => {
    const now = new Date(2026, 10, 22, 12);
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(formatCalendarAge(ago(0), now)).toBe("Today");
    expect(formatCalendarAge(ago(1), now)).toBe("Yesterday");
    expect(formatCalendarAge(ago(6), now)).toBe("6 days ago");
    expect(formatCalendarAge(ago(14), now)).toBe("2 weeks ago");
    expect(formatCalendarAge(ago(65), now)).toBe("2 months ago");
  });

  it("writes a compact age as Just now, Nh ago, Nd ago, then a date", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    expect(formatCompactAge(hoursAgo(0.5), now)).toBe("Just now");
    expect(formatCompactAge(hoursAgo(3), now)).toBe("3h ago");
    expect(formatCompactAge(hoursAgo(50), now)).toBe("2d ago");
    expect(formatCompactAge(hoursAgo(24 * 10), now)).toBe("Nov 12, 2026");
  });

  it("writes a relative age in minutes, hours and days", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelativeAge(new Date(now.getTime() - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeAge(new Date(now.getTime() - 2 * 3_600_000), now)).toBe("2 hours ago");
    expect(formatRelativeAge(new Date(now.getTime() - 3 * 86_400_000), now)).toBe("3 days ago");
  });
});

describe("member names", () => {
  it("falls back from her name to the e-mail's local part, then to the screen's word", () => {
    expect(personName({ firstName: "Ruth", email: "r@example.com" })).toBe("Ruth");
    expect(personName({ firstName: " ", email: "naomi@example.com" })).toBe("naomi");
    expect(personName(null)).toBe("Anonymous");
    expect(personName({ firstName: null }, { nameless: "A sister" })).toBe("A sister");
    expect(personName({ lastName: "Abel" }, { form: "full", nameless: "A member" })).toBe("A member");
  });

  it("writes the first, full or short form", () => {
    const ruth = { firstName: " Ruth ", lastName: "abel", email: "ruth@example.com" };
    expect(personName(ruth)).toBe("Ruth");
    expect(personName(ruth, { form: "full" })).toBe("Ruth abel");
    expect(personName(ruth, { form: "short" })).toBe("Ruth A.");
    expect(personName({ firstName: "Ruth", lastName: " " }, { form: "short" })).toBe("Ruth");
    expect(personName({ email: "esther@example.com", lastName: "Stone" }, { form: "full" })).toBe("esther");
  });

  it("gives an avatar its letter", () => {
    expect(initialsOf({ firstName: "ruth" })).toBe("R");
    expect(initialsOf({ email: "esther@example.com" })).toBe("E");
    expect(initialsOf({ lastName: "Stone" })).toBe("?");
    expect(initialsOf(undefined)).toBe("?");
  });

  it("takes no letter from the name of a member whose profile is hidden", () => {
    expect(initialsOf({ firstName: HIDDEN_MEMBER_NAME, lastName: null })).toBe("?");
    expect(personName({ firstName: HIDDEN_MEMBER_NAME, lastName: null }, { form: "short" })).toBe("A member");
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

describe("dates written for a member elsewhere", () => {
  const at = <T>(zone: string | undefined, run: () => T): T => {
    setDateContext(() => ({ timeZone: zone }));
    try {
      return run();
    } finally {
      setDateContext(() => ({}));
    }
  };
  const evening = new Date("2026-01-10T02:30:00Z");

  it("writes the calendar date and clock of her zone", () => {
    expect(at("UTC", () => formatShortDate(evening))).toBe("Jan 10, 2026");
    expect(at("America/Chicago", () => formatShortDate(evening))).toBe("Jan 9, 2026");
    expect(at("America/Chicago", () => formatLongDate(evening))).toBe("January 9, 2026");
    expect(at("America/Chicago", () => formatDateTime(evening))).toBe("Jan 9, 2026, 8:30 PM");
    expect(at("Asia/Jerusalem", () => formatDateTime(evening))).toBe("Jan 10, 2026, 4:30 AM");
    expect(at("UTC", () => formatDateTime(new Date("2026-03-01T00:05:00Z")))).toBe("Mar 1, 2026, 12:05 AM");
    expect(at("UTC", () => formatDateTime(new Date("2026-03-01T12:00:00Z")))).toBe("Mar 1, 2026, 12:00 PM");
  });

  it("counts Today and Yesterday by her calendar", () => {
    const morning = new Date("2026-01-10T15:00:00Z");
    expect(at("UTC", () => formatCalendarAge(evening, morning))).toBe("Today");
    expect(at("America/Chicago", () => formatCalendarAge(evening, morning))).toBe("Yesterday");
  });

  it("writes what Intl writes for the same zone", () => {
    const samples = [evening, new Date("2026-07-04T16:45:00Z"), new Date("2025-12-31T23:59:00Z")];
    for (const zone of ["UTC", "America/New_York", "Australia/Adelaide"]) {
      const intl = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "long",
        day: "numeric",
      });
      for (const d of samples) expect(at(zone, () => formatLongDate(d))).toBe(intl.format(d));
    }
  });

  it("tells zones apart by their offsets, whatever their names", () => {
    const renderedAt = Date.parse("2026-11-23T12:00:00Z");
    expect(at("UTC", () => zoneFingerprint(renderedAt))).toEqual(
      at("Etc/UTC", () => zoneFingerprint(renderedAt)),
    );
    expect(at("America/Chicago", () => zoneFingerprint(renderedAt))).toEqual([-360, -360, -300]);
    expect(at("America/Chicago", () => zoneFingerprint(renderedAt))).not.toEqual(
      at("America/Mexico_City", () => zoneFingerprint(renderedAt)),
    );
  });

  it("accepts only zone names it knows", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    // Asked again, the same answers (from what it keeps).
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("America/Chicago")).toBe(true);
  });
});

describe("counts", () => {
  it("groups thousands with commas", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(12.5)).toBe("12.5");
    expect(formatDollars(1500)).toBe("$1,500");
  });
});
