import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../../core/public-config";

/** JSON inside a <script type="application/json"> block: never executed, so CSP stays strict. */
function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  const title = config.siteName.replace(/[<>&"]/g, "");
  return html.replace("<!--app-config-->", block).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}

/**
 * Serves the built browser app: hashed assets cached for a year (precompressed .br/.gz when the
 * browser accepts them), and index.html for every other non-API path so client routes work on reload.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string, publicConfig: PublicConfig) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built web app at ${webRoot}; run "npm run build" to serve pages`);
    return false;
  }
  const indexHtml = embedConfig(fs.readFileSync(indexFile, "utf8"), publicConfig);

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

  const sendIndex = (reply: import("fastify").FastifyReply) =>
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);

  app.get("/", (_req, reply) => sendIndex(reply));
  app.get("/index.html", (_req, reply) => sendIndex(reply));
  return sendIndex;
}
