// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (so signals reach it directly).
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(path.resolve("dist/server/main.js"));
