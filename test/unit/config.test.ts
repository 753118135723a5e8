import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadStorageConfig } from "../../src/server/config";

describe("configuration", () => {
  it("has working defaults for the embedded database", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.siteName).toBe("Mishpacha");
    expect(c.demo).toBe(true);
    expect(c.authRateLimit).toBe(10);
    expect(c.writeRateLimit).toBe(30);
    expect(c.oidc).toBeUndefined();
    expect(c.stripe).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.responseCache).toBe(true);
  });

  it("turns the in-memory answers off with RESPONSE_CACHE=0 and refuses a vague value", () => {
    expect(loadConfig({ RESPONSE_CACHE: "0" }).responseCache).toBe(false);
    expect(() => loadConfig({ RESPONSE_CACHE: "maybe" })).toThrow(/RESPONSE_CACHE/);
  });

  it("fails fast on a bad port with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT="abc": must be a port number/);
  });

  it("refuses a plain-http identity provider except on this machine", () => {
    const oidc = { OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" };
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER_URL: "http://idp.example.org" })).toThrow(
      /must use https/,
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: "http://127.0.0.1:9999" }).oidc?.clientId).toBe("id");
    expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: "https://idp.example.org" }).oidc).toBeDefined();
  });

  it("writes mail to the log on the embedded default, and refuses DATABASE_URL without SMTP_URL unless told", () => {
    expect(loadConfig({}).mail).toEqual({
      transport: "log",
      smtpUrl: undefined,
      from: '"Mishpacha" <no-reply@localhost>',
    });
    const production = { DATABASE_URL: "postgres://db/app", SESSION_SECRET: "s".repeat(32) };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: required with DATABASE_URL/);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: "log" }).mail.transport).toBe("log");
    const smtp = loadConfig({
      ...production,
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      PUBLIC_URL: "https://community.example.org",
      SITE_NAME: "Beit Shalom",
    });
    expect(smtp.mail).toEqual({
      transport: "smtp",
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      from: '"Beit Shalom" <no-reply@community.example.org>',
    });
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.org" })).toThrow(/SMTP_URL="http/);
  });

  it("asks for all payment settings together", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/must be set together/);
  });

  it("requires a session secret with an external database", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/app" })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://db/app" })).toThrow(/DATABASE_URL/);
  });

  it("reads administrators case-insensitively and secures cookies on https", () => {
    const c = loadConfig({
      ADMIN_EMAILS: " Owner@Example.org , second@example.org ",
      PUBLIC_URL: "https://x.org/",
    });
    expect(c.adminEmails).toEqual(["owner@example.org", "second@example.org"]);
    expect(c.publicUrl).toBe("https://x.org");
    expect(c.secureCookies).toBe(true);
  });

  it("rejects a rate limit that is not a positive number", () => {
    expect(() => loadConfig({ AUTH_RATE_LIMIT: "0" })).toThrow(/AUTH_RATE_LIMIT/);
    expect(() => loadConfig({ DEMO: "maybe" })).toThrow(/DEMO/);
  });

  it("keeps 14 daily backups in DATA_DIR/backups unless told otherwise, 0 turning them off", () => {
    expect(loadConfig({ DATA_DIR: "/srv/community" }).backups).toEqual({
      dir: "/srv/community/backups",
      keep: 14,
    });
    expect(loadConfig({ BACKUP_DIR: "/mnt/offsite", BACKUP_KEEP: "0" }).backups).toEqual({
      dir: "/mnt/offsite",
      keep: 0,
    });
    expect(() => loadConfig({ BACKUP_KEEP: "-1" })).toThrow(/BACKUP_KEEP="-1": must be 0 or more/);
    expect(() => loadConfig({ BACKUP_KEEP: "a week" })).toThrow(
      /BACKUP_KEEP="a week": must be a whole number/,
    );
  });

  it("lets the backup commands run with only where the data is, validated the same way", () => {
    const storage = loadStorageConfig({ DATABASE_URL: "postgres://db/app" });
    expect(storage.databaseUrl).toBe("postgres://db/app");
    expect(() => loadStorageConfig({ DATABASE_URL: "mysql://db/app" })).toThrow(/DATABASE_URL/);
  });
});
