import { describe, expect, it } from "vitest";
import { resumePoint, watchedShare } from "../../src/core/videos/progress";

describe("where a video starts again", () => {
  it("resumes where she stopped", () => {
    expect(resumePoint({ seconds: 192, finished: false })).toBe(192);
  });

  it("starts from the beginning when she finished it, barely began it, or never opened it", () => {
    expect(resumePoint({ seconds: 480, finished: true })).toBeUndefined();
    expect(resumePoint({ seconds: 4, finished: false })).toBeUndefined();
    expect(resumePoint(null)).toBeUndefined();
  });
});

describe("how much of a video is behind her", () => {
  it("is a share of its length, never beyond the end", () => {
    expect(watchedShare(150, 600)).toBe(0.25);
    expect(watchedShare(700, 600)).toBe(1);
  });

  it("is unknown when the video's length is", () => {
    expect(watchedShare(150, null)).toBeUndefined();
    expect(watchedShare(150, 0)).toBeUndefined();
  });
});
