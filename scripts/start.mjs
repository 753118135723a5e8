// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (so signals reach it directly). `npm start -- --production` is a real start,
// the same as DEMO=0: no demo content, whatever the database.
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

if (process.argv.includes("--production")) process.env.DEMO = "0";
ensureBuild();
await import(path.resolve("dist/server/main.js"));
