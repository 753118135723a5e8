import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built browser app's files: hashed assets cached for a year, the service worker and
 * the web manifest revalidated on every use, anything else for an hour. Files the build
 * precompressed (.br/.gz) are sent when the browser accepts them. Paths without a file fall through
 * to the pages (`pages.ts`).
 */
export async function registerStaticFiles(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: "/",
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(webRoot, filePath);
      if (rel.startsWith(`assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else if (rel === "sw.js" || rel.endsWith(".webmanifest") || rel === "registerSW.js") {
        res.header("Cache-Control", "no-cache");
      } else {
        res.header("Cache-Control", "public, max-age=3600");
      }
    },
  });
}
