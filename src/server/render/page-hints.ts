import fs from "node:fs";
import path from "node:path";
import { SHELL_RESPONSES } from "../../core/member-page-responses";
import { USER_URL } from "../../core/member-pages";

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
/** Vite's build manifest: each source module's output file and what it imports. */
export type Manifest = Record<string, ManifestChunk>;

export const MEMBER_APP = "src/web/member-app.tsx";

/** The build manifest of the web app in `webRoot`; empty when there is none (no hints then). */
export function readManifest(webRoot: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return {};
  }
}

/** The files a module needs (itself and what it imports), minus those the page already loads. */
function chunkFiles(manifest: Manifest, key: string, loaded: Set<string>, out = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file) || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, loaded, out);
  return out;
}

/** The chunks `modules` need beyond those the HTML loads already (the entry's). */
export function moduleHints(manifest: Manifest, modules: string[]) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? chunkFiles(manifest, entry, new Set()) : new Set<string>();
  const files = new Set<string>();
  for (const module of modules) chunkFiles(manifest, module, loaded, files);
  return files;
}

export const modulePreloads = (files: Set<string>) =>
  [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");

/**
 * What a returning member's page will request first, announced in the HTML: the member app and the
 * page's own chunks, who she is, the frame's responses (the bell), and the page's first responses. The browser fetches them at once,
 * while the app's script is still starting, instead of one after another.
 */
export function memberHints(manifest: Manifest, pageModule: string | undefined, data: string[]): string {
  const scripts = modulePreloads(moduleHints(manifest, pageModule ? [MEMBER_APP, pageModule] : [MEMBER_APP]));
  // Same credentials mode as the app's own fetch, or the browser would not reuse the response.
  const responses = [USER_URL, ...SHELL_RESPONSES, ...data].map(
    (url) => `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`,
  );
  return scripts + responses.join("");
}
