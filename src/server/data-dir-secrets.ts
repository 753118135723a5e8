import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateVapidKeys } from "./features/push";

// Secrets the embedded default makes once and keeps in DATA_DIR (readable by its owner only), so
// a restart neither signs everyone out nor leaves subscribed devices unable to receive.

/** The session secret: members stay signed in across restarts. */
export function sessionSecretIn(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The Web Push (VAPID) key pair: devices subscribed with its public key keep receiving. */
export function vapidKeysIn(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const keys = generateVapidKeys();
  fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
