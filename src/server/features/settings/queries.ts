import { eq, sql } from "drizzle-orm";
import type { SettingName } from "../../../core/settings/fields";
import type { Db, Tx } from "../../db/client";
import { siteSettings, users } from "../../db/schema";

type Conn = Db | Tx;

/** The channel a committed change of the settings is announced on, to every instance. */
export const SETTINGS_CHANNEL = "mishpacha_settings";

export type StoredSettings = { [K in SettingName]: string | null } & {
  updatedAt: Date | null;
  updatedBy: string | null;
};

const stored = {
  siteName: siteSettings.siteName,
  founderName: siteSettings.founderName,
  welcomeLine: siteSettings.welcomeLine,
  contactEmail: siteSettings.contactEmail,
  newsletterName: siteSettings.newsletterName,
  newsletterFeedUrl: siteSettings.newsletterFeedUrl,
  timeZone: siteSettings.timeZone,
  registration: siteSettings.registration,
  defaultLanguage: siteSettings.defaultLanguage,
  patronPriceText: siteSettings.patronPriceText,
  updatedAt: siteSettings.updatedAt,
};

/** The stored row (none until the first change), and who last changed it by name. */
export async function readSettings(db: Conn): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      ...stored,
      updatedBy: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`,
    })
    .from(siteSettings)
    .leftJoin(users, eq(users.id, siteSettings.updatedBy));
  return row;
}

/** The row, made if there is none, and locked until the transaction ends: changes wait in turn. */
export async function lockSettings(tx: Tx) {
  await tx.insert(siteSettings).values({}).onConflictDoNothing();
  const [row] = await tx.select(stored).from(siteSettings).for("update");
  return row!;
}

export async function writeSettings(
  tx: Tx,
  values: Partial<Record<SettingName, string | null>>,
  actorId: number,
) {
  await tx
    .update(siteSettings)
    .set({
      ...(values as Partial<typeof siteSettings.$inferInsert>),
      updatedAt: sql`now()`,
      updatedBy: actorId,
    })
    .where(eq(siteSettings.id, true));
}

/** Sent with the commit: every instance's listening connection hears it and reads the row again. */
export async function announce(tx: Tx) {
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
}

/** Whether PostgreSQL knows the zone by this name (the digests are timed in it there). */
export async function isKnownTimeZone(db: Conn, zone: string): Promise<boolean> {
  const { rows } = await db.execute<{ known: boolean }>(
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  return rows[0]?.known === true;
}
