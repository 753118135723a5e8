import { describe, expect, it } from "vitest";
import { MEMBER_FIGURE_MIN, membersMoreThan } from "../../src/core/landing/schemas";

describe("the figure the Join dialog names", () => {
  it("names none while the members are too few for a round figure worth saying", () => {
    for (const count of [0, 1, 42, 99, MEMBER_FIGURE_MIN])
      expect(membersMoreThan(count), `${count}`).toBeNull();
  });

  it("names the round hundred strictly below the count, so 'more than' is always true", () => {
    expect(membersMoreThan(101)).toBe(100);
    expect(membersMoreThan(199)).toBe(100);
    expect(membersMoreThan(1200)).toBe(1100);
    expect(membersMoreThan(1201)).toBe(1200);
    expect(membersMoreThan(1299)).toBe(1200);
    expect(membersMoreThan(10_000)).toBe(9900);
  });

  it("rounds to thousands past ten thousand", () => {
    expect(membersMoreThan(10_001)).toBe(10_000);
    expect(membersMoreThan(12_345)).toBe(12_000);
    expect(membersMoreThan(250_000)).toBe(249_000);
  });
});
