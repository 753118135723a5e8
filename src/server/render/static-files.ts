import fs from "node:fs";
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
  registerManifest(app, webRoot);
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

/**
 * The web manifest with the site's name as it is now: the build writes the default, and the
 * dashboard may rename the ministry at any time. What a phone shows under an installed app's icon.
 */
function registerManifest(app: FastifyInstance, webRoot: string) {
  const file = path.join(webRoot, "manifest.webmanifest");
  if (!fs.existsSync(file)) return;
  const built = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  app.get("/manifest.webmanifest", (_request, reply) => {
    const name = app.config.siteName;
    reply
      .header("Cache-Control", "no-cache")
      .type("application/manifest+json")
      .send(JSON.stringify({ ...built, name, short_name: name }));
  });
}
