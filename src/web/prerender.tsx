// Server-side entry, built by `vite build --ssr`: the server renders the visitor pages' HTML once at
// start-up, so the landing and sign-in pages paint their content before any script has run; the
// browser then hydrates the same tree (main.tsx).
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import type { PublicConfig } from "~/core/public-config";
import { App } from "./app";
import { publicConfig } from "./lib/public-config";

/** Visitor pages with no per-request content: the same HTML serves every visitor. */
export const PRERENDERED_PATHS = ["/", "/sign-in"];

/** The markup inside #root for a visitor at `path` (no query string), every lazy part included. */
export async function renderVisitorPage(path: string, config: PublicConfig): Promise<string> {
  Object.assign(publicConfig, config);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
