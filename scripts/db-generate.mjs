// Generates a migration from the Drizzle schema with drizzle-kit. Trigram search indexes need the
// pg_trgm extension, which drizzle-kit does not declare, so the first migration creates it.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = "src/server/db/migrations";
const args = process.argv.slice(2);
execFileSync("npx", ["drizzle-kit", "generate", ...args], { stdio: "inherit" });

const first = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort()[0];
if (first) {
  const file = path.join(dir, first);
  const sql = readFileSync(file, "utf8");
  const ext = "CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint\n";
  if (!sql.startsWith(ext)) writeFileSync(file, ext + sql);
}
