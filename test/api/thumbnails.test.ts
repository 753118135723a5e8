import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("video thumbnails", () => {
  it("are served from our own origin, as an image the browser may cache", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/thumbnails/dQw4w9WgXcQ" });
    expect(res.statusCode).toBe(200);
    // The real still when YouTube is reachable, the placeholder when it is not: an image either way.
    expect(String(res.headers["content-type"])).toMatch(/^image\/(jpeg|svg\+xml)/);
    expect(String(res.headers["cache-control"])).toMatch(/^public, max-age=\d+$/);
    expect(res.rawPayload.length).toBeGreaterThan(100);
  });

  it("refuses anything that is not a YouTube video id, so the server fetches nothing else", async () => {
    for (const id of ["short", "..%2F..%2Fetc%2Fpass", "aaaaaaaaaaa%2F", "x".repeat(12)]) {
      const res = await t.app.inject({ method: "GET", url: `/api/thumbnails/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const size = await t.app.inject({ method: "GET", url: "/api/thumbnails/dQw4w9WgXcQ?size=maxres" });
    expect(size.statusCode).toBe(400);
  });
});
