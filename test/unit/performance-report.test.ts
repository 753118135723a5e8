import { describe, expect, it } from "vitest";
import { readTable, writeTable, writtenByHand } from "../../bench/lib/report.mjs";

const file = (lines: string[]) => `# Performance\n\n${lines.join("\n")}\n\n## Tuning log\n\nBy hand.\n`;

describe("the performance report's table", () => {
  it("writes a run's figures in its database's column and keeps the other database's, row by row", () => {
    const first = writeTable(readTable(""), "embedded", "30 Nov, embedded", [
      { what: "Hot read: GET /api/videos", measured: "0.47", target: "≥ 0.45", ok: true },
      { what: "Write: message", measured: "0.06", target: "≥ 0.15", ok: false },
    ]);
    const second = writeTable(
      readTable(file([...first.described, "", ...first.table])),
      "server",
      "1 Dec, server",
      [
        { what: "Hot read: GET /api/videos", measured: "0.41", target: "≥ 0.45", ok: false },
        { what: "Search: p95", measured: "48 ms", target: "≤ 50 ms", ok: true },
      ],
    );
    expect(second.described).toEqual(["- **embedded**: 30 Nov, embedded", "- **server**: 1 Dec, server"]);
    expect(second.table.slice(2)).toEqual([
      "| Hot read: GET /api/videos | ≥ 0.45 | ✓ 0.47 | ✗ 0.41 |",
      "| Search: p95 | ≤ 50 ms | not measured in this table | ✓ 48 ms |",
      "| Write: message | ≥ 0.15 | ✗ 0.06 | not measured in this table |",
    ]);
  });

  it("reads a table of another layout as none, and keeps a figure's pipes from splitting its row", () => {
    const old = readTable("| | what | measured | target |\n|---|---|---|---|\n| ✓ | a | 1 | 2 |\n");
    expect(old.figures.size).toBe(0);
    const { table } = writeTable(old, "server", "run", [{ what: "a | b", measured: "1 | 2", target: "t" }]);
    expect(readTable(file(table)).figures.get("a / b")).toEqual({
      target: "t",
      embedded: "not measured in this table",
      server: "1 / 2",
    });
  });

  it("keeps every section written by hand after the generated part", () => {
    expect(writtenByHand(file(["| what | target | embedded default | PostgreSQL server |"]))).toBe(
      "\n## Tuning log\n\nBy hand.\n",
    );
    expect(writtenByHand("# Performance\n\nno sections")).toBe("");
  });
});
