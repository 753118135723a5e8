// `npm run search:reindex`: builds when needed, then runs the command bundled beside the server
// (dist/server/search-reindex.js), which rebuilds what search finds from the tables, in one
// transaction.
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild((line) => process.stderr.write(`${line}\n`));
await import(path.resolve("dist/server/search-reindex.js"));
