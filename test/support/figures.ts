import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(".tmp", "reliability");

/** Reliability tests record what they proved; the run writes them into docs/reliability.md. */
export function recordFigures(section: string, figures: Record<string, string | number>) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${section.replace(/\W+/g, "-").toLowerCase()}.json`);
  const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(file, JSON.stringify({ section, figures: { ...previous.figures, ...figures } }, null, 2));
}

export const figuresDir = dir;
