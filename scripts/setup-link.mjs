// `npm run setup-link`: builds when needed, then runs the command bundled beside the server
// (dist/server/setup-link.js), which prints a fresh link to set the ministry up while it has no
// administrator, and says so once it has one.
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild((line) => process.stderr.write(`${line}\n`));
await import(path.resolve("dist/server/setup-link.js"));
