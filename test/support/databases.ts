import { randomBytes } from "node:crypto";
import pg from "pg";

/** Connection string for another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

/** A fresh database copied from the migrated template (about a tenth of a second). */
export async function createDatabaseFromTemplate(adminUrl: string, template: string, prefix: string) {
  const name = uniqueName(prefix);
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
