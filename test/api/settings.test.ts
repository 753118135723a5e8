import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../../src/core/public-config";
import { settingsEndpoints as api } from "../../src/core/settings/endpoints";
import { SETTINGS_MESSAGES } from "../../src/core/settings/schemas";
import { buildApp, defaultWebRoot } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { saveSettings } from "../../src/server/features/settings";
import { createTestContext, expectRefused, type Member, TestClient, type TestContext } from "../support/app";

/** The built app's pages: DIST_DIR's when the build went there, else the default. */
const webRoot = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR, "web") : defaultWebRoot();

let t: TestContext;
let admin: Member;
let member: Member;
/** A second instance on the same database, with its own copy of the settings, as behind a load balancer. */
let other: Awaited<ReturnType<typeof buildApp>>;
let otherDb: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  if (!fs.existsSync(path.join(webRoot, "index.html"))) throw new Error(`no built app at ${webRoot}`);
  t = await createTestContext();
  otherDb = openDatabase(t.config.databaseUrl!, { max: 3 });
  other = await buildApp({ config: structuredClone(t.config), database: otherDb, logger: false, webRoot });
  await other.ready();
  admin = await t.admin();
  member = await t.member({ firstName: "Ruth", lastName: "Levi" });
});
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
  await t?.close();
});

