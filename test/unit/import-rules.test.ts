import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The rules `npm run lint` applies (`depcruise --config .dependency-cruiser.cjs src`), run through
// dependency-cruiser's own API on the real tree and on a small planted one.
const root = path.resolve(import.meta.dirname, "../..");

let options: ICruiseOptions;
let planted: string;

beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.cjs"));
  planted = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
  const files: Record<string, string> = {
    "src/server/features/x/index.ts": `export { inside } from "./internal";\n`,
    "src/server/features/x/internal.ts": `export const inside = 1;\n`,
    // Shared server code reaching past a feature's index.ts.
    "src/server/shared.ts": `import { inside } from "./features/x/internal";\nexport const reach = inside;\n`,
    // Shared server code using a feature's index.ts: allowed.
    "src/server/polite.ts": `import { inside } from "./features/x";\nexport const polite = inside;\n`,
    // One feature reaching into another's files.
    "src/server/features/y/index.ts": `import { inside } from "../x/internal";\nexport const y = inside;\n`,
    // A loop, made of a type-only import on one side (a type is a dependency too).
    "src/server/first.ts": `import type { Second } from "./second";\nexport type First = { next?: Second };\n`,
    "src/server/second.ts": `import type { First } from "./first";\nexport type Second = { back?: First };\n`,
    // A route reading its feature's queries past its service; the service may.
    "src/server/features/x/queries.ts": `export const rows = () => [];\n`,
    "src/server/features/x/service.ts": `import { rows } from "./queries";\nexport const list = rows;\n`,
    "src/server/features/x/routes.ts": `import { rows } from "./queries";\nimport { list } from "./service";\nexport const r = [rows, list];\n`,
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    fs.writeFileSync(path.join(planted, file), text);
  }
});

afterAll(() => {
  if (planted) fs.rmSync(planted, { recursive: true, force: true });
});

async function violationsIn(baseDir: string) {
  const tsConfig = extractTSConfig(path.join(root, "tsconfig.json"));
  const { output } = await cruise(
    ["src"],
    { ...options, baseDir, tsConfig: { fileName: path.join(root, "tsconfig.json") } },
    {},
    { tsConfig },
  );
  // A loop is reported once, by the modules in it; any other rule by the import it refuses.
  return (output as ICruiseResult).summary.violations.map((v) =>
    v.cycle ? [v.rule.name, ...v.cycle.map((c) => c.name).sort()] : [v.rule.name, v.from, v.to],
  );
}

describe("npm run lint", () => {
  it("refuses an import loop, shared server code reaching past a feature's index.ts, one feature reaching into another, and a route reading its queries", async () => {
    expect((await violationsIn(planted)).sort()).toEqual(
      [
        ["no-circular", "src/server/first.ts", "src/server/second.ts"],
        ["routes-call-their-service", "src/server/features/x/routes.ts", "src/server/features/x/queries.ts"],
        [
          "server-feature-uses-other-features-only-through-their-index",
          "src/server/features/y/index.ts",
          "src/server/features/x/internal.ts",
        ],
        [
          "shared-server-code-uses-features-only-through-their-index",
          "src/server/shared.ts",
          "src/server/features/x/internal.ts",
        ],
      ].sort(),
    );
  });

  // Cruising the whole of src takes 5–10 s alone, several times that beside the API tests.
  it("finds nothing to refuse in the app's own src", { timeout: 120_000 }, async () => {
    expect(await violationsIn(root)).toEqual([]);
  });
});
