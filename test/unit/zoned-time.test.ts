import { describe, expect, it } from "vitest";
import { clockPartsIn, wallClockIn, zonedInstant } from "../../src/core/zoned-time";

describe("the clocks of a zone", () => {
  it("reads every instant of a minute as that minute, and the next minute at its turn", () => {
    // New York's clocks went from 01:59 to 03:00 at 07:00 UTC on 8 March 2026.
    expect(wallClockIn(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toEqual([
      "2026-03-08",
      "01:59",
    ]);
    expect(wallClockIn(new Date("2026-03-08T06:59:59.999Z"), "America/New_York")).toEqual([
      "2026-03-08",
      "01:59",
    ]);
    expect(wallClockIn(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toEqual([
      "2026-03-08",
      "03:00",
    ]);
    // A minute read again after another is read afresh.
    expect(wallClockIn(new Date("2026-03-08T06:59:30Z"), "America/New_York")).toEqual([
      "2026-03-08",
      "01:59",
    ]);
  });

  it("keeps each zone's minute apart", () => {
    const instant = new Date("2026-11-30T22:30:15Z");
    expect(wallClockIn(instant, "Asia/Jerusalem")).toEqual(["2026-12-01", "00:30"]);
    expect(wallClockIn(instant, "America/Chicago")).toEqual(["2026-11-30", "16:30"]);
    expect(wallClockIn(instant, "Asia/Jerusalem")).toEqual(["2026-12-01", "00:30"]);
  });

  it("gives a caller her own copy of the parts", () => {
    const instant = new Date("2026-11-30T22:30:15Z");
    const first = clockPartsIn(instant, "Asia/Jerusalem");
    first.day = 31;
    expect(clockPartsIn(instant, "Asia/Jerusalem").day).toBe(1);
  });

  it("reads a minute whose offset was not a whole number of minutes to the second", () => {
    // Liberia kept 44 minutes 30 seconds behind UTC until 1972.
    expect(wallClockIn(new Date("1970-06-01T00:00:00Z"), "Africa/Monrovia")).toEqual(["1970-05-31", "23:15"]);
    expect(wallClockIn(new Date("1970-06-01T00:00:40Z"), "Africa/Monrovia")).toEqual(["1970-05-31", "23:16"]);
  });

  it("finds the instant a zone's clocks show a date and time", () => {
    expect(zonedInstant("2026-12-01", "00:30", "Asia/Jerusalem").toISOString()).toBe(
      "2026-11-30T22:30:00.000Z",
    );
  });
});
