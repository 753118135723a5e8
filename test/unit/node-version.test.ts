import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionWarning, OLDEST_SUPPORTED_NODE } from "../../src/server/node-version";

describe("the Node.js the app needs", () => {
  it("is the one package.json's engines names", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.engines.node).toBe(`>=${OLDEST_SUPPORTED_NODE}`);
  });

  it("is said plainly at start on an older Node.js, and not at all on a supported one", () => {
    expect(nodeVersionWarning("20.19.0")).toBe(
      "Node.js 20.19.0 is older than this app supports: it needs Node.js 22 or newer (26, the current long-term support release, is recommended).",
    );
    expect(nodeVersionWarning("22.0.0")).toBeNull();
    expect(nodeVersionWarning("26.12.1")).toBeNull();
  });
});
