import { describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { LANGUAGE_COOKIE } from "../../src/core/i18n";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { contextForFile, expectRefused, invalid } from "../support/app";

const t = contextForFile();

describe("choosing her language", () => {
  it("starts unchosen, then keeps Hebrew once she picks it, for her pages and this browser", async () => {
    const m = await t.member();
    expect((await m.client.call(authEndpoints.user)).body).toMatchObject({ locale: null });

    const res = await m.client.call(profileEndpoints.setLanguage, { body: { locale: "he" } });
    expect(res.status).toBe(204);
    expect(m.client.jar.get(LANGUAGE_COOKIE)).toBe("he");
    expect((await m.client.call(authEndpoints.user)).body).toMatchObject({ id: m.id, locale: "he" });

    await m.client.call(profileEndpoints.setLanguage, { body: { locale: "en" } });
    expect((await m.client.call(authEndpoints.user)).body).toMatchObject({ locale: "en" });
  });

  it("refuses visitors", async () => {
    expectRefused(await t.visitor().call(profileEndpoints.setLanguage, { body: { locale: "he" } }), 401);
  });

  it("refuses a language the app does not speak, with the schema's message", async () => {
    const m = await t.member();
    for (const locale of ["fr", "", null]) {
      const res = await m.client.call(profileEndpoints.setLanguage, { body: { locale: invalid(locale) } });
      expectRefused(res, 400, "Choose English or Hebrew.");
    }
    expect((await m.client.call(authEndpoints.user)).body).toMatchObject({ locale: null });
  });
});
