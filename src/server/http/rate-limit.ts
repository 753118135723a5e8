import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { MESSAGES_TEXT } from "../../core/messages/schemas";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Route `config.rateLimit` values: sign-in attempts per IP, content creation per member, private
     * messages per member.
     */
    rateLimits: { auth: RateLimitOptions; write: RateLimitOptions; message: RateLimitOptions };
  }
}

type Callback = (err: Error | null, result: { current: number; ttl: number }) => void;

// INCR, and start the window on the first hit; returns the count and the milliseconds left.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

/**
 * One counter per key for every route, in Redis when configured (several instances) or in memory.
 * The plugin's own stores keep a counter per route, which would make a `groupId` such as "write"
 * a separate budget on each posting route instead of one budget per member.
 */
function sharedStore(redis: Redis | undefined, namespace: string) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = 0;

  return class SharedStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      if (redis) {
        redis
          .eval(INCR_SCRIPT, 1, namespace + key, timeWindow)
          .then((r) => {
            const [current, ttl] = r as [number, number];
            cb(null, { current, ttl });
          })
          .catch((err: Error) => cb(err, { current: 0, ttl: 0 }));
        return;
      }
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        sweptAt = now;
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + timeWindow };
        windows.set(key, w);
      }
      w.count += 1;
      cb(null, { current: w.count, ttl: w.resetAt - now });
    }

    child() {
      return this;
    }
  };
}

const tooMany = (minutes: string) =>
  new HttpError(429, `Too many requests. Please wait ${minutes} and try again.`);

/** Counters live in Redis when REDIS_URL is set, so limits hold across instances. */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { authPerMinute: number; writePerMinute: number; messagePerMinute: number; redisUrl?: string },
) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Loaded only here: a single instance keeps its counters in memory and never needs the client.
    const { Redis } = await import("ioredis");
    redis = new Redis(options.redisUrl, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    redis.on("error", (err) => app.log.warn({ err }, "redis error"));
    app.addHook("onClose", async () => {
      await redis?.quit().catch(() => {});
    });
  }
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(redis, "mishpacha-rl:"),
    // A Redis outage must not take sign-in down with it.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => tooMany(context.after),
  });
  app.decorate("rateLimits", {
    auth: {
      max: options.authPerMinute,
      timeWindow: 60_000,
      groupId: "auth",
      keyGenerator: (req: FastifyRequest) => req.ip,
    },
    write: {
      max: options.writePerMinute,
      timeWindow: 60_000,
      groupId: "write",
      hook: "preHandler",
      keyGenerator: (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
    },
    // A budget of its own: a lively conversation is not the same as posting to the community.
    message: {
      max: options.messagePerMinute,
      timeWindow: 60_000,
      groupId: "message",
      hook: "preHandler",
      keyGenerator: (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
      errorResponseBuilder: () => new HttpError(429, MESSAGES_TEXT.tooFast),
    },
  });
}
