import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SITE_NAME: "Garden of Grace" });
});
afterAll(() => t.close());

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));

describe("pages sent to visitors", () => {
  it("sends the landing page already drawn, with the configured site name", async () => {
    const res = await t.visitor().get("/");
    expect(res.status).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/^<div id="root" data-prerendered>/);
    expect(root).toContain("Cultivate Your Spiritual Garden");
    expect(root).toContain("Garden of Grace");
    expect(root).not.toContain("Loading...");
  });

  it("sends the sign-in page drawn, and announces its chunk as before", async () => {
    const res = await t.visitor().get("/sign-in");
    expect(rootOf(res.body)).toContain("Welcome back");
    expect(res.body).toMatch(/rel="modulepreload" crossorigin href="\/assets\/sign-in-page-[^"]+\.js"/);
  });

  it("leaves a page with a query string to the browser, which reads it", async () => {
    const res = await t.visitor().get("/sign-in?mode=register");
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
    expect(res.body).not.toContain("Welcome back");
  });

  it("does not send a member the visitor's landing page", async () => {
    const { client } = await t.member();
    const res = await client.get("/");
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
    expect(res.body).not.toContain("Cultivate Your Spiritual Garden");
  });

  it("keeps the service worker's app shell plain", async () => {
    const res = await t.visitor().get("/index.html");
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
  });

  it("compresses pages for browsers that accept it, and says so", async () => {
    const plain = await t.visitor().get("/");
    const br = await t.app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const gzip = await t.app.inject({ url: "/sign-in", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toContain("Welcome back");
  });
});
