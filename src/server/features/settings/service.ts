import type { Locale } from "../../../core/i18n/locales";
import {
  SETTING_FIELDS,
  SETTING_NAMES,
  type SettingName,
  type SettingSource,
  setByEnvironment,
} from "../../../core/settings/fields";
import { SETTINGS_MESSAGES, settingsPatch } from "../../../core/settings/schemas";
import { type AppConfig, defaultMailFrom } from "../../config";
import type { Db, Tx } from "../../db/client";
import { fieldError, HttpError } from "../../http/errors";
import { recordModeration } from "../moderation";
import * as q from "./queries";

type Values = { [K in SettingName]: string | null };

/** What the environment (or the default) gave each setting, before any stored value was laid over it. */
const baselines = new WeakMap<AppConfig, Values>();

const valuesOf = (config: AppConfig): Values => ({
  siteName: config.siteName,
  founderName: config.founderName,
  welcomeLine: config.welcomeLine,
  contactEmail: config.contactEmail,
  newsletterName: config.newsletter.name,
  newsletterFeedUrl: config.newsletter.feedUrl ?? null,
  timeZone: config.timeZone,
  registration: config.registration,
  defaultLanguage: config.defaultLanguage,
  patronPriceText: config.patronPriceText,
});

/** The values in force, as one string: what tells whether a reload changed anything. */
export const effectiveValues = (config: AppConfig) => JSON.stringify(valuesOf(config));

function baselineOf(config: AppConfig): Values {
  let baseline = baselines.get(config);
  if (!baseline) {
    baseline = valuesOf(config);
    baselines.set(config, baseline);
  }
  return baseline;
}

const sourceOf = (config: AppConfig, row: q.StoredSettings | undefined, name: SettingName): SettingSource =>
  config.settingsFromEnvironment.has(name) ? "environment" : row?.[name] != null ? "dashboard" : "default";

/**
 * Lays the stored settings over `config`, in place (everything holds the same object): a variable
 * set in the environment keeps its value, a field not stored goes back to the environment's default.
 */
export function applySettings(config: AppConfig, row: q.StoredSettings | undefined) {
  const baseline = baselineOf(config);
  const value = (name: SettingName) =>
    sourceOf(config, row, name) === "dashboard" ? row![name] : baseline[name];
  config.siteName = value("siteName")!;
  config.founderName = value("founderName")!;
  config.welcomeLine = value("welcomeLine") ?? "";
  config.contactEmail = value("contactEmail");
  config.newsletter.name = value("newsletterName")!;
  config.newsletter.feedUrl = value("newsletterFeedUrl") ?? undefined;
  config.timeZone = value("timeZone")!;
  config.registration = value("registration") as AppConfig["registration"];
  config.defaultLanguage = value("defaultLanguage") as AppConfig["defaultLanguage"];
  config.patronPriceText = value("patronPriceText")!;
  if (!config.mailFromSet) config.mail.from = defaultMailFrom(config.siteName, config.publicUrl);
}

/** Reads the stored settings and lays them over `config`. */
export async function loadSettings(db: Db, config: AppConfig) {
  applySettings(config, await q.readSettings(db));
}

/** Every setting as it applies on this instance, and where each comes from. */
export async function currentSettings(db: Db, config: AppConfig) {
  const row = await q.readSettings(db);
  const now = valuesOf(config);
  const setting = (name: SettingName) => ({
    value: now[name],
    source: sourceOf(config, row, name),
    variable: SETTING_FIELDS[name].variable,
  });
  return {
    siteName: setting("siteName") as { value: string; source: SettingSource; variable: string },
    founderName: setting("founderName") as { value: string; source: SettingSource; variable: string },
    welcomeLine: { ...setting("welcomeLine"), value: now.welcomeLine ?? "" },
    contactEmail: setting("contactEmail"),
    newsletterName: setting("newsletterName") as { value: string; source: SettingSource; variable: string },
    newsletterFeedUrl: setting("newsletterFeedUrl"),
    timeZone: setting("timeZone") as { value: string; source: SettingSource; variable: string },
    registration: setting("registration") as {
      value: "open" | "invitation";
      source: SettingSource;
      variable: string;
    },
    defaultLanguage: setting("defaultLanguage") as { value: Locale; source: SettingSource; variable: string },
    patronPriceText: setting("patronPriceText") as { value: string; source: SettingSource; variable: string },
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

const shown = (value: string | null) => {
  if (value === null) return "back to the server's";
  const clipped = value.length > 60 ? `${value.slice(0, 59)}…` : value;
  return `“${clipped}”`;
};

/**
 * Changes some settings inside the caller's transaction, by `actorId` (an administrator, or the
 * owner setting the ministry up before anyone is one). Checked as the API checks them: a bad value
 * is a 400 naming its field, a setting the environment sets a 409. A change is written to the
 * moderation log, naming each field and its new value, and announced with the commit, when every
 * instance reads the settings again. Answers the names of the fields that changed.
 */
export async function saveSettings(
  tx: Tx,
  config: AppConfig,
  actorId: number,
  partial: unknown,
): Promise<SettingName[]> {
  const parsed = settingsPatch.safeParse(partial);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? "body"), issue.message);
  }
  const body = parsed.data;
  const named = SETTING_NAMES.filter((name) => body[name] !== undefined);
  const fromEnvironment = named.filter((name) => config.settingsFromEnvironment.has(name));
  if (fromEnvironment.length) {
    throw new HttpError(
      409,
      setByEnvironment(fromEnvironment[0]!),
      Object.fromEntries(fromEnvironment.map((name) => [name, setByEnvironment(name)])),
    );
  }
  if (body.timeZone && !(await q.isKnownTimeZone(tx, body.timeZone))) {
    throw fieldError("timeZone", SETTINGS_MESSAGES.timeZone);
  }
  const before = await q.lockSettings(tx);
  const changed = named.filter((name) => (before[name] ?? null) !== (body[name] ?? null));
  if (!changed.length) return [];
  await q.writeSettings(tx, Object.fromEntries(changed.map((name) => [name, body[name] ?? null])), actorId);
  await recordModeration(tx, {
    actorId,
    action: "settings_changed",
    detail: changed.map((name) => `${SETTING_FIELDS[name].label}: ${shown(body[name] ?? null)}`).join("; "),
  });
  await q.announce(tx);
  return changed;
}
