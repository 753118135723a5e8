import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryIn } from "../../src/core/contract";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { createTestContext, invalid, messageOf, type TestContext, urlFor } from "../support/app";

/** A stand-in for YouTube's image host: a still for every path, and what it was asked. */
const STILL = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
const asked: string[] = [];
const youtube = http.createServer((req, res) => {
  asked.push(req.url ?? "");
  res.writeHead(200, { "content-type": "image/jpeg" }).end(STILL);
});

let t: TestContext;
/** The app with the default of the tests: an image host nothing answers at. */
let unreachable: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => youtube.listen(0, "127.0.0.1", resolve));
  const { port } = youtube.address() as AddressInfo;
  t = await createTestContext({ YOUTUBE_IMAGE_ORIGIN: `http://127.0.0.1:${port}` });
  unreachable = await createTestContext();
});
afterAll(async () => {
  await Promise.all([t.close(), unreachable.close()]);
  await new Promise((resolve) => youtube.close(resolve));
});

// The answer is an image: read as bytes from the app, not as the client's text or JSON.
const thumbnailOf = (youtubeId: string, size?: QueryIn<typeof videosEndpoints.thumbnail>["size"]) =>
  urlFor(videosEndpoints.thumbnail, { params: { youtubeId }, query: { size } });

describe("video thumbnails", () => {
  it("are YouTube's stills served from our own origin, fetched once, for the browser to keep a week", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: "GET", url: thumbnailOf("dQw4w9WgXcQ") });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("public, max-age=604800");
      expect(res.rawPayload.equals(STILL)).toBe(true);
    }
    expect(asked.filter((url) => url.startsWith("/vi/dQw4w9WgXcQ/"))).toHaveLength(1);
  });

  it("are a calm placeholder when YouTube cannot be reached, kept by the browser only a few minutes", async () => {
    const res = await unreachable.app.inject({ method: "GET", url: thumbnailOf("dQw4w9WgXcQ") });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
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
