// Builds the browser app, the module the server renders pages with, and the server;
// precompresses the static files (served as-is, no compression work per request), then stamps the
// build so `npm start` knows it is current.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// DIST_DIR builds elsewhere than dist/ (several builds side by side on one machine).
const dist = process.env.DIST_DIR ?? "dist";
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
// The Hebrew catalogue has every message the code uses, each valid (fails the build otherwise).
run("node", ["scripts/check-messages.mjs"]);
run("npx", ["vite", "build", "--logLevel", "warn"]);
run("npx", ["vite", "build", "--ssr", "src/web/server-render.tsx", "--logLevel", "warn"]);
run("node", ["scripts/build-server.mjs"]);
// Each page's JavaScript within its budget (fails the build otherwise).
run("node", ["--import", "tsx", "scripts/check-js-budgets.mjs"]);

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}
for (const file of files(`${dist}/web`)) {
  if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
}

mkdirSync(dist, { recursive: true });
writeFileSync(`${dist}/.build-stamp`, new Date().toISOString());
