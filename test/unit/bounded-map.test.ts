import { describe, expect, it } from "vitest";
import { setBounded } from "../../src/core/bounded-map";

describe("setBounded", () => {
  it("pushes out the oldest entry when a new key would pass the limit", () => {
    const map = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c"].entries()) setBounded(map, key, i, 2);
    expect([...map]).toEqual([
      ["b", 1],
      ["c", 2],
    ]);
  });

  it("replaces a key it already holds without pushing anything out", () => {
    const map = new Map([
      ["a", 0],
      ["b", 1],
    ]);
    setBounded(map, "a", 5, 2);
    expect(Object.fromEntries(map)).toEqual({ a: 5, b: 1 });
  });
});
