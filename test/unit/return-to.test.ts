import { describe, expect, it } from "vitest";
import { returnToSchema } from "../../src/core/auth/schemas";
import { LIMITS } from "../../src/core/constants";
import { localReturnPath } from "../../src/core/return-to";

describe("localReturnPath", () => {
  const cases: unknown[] = [
    "/",
    "/community?tab=events",
    "/videos/12#notes",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/a b",
    "",
    "videos",
    `/${"a".repeat(LIMITS.url)}`,
    undefined,
    null,
    42,
  ];

  it("keeps a path on this site and refuses another site's address, as the API's schema does", () => {
    for (const value of cases) expect(localReturnPath(value)).toBe(returnToSchema.parse(value));
    expect(localReturnPath("/community?tab=events")).toBe("/community?tab=events");
    expect(localReturnPath("//evil.example")).toBeUndefined();
  });
});
