import fs from "node:fs/promises";
import path from "node:path";
import { BACKUP_FILE_PATTERN } from "./format";

export interface BackupFile {
  fileName: string;
  /** When it was taken, as its name says (UTC). */
  at: Date;
  bytes: number;
}

/** The moment in a backup's name: `mishpacha-backup-2026-11-25T03-00-00Z.tar.gz`. */
function takenAt(fileName: string): Date {
  const [, date, hh, mm, ss] = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(fileName) ?? [];
  return new Date(`${date}T${hh}:${mm}:${ss}Z`);
}

/**
 * The newest backup this app named in `dir`, whoever made it (the daily one, `npm run backup`, the
 * one before an upgrade): its names sort by date. Null when there is none, or no folder yet.
 */
export async function newestBackupFile(dir: string): Promise<BackupFile | null> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  const ours = names.filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  // Newest first; one removed between the listing and its stat (pruned just then) is passed over.
  for (const fileName of ours.reverse()) {
    try {
      const stat = await fs.stat(path.join(dir, fileName));
      return { fileName, at: takenAt(fileName), bytes: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return null;
}
