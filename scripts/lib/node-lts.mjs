// The current Node.js LTS, as the npm registry ships it (`node-<platform>-<arch>`), installed once
// into .tmp/node-lts. The project supports Node 20.19 and newer; its checks also run on this one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const LTS_MAJOR = 26;

export function ltsNode(root = process.cwd()) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(root, ".tmp", "node-lts");
  const bin = path.join(prefix, "node_modules", pkg, "bin", "node");
  const current = () => {
    try {
      return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
    } catch {
      return undefined;
    }
  };
  if (!current()?.startsWith(`v${LTS_MAJOR}.`)) {
    console.log(`Installing Node.js ${LTS_MAJOR} (${pkg}) into ${prefix} ...`);
    fs.mkdirSync(prefix, { recursive: true });
    try {
      execFileSync(
        "npm",
        ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", `${pkg}@${LTS_MAJOR}`],
        { stdio: "inherit" },
      );
    } catch {
      throw new Error(
        `Could not install ${pkg}@${LTS_MAJOR} from the npm registry: the checks on Node.js ${LTS_MAJOR} need it (or set NODE_LTS to a Node.js ${LTS_MAJOR} binary).`,
      );
    }
  }
  const version = current();
  if (!version) throw new Error(`${bin} does not run`);
  return { bin, version };
}

/** NODE_LTS names a binary to use instead of installing one. */
export function nodeForLts(root) {
  const given = process.env.NODE_LTS;
  if (given) return { bin: given, version: execFileSync(given, ["--version"], { encoding: "utf8" }).trim() };
  return ltsNode(root);
}
