// Bundles the server into dist/server/main.js, the backup and restore commands into
// dist/server/backup.js, the setup link's into dist/server/setup-link.js and the search's rebuild
// into dist/server/search-reindex.js (dependencies stay in node_modules), and copies the SQL
// migrations beside them, where the migrator looks for them.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const dist = process.env.DIST_DIR ?? "dist";
rmSync(`${dist}/server`, { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    backup: "src/server/features/backups/cli.ts",
    "setup-link": "src/server/features/setup/cli.ts",
    "search-reindex": "src/server/features/search/cli.ts",
  },
  outdir: `${dist}/server`,
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
