import crypto from "node:crypto";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { apiEndpoints } from "../../src/core/endpoints";
import { MEMBER_PAGE_RESPONSES, SHELL_RESPONSES } from "../../src/core/member-page-responses";
import { memberPages } from "../../src/core/member-pages";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { defaultWebRoot, publicConfigOf } from "../../src/server/app";
import { prayerRequests, videos } from "../../src/server/db/schema";
import { memberPageRenderer } from "../../src/server/render/member-render";
import { createTestContext, type TestClient, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SITE_NAME: "Garden of Grace" });
});
afterAll(() => t.close());

/** The page's #root and what follows it, up to the data and scripts the server puts after it. */
const rootOf = (html: string) => {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf("<script id=", start);
  return html.slice(start, end < 0 ? undefined : end);
};
/** The scripts a rendered page starts once it has painted, its entry first. */
const modulesOf = (html: string) => {
  const found = html.match(/<script id="page-modules" type="application\/json">(.*?)<\/script>/s);
  return found ? (JSON.parse(found[1]!) as string[]) : [];
};
const cookieOf = ({ client }: { client: TestClient }) =>
  [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
const serverRenderModule = () => path.join(defaultWebRoot(), "..", "server-render", "server-render.js");

describe("pages sent to visitors", () => {
  it("sends the landing page already rendered, with the configured site name", async () => {
    const res = await t.visitor().page("/");
    expect(res.status).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/^<div id="root" data-prerendered>/);
    expect(root).toContain("Cultivate Your Spiritual Garden");
    expect(root).toContain("Garden of Grace");
    expect(root).not.toContain("Loading...");
  });

  it("sends the sign-in page prerendered, and announces its chunk as before", async () => {
    const res = await t.visitor().page("/sign-in");
    expect(rootOf(res.body)).toContain("Welcome back");
    expect(modulesOf(res.body)).toContainEqual(expect.stringMatching(/^\/assets\/sign-in-page-[^"]+\.js$/));
  });

  it("leaves a page with a query string to the browser, which reads it", async () => {
    const res = await t.visitor().page("/sign-in?mode=register");
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
    expect(res.body).not.toContain("Welcome back");
  });

  it("does not send a member the visitor's landing page, but her own home", async () => {
    const { client } = await t.member({ firstName: "Esther" });
    const res = await client.page("/");
    expect(rootOf(res.body)).toMatch(/Shalom, (<!-- -->)?(<bdi>)?Esther/);
    expect(res.body).not.toContain("Cultivate Your Spiritual Garden");
  });

  it("keeps the service worker's app shell plain", async () => {
    const res = await t.visitor().page("/index.html");
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
  });

  it("compresses pages for browsers that accept it, and says so", async () => {
    const plain = await t.visitor().page("/");
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

describe("pages sent to members", () => {
  /** The dehydrated answers embedded in a server-rendered page. */
  interface PageState {
    user: { email: string; firstName: string };
    timeZone: string;
    queries: { queries: { queryKey: unknown[] }[] };
  }
  const stateOf = (html: string) => {
    const found = html.match(/<script id="page-state" type="application\/json">(.*?)<\/script>/s);
    return found ? (JSON.parse(found[1]!) as PageState) : undefined;
  };

  it("sends her video library rendered with the library in it, and its dehydrated state", async () => {
    await t.database.db
      .insert(videos)
      .values({ title: "Abiding in the Vine", description: "John 15.", series: "Grace Series" });
    const { client, email } = await t.member({ firstName: "Ruth" });
    const res = await client.page("/videos");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    const root = rootOf(res.body);
    expect(root).toMatch(/^<div id="root" data-prerendered>/);
    expect(root).toContain("Video Library");
    expect(root).toContain("Abiding in the Vine");
    expect(root).not.toContain("<script>");
    const state = stateOf(res.body)!;
    expect(state.user).toMatchObject({ email, firstName: "Ruth" });
    expect(state.timeZone).toBe("UTC");
    expect(JSON.stringify(state.queries)).toContain("Abiding in the Vine");
    // The answers are in the page: nothing to fetch while the app starts.
    expect(res.body).not.toContain('as="fetch"');
    // Server-rendered, the page paints without its scripts: they start once it has painted.
    expect(modulesOf(res.body)[0]).toMatch(/^\/assets\/index-[^"]+\.js$/);
    expect(modulesOf(res.body)).toContainEqual(expect.stringMatching(/^\/assets\/member-app-/));
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // The one inline script that runs is the loader, and the page's policy names exactly it.
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = crypto.createHash("sha256").update(inline[0]!).digest("base64");
    expect(res.headers["content-security-policy"]).toMatch(/script-src [^;]*'sha256-/);
    expect(res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
  });

  it("sends every script her page starts marked to be compiled as it downloads", async () => {
    const { client } = await t.member();
    const modules = modulesOf((await client.page("/")).body);
    expect(modules.length).toBeGreaterThan(3);
    for (const module of modules) {
      const script = await client.get(module);
      expect(script.status).toBe(200);
      // Chromium compiles a script that starts so on a background thread, not as each function is first called.
      expect(String(script.body).startsWith("//# allFunctionsCalledOnLoad\n"), module).toBe(true);
    }
  });

  it("writes her dates in the zone her browser keeps in a cookie", async () => {
    const member = await t.member();
    const shared = await member.client.call(prayerEndpoints.share, {
      body: { content: "For rain on the fields." },
    });
    // Shared late on a January evening in Chicago: already the next day in UTC.
    await t.database.db
      .update(prayerRequests)
      .set({ createdAt: new Date("2026-01-10T02:30:00Z") })
      .where(eq(prayerRequests.id, shared.body.id));
    const inUtc = await member.client.page("/community");
    expect(rootOf(inUtc.body)).toContain("Jan 10, 2026");
    const inChicago = await member.client.page("/community", {
      cookie: `${cookieOf(member)}; tz=America/Chicago`,
    });
    expect(rootOf(inChicago.body)).toContain("Jan 9, 2026");
    expect(stateOf(inChicago.body)!.timeZone).toBe("America/Chicago");
    const nonsense = await member.client.page("/community", {
      cookie: `${cookieOf(member)}; tz=Mars%2FOlympus`,
    });
    expect(stateOf(nonsense.body)!.timeZone).toBe("UTC");
  });

  it("renders several members' pages at once, each with her own answers, zone and name", async () => {
    const miriam = await t.member({ firstName: "Miriam" });
    const leah = await t.member({ firstName: "Leah" });
    for (const m of [miriam, leah]) {
      const shared = await m.client.call(prayerEndpoints.share, {
        body: { content: `${m.firstName}'s private hope.`, isPrivate: true },
      });
      // Evening of the 9th in Denver, early morning of the 10th in Jerusalem.
      await t.database.db
        .update(prayerRequests)
        .set({ createdAt: new Date("2026-01-10T02:30:00Z") })
        .where(eq(prayerRequests.id, shared.body.id));
    }
    const fetchPage = (m: typeof miriam, zone: string) =>
      m.client.page("/community", { cookie: `${cookieOf(m)}; tz=${encodeURIComponent(zone)}` });
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? fetchPage(leah, "Asia/Jerusalem") : fetchPage(miriam, "America/Denver"),
      ),
    );
    for (const [i, page] of pages.entries()) {
      const [mine, theirs, zone, day, otherDay] =
        i % 2
          ? ["Leah", "Miriam", "Asia/Jerusalem", "Jan 10, 2026", "Jan 9, 2026"]
          : ["Miriam", "Leah", "America/Denver", "Jan 9, 2026", "Jan 10, 2026"];
      const state = stateOf(page.body)!;
      expect(state.user.firstName).toBe(mine);
      expect(state.timeZone).toBe(zone);
      expect(page.body).toContain(`${mine}'s private hope.`);
      expect(page.body).not.toContain(`${theirs}'s private hope.`);
      expect(rootOf(page.body)).toContain(day);
      expect(rootOf(page.body)).not.toContain(otherDay);
    }
  });

  it("keeps what members wrote from closing the embedded state", async () => {
    const member = await t.member();
    await member.client.call(prayerEndpoints.share, {
      body: { content: "</script><script>alert(1)</script>" },
    });
    const res = await member.client.page("/community");
    expect(res.body).not.toContain("<script>alert(1)");
    expect(JSON.stringify(stateOf(res.body))).toContain("</script><script>alert(1)</script>");
  });

  it("renders only what the member may see, and leaves a refused answer to the browser", async () => {
    const member = await t.member();
    const res = await member.client.page("/admin");
    const state = stateOf(res.body)!;
    const keys = state.queries.queries.map((q) => String(q.queryKey[0]));
    expect(keys.some((key) => key.startsWith("/api/admin"))).toBe(false);
    expect(rootOf(res.body)).toMatch(/^<div id="root" data-prerendered>/);
  });

  it("sends the page to be rendered in the browser when her session has ended", async () => {
    const res = await t.visitor().page("/videos", { cookie: "sid=expired; signed_in=1" });
    expect(rootOf(res.body)).toMatch(/^<div id="root">/);
    expect(stateOf(res.body)).toBeUndefined();
    expect(res.body).toContain('<link rel="preload" as="fetch" href="/api/videos?limit=24"');
  });

  it("prefetches, when rendering a page, the answers its HTML announces when it cannot be rendered", async () => {
    const { client } = await t.member();
    const cookie = cookieOf({ client });
    const render = memberPageRenderer(t.app, serverRenderModule(), () => publicConfigOf(t.config));
    for (const page of memberPages.filter((p) => MEMBER_PAGE_RESPONSES[p.path])) {
      const request = {
        headers: { cookie },
        cookies: {},
        id: "test",
        log: t.app.log,
      } as unknown as FastifyRequest;
      const rendered = await render(request, page.path, "", "en");
      expect(rendered?.requested.toSorted(), page.path).toEqual(
        [authEndpoints.user.path, ...SHELL_RESPONSES, ...MEMBER_PAGE_RESPONSES[page.path]!].toSorted(),
      );
    }
  });
});

/** The document's title a page was sent with. */
const titleOf = (html: string) => html.match(/<title>(.*?)<\/title>/s)?.[1];

describe("each page's title, and the pages that are not there", () => {
  it("titles visitors' pages for what they are, after the configured site name", async () => {
    const visitor = t.visitor();
    const titles: Array<[string, string]> = [
      ["/", "Cultivate Your Spiritual Garden · Garden of Grace"],
      ["/sign-in", "Sign In · Garden of Grace"],
      ["/sign-in?mode=register", "Sign In · Garden of Grace"],
      ["/forgot-password", "Forgot Your Password · Garden of Grace"],
      ["/admin", "Admin Dashboard · Garden of Grace"],
      // A member's page sends a visitor to sign in, under its own name.
      ["/community", "Community · Garden of Grace"],
    ];
    for (const [path, title] of titles) {
      const res = await visitor.page(path);
      expect(res.status, path).toBe(200);
      expect(titleOf(res.body), path).toBe(title);
    }
    // The service worker's shell stays plain: the app titles the page it opens.
    expect(titleOf((await visitor.page("/index.html")).body)).toBe("Garden of Grace");
  });

  it("titles a member's pages, an item's page by its section", async () => {
    const [video] = await t.database.db
      .insert(videos)
      .values({ title: "The Narrow Gate", description: "Matthew 7.", series: "Grace Series" })
      .returning({ id: videos.id });
    const { client } = await t.member({ firstName: "Naomi" });
    const titles: Array<[string, string]> = [
      ["/", "Home · Garden of Grace"],
      ["/community", "Community · Garden of Grace"],
      ["/videos", "Video Library · Garden of Grace"],
      [`/video/${video!.id}`, "Video · Garden of Grace"],
      ["/profile", "Profile · Garden of Grace"],
      ["/forgot-password", "Forgot Your Password · Garden of Grace"],
    ];
    for (const [path, title] of titles) {
      const res = await client.page(path);
      expect(res.status, path).toBe(200);
      expect(titleOf(res.body), path).toBe(title);
    }
  });

  it("answers 404 with the friendly page for a path that leads nowhere", async () => {
    const { client } = await t.member();
    for (const asker of [t.visitor(), client]) {
      for (const path of ["/no-such-page", "/videos/999999", "/groups/999999", "/community/extra"]) {
        const res = await asker.page(path);
        expect(res.status, path).toBe(404);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(titleOf(res.body), path).toBe("Page Not Found · Garden of Grace");
        expect(res.body).toContain('<div id="root"');
      }
    }
    // The API keeps its own JSON answer.
    const api = await t.visitor().get("/api/no-such-thing");
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: "Not found" });
  });

  it("answers 404 for an item's page whose item is not there, still drawing the page", async () => {
    const { client } = await t.member();
    for (const path of [
      "/video/999999",
      "/video/abc",
      "/events/999999",
      "/cultivation-groups/999999",
      "/local-communities/999999",
      "/group-posts/999999",
      "/messages/999999",
    ]) {
      const res = await client.page(path);
      expect(res.status, path).toBe(404);
      expect(titleOf(res.body), path).toBe("Page Not Found · Garden of Grace");
      expect(res.body).toContain('<div id="root"');
    }
    // A visitor is sent to sign in, whatever the id: nothing is said of what exists.
    expect((await t.visitor().page("/video/999999")).status).toBe(200);
  });

  it("names, for each item page, an item address the API declares", () => {
    const reads = Object.values(apiEndpoints)
      .flatMap((feature) => Object.values(feature))
      .filter((e) => e.method === "GET")
      .map((e) => e.path);
    const items = memberPages.filter((page) => page.item);
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const page of items) expect(reads, page.path).toContain(page.item);
  });
});

describe("pages when the server does not render members' pages", () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ SERVER_RENDER: "0" });
  });
  afterAll(() => plain.close());

  it("announces each page's chunks and first answers instead", async () => {
    const { client } = await plain.member();
    for (const page of memberPages.filter((p) => MEMBER_PAGE_RESPONSES[p.path])) {
      const res = await client.page(page.path);
      expect(rootOf(res.body)).toMatch(/^<div id="root">/);
      for (const url of [authEndpoints.user.path, ...SHELL_RESPONSES, ...MEMBER_PAGE_RESPONSES[page.path]!]) {
        expect(res.body).toContain(
          `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`,
        );
      }
    }
  });

  it("still titles her pages, and answers 404 for an item that is not there", async () => {
    const { client } = await plain.member();
    const community = await client.page("/community");
    expect(community.status).toBe(200);
    expect(titleOf(community.body)).toBe("Community · Mishpacha");
    const missing = await client.page("/events/999999");
    expect(missing.status).toBe(404);
    expect(titleOf(missing.body)).toBe("Page Not Found · Mishpacha");
  });
});
