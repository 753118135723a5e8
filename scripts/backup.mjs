// `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]`: builds when needed, then
// runs the backup command bundled beside the server (dist/server/backup.js), with its migrations.
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild((line) => process.stderr.write(`${line}\n`));
await import(path.resolve("dist/server/backup.js"));
