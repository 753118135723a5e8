import { describe, expect, it } from "vitest";
import { SEARCH_MARK_END, SEARCH_MARK_START, splitHighlights } from "../../src/core/search/schemas";

const mark = (text: string) => `${SEARCH_MARK_START}${text}${SEARCH_MARK_END}`;

describe("splitHighlights", () => {
  it("cuts a snippet into its plain and highlighted runs, in order", () => {
    expect(splitHighlights(`Walking in ${mark("prayer")} every ${mark("day")}.`)).toEqual([
      { text: "Walking in ", marked: false },
      { text: "prayer", marked: true },
      { text: " every ", marked: false },
      { text: "day", marked: true },
      { text: ".", marked: false },
    ]);
  });

  it("keeps Hebrew and characters beyond the basic plane whole", () => {
    expect(splitHighlights(`${mark("ובבית")} 🙏 שלום`)).toEqual([
      { text: "ובבית", marked: true },
      { text: " 🙏 שלום", marked: false },
    ]);
  });

  it("leaves out empty runs and copes with marks out of order", () => {
    expect(splitHighlights("")).toEqual([]);
    expect(splitHighlights(mark(""))).toEqual([]);
    expect(splitHighlights(`${SEARCH_MARK_END}a${SEARCH_MARK_START}b`)).toEqual([
      { text: "a", marked: false },
      { text: "b", marked: true },
    ]);
  });
});
