import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerCookies } from "../../src/server/http/cookies";

async function appWithCookies() {
  const app = Fastify();
  registerCookies(app, "s".repeat(64));
  app.get("/read", async (request) => ({ cookies: request.cookies }));
  app.get("/twice", async (_request, reply) => {
    reply.setCookie("sid", "first", { path: "/", httpOnly: true });
    reply.setCookie("hint", "1", { path: "/" });
    reply.setCookie("sid", "second", { path: "/", httpOnly: true });
    return { ok: true };
  });
  app.get("/sign", async (_request, reply) => {
    reply.setCookie("state", '{"nonce":"n-1"}', { path: "/", signed: true });
    return { ok: true };
  });
  app.get("/unsign", async (request) => request.unsignCookie(request.cookies.state ?? ""));
  app.get("/clear", async (_request, reply) => reply.clearCookie("sid").send({ ok: true }));
  await app.ready();
  return app;
}

describe("cookies", () => {
  it("reads a request's cookies, and none from a request without any", async () => {
    const app = await appWithCookies();
    const read = await app.inject({
      url: "/read",
      headers: { cookie: "sid=abc; signed_in=1; tz=Europe%2FBerlin" },
    });
    expect(read.json()).toEqual({ cookies: { sid: "abc", signed_in: "1", tz: "Europe/Berlin" } });
    expect((await app.inject({ url: "/read" })).json()).toEqual({ cookies: {} });
  });

  it("sends one Set-Cookie per cookie, the last value of a cookie set twice", async () => {
    const app = await appWithCookies();
    const set = (await app.inject({ url: "/twice" })).headers["set-cookie"];
    expect(set).toEqual(["sid=second; Path=/; HttpOnly; SameSite=Lax", "hint=1; Path=/; SameSite=Lax"]);
  });

  it("reads back a cookie it signed, and refuses one changed on the way", async () => {
    const app = await appWithCookies();
    const [written] = [(await app.inject({ url: "/sign" })).headers["set-cookie"]].flat();
    const pair = String(written).split(";")[0] ?? "";
    const ok = await app.inject({ url: "/unsign", headers: { cookie: pair } });
    expect(ok.json()).toEqual({ valid: true, value: '{"nonce":"n-1"}' });
    const changed = pair.replace("n-1", "n-2");
    const refused = await app.inject({ url: "/unsign", headers: { cookie: changed } });
    expect(refused.json()).toEqual({ valid: false, value: null });
    const unsigned = await app.inject({ url: "/unsign", headers: { cookie: "state=plain" } });
    expect(unsigned.json()).toEqual({ valid: false, value: null });
  });

  it("clears a cookie with an expiry in the past", async () => {
    const app = await appWithCookies();
    const set = String((await app.inject({ url: "/clear" })).headers["set-cookie"]);
    expect(set).toMatch(/^sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  });
});
