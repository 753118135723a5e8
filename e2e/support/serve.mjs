// Starts the built app for the browser tests the way `npm start` does (embedded PostgreSQL, demo
// content), in a throwaway data folder, plus any local stand-in services in ./services.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const port = process.env.E2E_PORT ?? "4300";
const dataDir = path.join(root, ".tmp", `e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });

const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
if (!fs.existsSync(path.join(dist, "server", "main.js"))) {
  console.error('The app is not built. Run "npm run build" first (npm test does).');
  process.exit(1);
}

const env = {
  ...process.env,
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DEMO: "1",
  ADMIN_EMAILS: "owner@example.test",
  AUTH_RATE_LIMIT: "100000",
  WRITE_RATE_LIMIT: "100000",
  // No host beyond this machine: thumbnails are the placeholder.
  YOUTUBE_IMAGE_ORIGIN: "http://127.0.0.1:9",
  // Accounts a browser test makes are minutes old; a confirmed address still decides whose reports hide.
  REPORT_MIN_ACCOUNT_DAYS: "0",
  // Notification mail "right away" leaves after two seconds rather than five minutes.
  EMAIL_NOTIFICATION_DELAY: "2",
  // Receipts and giving statements name the ministry with these.
  MINISTRY_LEGAL_NAME: "Mishpacha Women's Ministry, Inc.",
  MINISTRY_ADDRESS: "12 Olive Lane\\nNashville, TN 37201",
  MINISTRY_TAX_ID: "12-3456789",
  LOG_LEVEL: "warn",
};

// Each stand-in (newsletter feed, payments…) starts here and adds its settings to the app's environment.
const servicesDir = path.join(here, "services");
const stops = [];
for (const file of fs
  .readdirSync(servicesDir)
  .filter((f) => f.endsWith(".mjs"))
  .sort()) {
  const service = await import(pathToFileURL(path.join(servicesDir, file)).href);
  const started = await service.start();
  Object.assign(env, started.env);
  if (started.stop) stops.push(started.stop);
}

const child = spawn(process.execPath, [path.join(dist, "server", "main.js")], {
  env,
  stdio: "inherit",
});
const stop = async () => {
  child.kill("SIGTERM");
  for (const s of stops) await s();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
