// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the
// SQL migrations beside it, where the migrator looks for them.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const dist = process.env.DIST_DIR ?? "dist";
rmSync(`${dist}/server`, { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outfile: `${dist}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${dist}/server/migrations`, { recursive: true });