const visitorOn = (app: typeof other) => new TestClient(app, t.config.publicOrigin);
const publicConfigIn = (html: string): PublicConfig => {
  const found = new RegExp(
    `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  if (!found) throw new Error("no public settings in the page");
  return JSON.parse(found[1]!) as PublicConfig;
};
const landingOn = async (app: typeof other) => (await visitorOn(app).page("/")).body;

describe("a change in the Settings tab", () => {
  it("reaches visitors' landing page and the page's settings at once, though the page was rendered before", async () => {
    // Rendered and kept before the change.
    expect(await landingOn(other)).toContain("Mishpacha");
    const onOther = new TestClient(other, t.config.publicOrigin);
    for (const [k, v] of admin.client.jar) onOther.jar.set(k, v);

    const res = await onOther.call(api.update, {
      body: { siteName: "Garden of Grace", welcomeLine: "There is room at the table for you." },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.siteName).toEqual({
      value: "Garden of Grace",
      source: "dashboard",
      variable: "SITE_NAME",
    });

    const page = await landingOn(other);
    expect(page).toContain("<title>");
    expect(page).toMatch(/<div id="root" data-prerendered>.*Garden of Grace/s);
    expect(publicConfigIn(page)).toMatchObject({
      siteName: "Garden of Grace",
      welcomeLine: "There is room at the table for you.",
    });
    // What a phone shows under the installed app's icon.
    const manifest = await other.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.json()).toMatchObject({ name: "Garden of Grace", short_name: "Garden of Grace" });
  });

  it("reaches the other instances without a restart", async () => {
    const res = await admin.client.call(api.update, {
      body: { founderName: "Deborah", contactEmail: "hello@garden.example.org" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Told by the commit's notice: the other instance reads the row again and renders its pages anew.
    await expect
      .poll(async () => publicConfigIn(await landingOn(other)), { timeout: 10_000 })
      .toMatchObject({ founderName: "Deborah", contactEmail: "hello@garden.example.org" });
    expect(await landingOn(other)).toMatch(/data-prerendered>.*Founded by (<!-- -->)?Deborah/s);
  });

  it("shows members the newsletter and the ministry's time zone in the answers that use them", async () => {
    const before = await admin.client.call(articlesEndpoints.adminCount);
    expect(before.body.feedConfigured).toBe(false);
    const res = await admin.client.call(api.update, {
      body: { newsletterFeedUrl: "https://garden.substack.com/feed", timeZone: "Asia/Jerusalem" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect((await admin.client.call(articlesEndpoints.adminCount)).body.feedConfigured).toBe(true);
    // She never chose a zone for her digest: the ministry's is hers until she does.
    const preferences = await member.client.call(notificationsEndpoints.preferences);
    expect(preferences.body.digest.timeZone).toBe("Asia/Jerusalem");
    // An event made where the browser names no zone is on the ministry's clocks.
    const event = await admin.client.call(eventsEndpoints.create, {
      body: {
        title: "Shabbat evening",
        startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    expect(event.body.timeZone).toBe("Asia/Jerusalem");
  });

  it("signs the mail sent from then on with the new name and contact address", async () => {
    await admin.client.call(api.update, {
      body: { siteName: "Garden of Grace", contactEmail: "hello@garden.example.org" },
    });
    const newcomer = await t.member({ firstName: "Naomi" });
    const [mail] = await t.queuedMails(newcomer.email);
    expect(mail!.subject).toBe("Confirm your e-mail address for Garden of Grace");
    expect(mail!.text).toContain("Questions? Write to hello@garden.example.org");
    expect(mail!.html).toContain('href="mailto:hello@garden.example.org"');
  });

  it("goes back to the server's value when a field is cleared", async () => {
    await admin.client.call(api.update, { body: { patronPriceText: "$20" } });
    const res = await admin.client.call(api.update, { body: { patronPriceText: null } });
    expect(res.body.patronPriceText).toEqual({
      value: "$15",
      source: "default",
      variable: "PATRON_PRICE_TEXT",
    });
    expect(publicConfigIn(await landingOn(other)).patronPriceText).toBe("$15");
  });

  it("records who changed which settings in the moderation log", async () => {
    await admin.client.call(api.update, { body: { welcomeLine: "Welcome home, sister." } });
    const log = await admin.client.call(moderationEndpoints.adminLog, { query: {} });
    const entry = log.body.find((e) => e.action === "settings_changed");
    expect(entry?.actor).toEqual({ id: admin.id, name: "Owner Admin" });
    expect(entry?.detail).toBe("Welcome line: “Welcome home, sister.”");

    const settings = await admin.client.call(api.get);
    expect(settings.body.updatedBy).toBe("Owner Admin");
  });
});

describe("what the Settings tab refuses", () => {
  const tooLong = (n: number) => "a".repeat(n + 1);
  const cases: [string, Record<string, unknown>, string][] = [
    ["an empty site name", { siteName: "  " }, SETTINGS_MESSAGES.siteName],
    ["a site name over 60 characters", { siteName: tooLong(60) }, SETTINGS_MESSAGES.siteName],
    ["a site name on two lines", { siteName: "Garden\nof Grace" }, SETTINGS_MESSAGES.siteName],
    ["an empty founder's name", { founderName: "" }, SETTINGS_MESSAGES.founderName],
    ["a founder's name over 60 characters", { founderName: tooLong(60) }, SETTINGS_MESSAGES.founderName],
    ["a welcome line over 160 characters", { welcomeLine: tooLong(160) }, SETTINGS_MESSAGES.welcomeLine],
    ["a welcome line on two lines", { welcomeLine: "Come\nin" }, SETTINGS_MESSAGES.welcomeLine],
    [
      "a contact address that is no address",
      { contactEmail: "hello at garden" },
      SETTINGS_MESSAGES.contactEmail,
    ],
    ["an empty newsletter name", { newsletterName: "" }, SETTINGS_MESSAGES.newsletterName],
    [
      "a newsletter name over 40 characters",
      { newsletterName: tooLong(40) },
      SETTINGS_MESSAGES.newsletterName,
    ],
    [
      "a feed over plain http",
      { newsletterFeedUrl: "http://garden.example.org/feed" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    [
      "a feed on this computer",
      { newsletterFeedUrl: "https://127.0.0.1/feed" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    [
      "a feed at localhost",
      { newsletterFeedUrl: "https://localhost:8443/feed" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    [
      "a feed on a private network",
      { newsletterFeedUrl: "https://10.1.2.3/feed" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    [
      "a feed at a link-local address",
      { newsletterFeedUrl: "https://169.254.169.254/latest" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    [
      "a feed at IPv6 loopback",
      { newsletterFeedUrl: "https://[::1]/feed" },
      SETTINGS_MESSAGES.newsletterFeedUrl,
    ],
    ["a feed that is no address", { newsletterFeedUrl: "the substack" }, SETTINGS_MESSAGES.newsletterFeedUrl],
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }, SETTINGS_MESSAGES.timeZone],
    ["a way of joining there is not", { registration: "anyone" }, SETTINGS_MESSAGES.registration],
    ["an empty patron price", { patronPriceText: " " }, SETTINGS_MESSAGES.patronPriceText],
    [
      "a patron price over 60 characters",
      { patronPriceText: tooLong(60) },
      SETTINGS_MESSAGES.patronPriceText,
    ],
  ];

  it.each(cases)("refuses %s with the field's message", async (_, body, message) => {
    const field = Object.keys(body)[0]!;
    const res = await admin.client.request("PATCH", "/api/admin/settings", body);
    expectRefused(res as { status: number; body: { message?: string } }, 400, message);
    expect((res.body as { errors?: Record<string, string> }).errors?.[field]).toBe(message);
  });

  it("refuses a setting the tab does not have", async () => {
    const res = await admin.client.request("PATCH", "/api/admin/settings", { stripeKey: "sk_live_x" });
    expect(res.status).toBe(400);
  });

  it("writes nothing when one field of several is wrong", async () => {
    const before = await admin.client.call(api.get);
    const res = await admin.client.request("PATCH", "/api/admin/settings", {
      siteName: "Half Written",
      contactEmail: "not an address",
    });
    expect(res.status).toBe(400);
    const after = await admin.client.call(api.get);
    expect(after.body.siteName).toEqual(before.body.siteName);
    expect(after.body.updatedAt).toBe(before.body.updatedAt);
  });

  it("is for administrators alone: a member is refused, a visitor asked to sign in", async () => {
    expectRefused(await member.client.call(api.get), 403);
    expectRefused(await member.client.call(api.update, { body: { siteName: "Mine now" } }), 403);
    expectRefused(await t.visitor().call(api.get), 401);
    expectRefused(await t.visitor().call(api.update, { body: { siteName: "Mine now" } }), 401);
    // Checked before the body: a member's bad value is still a 403, not a 400.
    expectRefused(await member.client.call(api.update, { body: { siteName: "" } }), 403);
  });
});

describe("settings the server's environment sets", () => {
  let env: TestContext;
  let owner: Member;
  beforeAll(async () => {
    env = await createTestContext({ SITE_NAME: "Vine and Branches", TIME_ZONE: "America/Chicago" });
    owner = await env.admin();
  });
  afterAll(() => env?.close());

  it("are reported as the environment's, naming the variable", async () => {
    const res = await owner.client.call(api.get);
    expect(res.body.siteName).toEqual({
      value: "Vine and Branches",
      source: "environment",
      variable: "SITE_NAME",
    });
    expect(res.body.timeZone).toEqual({
      value: "America/Chicago",
      source: "environment",
      variable: "TIME_ZONE",
    });
    expect(res.body.founderName.source).toBe("default");
  });

  it("are refused, and the others still change", async () => {
    const res = await owner.client.call(api.update, {
      body: { siteName: "Another name", founderName: "Hannah" },
    });
    expectRefused(
      res,
      409,
      "Site name is set by the server's SITE_NAME setting, so it can't be changed here.",
    );
    expect((await owner.client.call(api.get)).body.founderName.value).not.toBe("Hannah");

    const founder = await owner.client.call(api.update, { body: { founderName: "Hannah" } });
    expect(founder.status).toBe(200);
    expect(founder.body.siteName.value).toBe("Vine and Branches");
    expect(founder.body.founderName).toEqual({
      value: "Hannah",
      source: "dashboard",
      variable: "FOUNDER_NAME",
    });
  });

  it("win over a value stored before the variable was set", async () => {
    await env.database.pool.query("update site_settings set site_name = 'Stored name'");
    await env.app.reloadSettings();
    expect(env.config.siteName).toBe("Vine and Branches");
  });
});

describe("saving inside another transaction", () => {
  it("works before anyone is an administrator, and names the owner in the log", async () => {
    const fresh = await createTestContext();
    try {
      const owner = await fresh.member({ firstName: "Miriam", lastName: "Cohen" });
      await fresh.database.db.transaction((tx) =>
        saveSettings(tx, fresh.config, owner.id, {
          siteName: "Miriam's Garden",
          founderName: "Miriam Cohen",
        }),
      );
      // The commit's notice brings it to this instance.
      await expect.poll(() => fresh.config.siteName, { timeout: 10_000 }).toBe("Miriam's Garden");
      expect(fresh.config.founderName).toBe("Miriam Cohen");
      const { rows } = await fresh.database.pool.query<{ actor_id: number; detail: string }>(
        "select actor_id, detail from moderation_log where action = 'settings_changed'",
      );
      expect(rows).toEqual([
        { actor_id: owner.id, detail: "Site name: “Miriam's Garden”; Founder's name: “Miriam Cohen”" },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
