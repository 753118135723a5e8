import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHebrewCatalogue } from "../../scripts/lib/catalogue.mjs";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { PROFILE_MESSAGES } from "../../src/core/profile/schemas";
import { inLocale } from "../../src/server/i18n";
import { createTestContext, type TestContext } from "../support/app";

const hebrew = readHebrewCatalogue();
const htmlTagOf = (html: string) => html.match(/<html[^>]*>/)?.[0];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("the language of a page", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SITE_NAME: "Garden of Grace" });
  });
  afterAll(() => t.close());

  it("is Hebrew, right to left, for a browser that asks for Hebrew, with the page rendered in it", async () => {
    const res = await t.visitor().page("/", { "accept-language": "he-IL,he;q=0.9,en;q=0.8" });
    expect(htmlTagOf(res.body)).toBe('<html lang="he" dir="rtl">');
    expect(res.body).toContain(hebrew["Cultivate Your Spiritual Garden"]);
    expect(res.body).not.toContain("Cultivate Your Spiritual Garden");
    expect(titleOf(res.body)).toBe(`${hebrew["Cultivate Your Spiritual Garden"]} · Garden of Grace`);
    expect(res.headers.vary).toContain("Accept-Language");
  });

  it("is English for a browser that asks for English, or for a language the app does not speak", async () => {
    for (const asked of ["en-US,en;q=0.9", "fr-FR", ""]) {
      const res = await t.visitor().page("/sign-in", asked ? { "accept-language": asked } : {});
      expect(htmlTagOf(res.body), asked).toBe('<html lang="en" dir="ltr">');
      expect(res.body).toContain("Welcome back");
    }
  });

  it("follows the visitor's switch over her browser", async () => {
    const res = await t.visitor().page("/sign-in", { "accept-language": "en", cookie: "lang=he" });
    expect(htmlTagOf(res.body)).toBe('<html lang="he" dir="rtl">');
    expect(res.body).toContain(hebrew["Welcome back"]);
  });

  it("says its language, which the service worker keeps for the shell it opens offline", async () => {
    const hebrewPage = await t.visitor().page("/sign-in", { "accept-language": "he-IL" });
    expect(hebrewPage.headers["content-language"]).toBe("he");
    const englishPage = await t.visitor().page("/sign-in", { "accept-language": "en-US" });
    expect(englishPage.headers["content-language"]).toBe("en");
  });

  it("is the shell's own for each shell the service worker keeps, whatever her browser asks for", async () => {
    const english = await t.visitor().page("/index.html", { "accept-language": "he-IL" });
    expect(htmlTagOf(english.body)).toBe('<html lang="en" dir="ltr">');
    expect(english.body).toContain("Loading...");
    const shell = await t.visitor().page("/index.he.html", { "accept-language": "en-US" });
    expect(shell.status).toBe(200);
    expect(htmlTagOf(shell.body)).toBe('<html lang="he" dir="rtl">');
    expect(shell.body).toContain(hebrew["Loading..."]);
    expect(shell.body).not.toContain("Loading...");
    expect(titleOf(shell.body)).toBe("Garden of Grace");
  });

  it("follows the language she chose, whatever her browser asks for", async () => {
    const { client } = await t.member({ firstName: "Hadassah" });
    const chose = await client.call(profileEndpoints.setLanguage, { body: { locale: "he" } });
    expect(chose.status).toBe(204);
    const res = await client.page("/", { "accept-language": "en-US" });
    expect(htmlTagOf(res.body)).toBe('<html lang="he" dir="rtl">');
    expect(res.body).toContain("Hadassah");
    expect(res.body).not.toContain("Shalom, Hadassah");
  });
});

describe("what the API writes in words", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("is in the language she chose, or her browser's", async () => {
    const { client } = await t.member({ firstName: "Tirzah" });
    const english = await client.call(profileEndpoints.signOutOthers, {});
    expect(english.body.message).toBe(PROFILE_MESSAGES.signedOutOthers(0));
    await client.call(profileEndpoints.setLanguage, { body: { locale: "he" } });
    const hebrewAnswer = await client.call(profileEndpoints.signOutOthers, {});
    expect(hebrewAnswer.body.message).toBe(inLocale("he", () => PROFILE_MESSAGES.signedOutOthers(0)));
    expect(hebrewAnswer.body.message).not.toBe(english.body.message);
  });
});

describe("the ministry's default language", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ DEFAULT_LANGUAGE: "he" });
  });
  afterAll(() => t.close());

  it("is a page's language when her browser names none the app speaks", async () => {
    const res = await t.visitor().page("/", { "accept-language": "ru" });
    expect(htmlTagOf(res.body)).toBe('<html lang="he" dir="rtl">');
    const english = await t.visitor().page("/", { "accept-language": "en" });
    expect(htmlTagOf(english.body)).toBe('<html lang="en" dir="ltr">');
  });
});
