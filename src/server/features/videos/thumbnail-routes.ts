import type { FastifyInstance, FastifyReply } from "fastify";
import { setBounded } from "../../../core/bounded-map";
import { videosEndpoints as api } from "../../../core/videos/endpoints";
import { serve } from "../../http/endpoint-routes";

const CACHE_LIMIT = 500;
const UPSTREAM_TIMEOUT_MS = 4000;
/** After a failure, answer with the placeholder for a while instead of waiting on YouTube again. */
const RETRY_AFTER_MS = 5 * 60 * 1000;

/** A calm stand-in when YouTube cannot be reached: the garden colours and a play mark. */
const FALLBACK = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a4bb98"/><stop offset="1" stop-color="#4f6a48"/></linearGradient></defs><rect width="480" height="270" fill="url(#g)"/><circle cx="240" cy="135" r="38" fill="#fbf7f0" opacity="0.9"/><path d="M230 117v36l30-18z" fill="#4f6a48"/></svg>`,
);

/**
 * Video thumbnails served from our own origin: members' browsers never contact Google just by
 * browsing the library (the player itself loads only when she presses play), the images share
 * the app's connection and cache, and a blocked or failing YouTube degrades to a placeholder.
 */
export default async function thumbnailRoutes(app: FastifyInstance) {
  const cache = new Map<string, Buffer>();
  const failedAt = new Map<string, number>();
  const placeholder = (reply: FastifyReply) =>
    reply.header("cache-control", "public, max-age=300").type("image/svg+xml").send(FALLBACK);

  const origin = app.config.youtubeImageOrigin;
  serve(app, api.thumbnail, async ({ params, query, request, reply }) => {
    const key = `${params.youtubeId}/${query.size}`;
    let image = cache.get(key);
    if (!image) {
      if (Date.now() - (failedAt.get(key) ?? 0) < RETRY_AFTER_MS) return placeholder(reply);
      try {
        const res = await fetch(`${origin}/vi/${key}.jpg`, {
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
        if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("image/")) {
          throw new Error(`upstream answered ${res.status}`);
        }
        image = Buffer.from(await res.arrayBuffer());
        setBounded(cache, key, image, CACHE_LIMIT);
        failedAt.delete(key);
      } catch (err) {
        request.log.debug({ err, key }, "thumbnail unavailable; sending the placeholder");
        if (failedAt.size >= CACHE_LIMIT) failedAt.clear();
        failedAt.set(key, Date.now());
        return placeholder(reply);
      }
    }
    return reply.header("cache-control", "public, max-age=604800").type("image/jpeg").send(image);
  });
}
