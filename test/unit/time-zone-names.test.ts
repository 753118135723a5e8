import { describe, expect, it } from "vitest";
import { zoneName } from "../../src/core/time-zones/names";

/** Without the marks that keep an offset's sign in place in right-to-left text. */
const plain = (text: string) => text.replace(/[\u200e\u200f]/g, "");

describe("a time zone's name", () => {
  it("is the city of its id in English", () => {
    expect(zoneName("Asia/Jerusalem", "en")).toBe("Jerusalem");
    expect(zoneName("America/New_York", "en")).toBe("New York");
    expect(zoneName("America/Argentina/Buenos_Aires", "en")).toBe("Buenos Aires");
    expect(zoneName("UTC", "en")).toBe("UTC");
  });

  it("is the name of its time in Hebrew, as the platform writes it", () => {
    expect(zoneName("Asia/Jerusalem", "he")).toBe("שעון ישראל");
    expect(zoneName("America/New_York", "he")).toBe("שעון החוף המזרחי");
    expect(zoneName("Europe/Paris", "he")).toBe("שעון מרכז אירופה");
    expect(zoneName("UTC", "he")).toBe("זמן אוניברסלי מתואם");
  });

  it("is its offset in Hebrew where the platform has no name for it", () => {
    expect(plain(zoneName("Etc/GMT+5", "he"))).toBe("GMT-5");
  });

  it("has no English word in Hebrew, for every zone the platform knows", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      expect(zoneName(zone, "he").replace("GMT", ""), zone).not.toMatch(/[A-Za-z]/);
    }
  });

  it("is the city of its id for a zone the platform does not know", () => {
    expect(zoneName("Atlantis/Poseidonia", "he")).toBe("Poseidonia");
  });
});
