import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryIn } from "../../src/core/contract";
import { videosEndpoints } from "../../src/core/endpoints/videos";
import { createTestContext, invalid, messageOf, type TestContext, urlFor } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// The answer is an image: read as bytes from the app, not as the client's text or JSON.
const thumbnailOf = (youtubeId: string, size?: QueryIn<typeof videosEndpoints.thumbnail>["size"]) =>
  urlFor(videosEndpoints.thumbnail, { params: { youtubeId }, query: { size } });

describe("video thumbnails", () => {
  it("are served from our own origin, as an image the browser may cache", async () => {
    const res = await t.app.inject({ method: "GET", url: thumbnailOf("dQw4w9WgXcQ") });
    expect(res.statusCode).toBe(200);
    // The real still when YouTube is reachable, the placeholder when it is not: an image either way.
    expect(String(res.headers["content-type"])).toMatch(/^image\/(jpeg|svg\+xml)/);
    expect(String(res.headers["cache-control"])).toMatch(/^public, max-age=\d+$/);
    expect(res.rawPayload.length).toBeGreaterThan(100);
  });

  it("refuses anything that is not a YouTube video id, so the server fetches nothing else", async () => {
    for (const id of ["short", "..%2F..%2Fetc%2Fpass", "aaaaaaaaaaa%2F", "x".repeat(12)]) {
      // Written as sent: already encoded, and some of them not a path segment at all.
      const res = await t.app.inject({ method: "GET", url: `/api/thumbnails/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(messageOf(res.json())).toBeTruthy();
    }
    const size = await t.app.inject({ method: "GET", url: thumbnailOf("dQw4w9WgXcQ", invalid("maxres")) });
    expect(size.statusCode).toBe(400);
  });
});
