import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A push as the device would see it: checked, decrypted, parsed. */
export interface ReceivedPush {
  /** The subscription's endpoint it was sent to. */
  endpoint: string;
  /** The decrypted payload (JSON the service worker receives). */
  message: unknown;
  /** The VAPID JWT's claims and public key (`k`). */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  ttl: string | undefined;
}

/** What a browser hands the server: `PushSubscription.toJSON()`. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushReceiver {
  origin: string;
  /** A new device: a real P-256 key pair and auth secret, and an endpoint on this receiver. */
  newDevice(): DeviceSubscription;
  received: ReceivedPush[];
  /** Pushes refused because their VAPID signature, claims or encryption were wrong. */
  rejected: string[];
  /** Pushes to this endpoint so far. */
  to(endpoint: string): ReceivedPush[];
  /** Waits until `count` pushes reached this endpoint. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** The next `times` pushes to this endpoint are answered with `status` (then 201 again). */
  answer(endpoint: string, status: number, times?: number): void;
  stop(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data as Buffer).toString("base64url");
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): ES256 signature, audience, expiry, contact. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) throw new Error("malformed JWT");
  const header0 = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header0.alg !== "ES256") throw new Error(`JWT alg ${header0.alg}`);
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("JWT signature does not verify against k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) throw new Error(`exp ${claims.exp}`);
  if (!claims.sub) throw new Error("no sub");
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: key };
}

/** Decrypts an `aes128gcm` body (RFC 8188) with the device's keys (RFC 8291), a single record. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(device.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2 and any zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (padded[end - 1] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end - 1).toString("utf8");
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/**
 * A real Web Push service on loopback, as a browser's push service and the device behind it:
 * it accepts a push only with a valid VAPID JWT, decrypts it with the device's private key and
 * auth secret, and keeps what the device would show.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, { status: number; times: number }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let origin = "";

  const server = createServer(async (req, res) => {
    const endpoint = `${origin}${req.url}`;
    const body = await readBody(req);
    const device = devices.get(endpoint);
    if (req.method !== "POST" || !device) {
      res.writeHead(404).end();
      return;
    }
    const override = answers.get(endpoint);
    if (override && override.times > 0) {
      override.times--;
      res.writeHead(override.status).end();
      return;
    }
    try {
      if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      if (req.headers.ttl === undefined) throw new Error("no TTL");
      const vapid = checkVapid(req.headers.authorization, origin);
      const message = JSON.parse(decrypt(body, device)) as unknown;
      received.push({ endpoint, message, vapid, ttl: req.headers.ttl as string });
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      for (const wake of waiters) wake();
    } catch (err) {
      rejected.push((err as Error).message);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const to = (endpoint: string) => received.filter((push) => push.endpoint === endpoint);

  return {
    origin,
    received,
    rejected,
    to,
    newDevice() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      devices.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answer(endpoint, status, times = 1) {
      answers.set(endpoint, { status, times });
    },
    waitFor(endpoint, count = 1, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (to(endpoint).length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(to(endpoint));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`${to(endpoint).length} of ${count} pushes arrived; refused: ${rejected.join("; ")}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
