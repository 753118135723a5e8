import { describe, expect, it } from "vitest";
import { parseTimecode } from "../../src/core/timecode";
import { parseYouTubeId, youTubeThumbnail, youTubeWatchUrl } from "../../src/core/youtube";

describe("parseYouTubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["http://youtube.com/watch?v=dQw4w9WgXcQ&t=1m2s", "dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ?t=5", "dQw4w9WgXcQ"],
    ["  https://www.youtube.com/embed/dQw4w9WgXcQ?start=30  ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/a_b-C1d2E3f", "a_b-C1d2E3f"],
    ["https://www.youtube.com/v/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("reads %s", (url, id) => {
    expect(parseYouTubeId(url)).toBe(id);
  });

  it.each([
    "",
    "dQw4w9WgXcQ",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://www.youtube.com/watch",
    "https://youtu.be/",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "javascript:alert(1)",
    "https://www.youtube.com/watch?v=dQw4w9WgX<Q",
  ])("refuses %s", (url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });

  it("builds the watch page and thumbnail addresses", () => {
    expect(youTubeWatchUrl("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(youTubeThumbnail("dQw4w9WgXcQ")).toBe("/api/thumbnails/dQw4w9WgXcQ");
    expect(youTubeThumbnail("dQw4w9WgXcQ", "mqdefault")).toBe("/api/thumbnails/dQw4w9WgXcQ?size=mqdefault");
  });
});

describe("parseTimecode", () => {
  it("reads m:ss, h:mm:ss and plain seconds", () => {
    expect(parseTimecode("4:05")).toBe(245);
    expect(parseTimecode("0:07")).toBe(7);
    expect(parseTimecode("62:05")).toBe(3725);
    expect(parseTimecode("1:02:03")).toBe(3723);
    expect(parseTimecode(" 90 ")).toBe(90);
  });

  it("is undefined when blank and null when unreadable", () => {
    expect(parseTimecode("")).toBeUndefined();
    expect(parseTimecode("   ")).toBeUndefined();
    expect(parseTimecode(undefined)).toBeUndefined();
    for (const bad of ["4:5", "4:60", "1:60:00", "abc", "-3", "1.5", "::"]) {
      expect(parseTimecode(bad), bad).toBeNull();
    }
  });
});
