import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(".tmp", "reliability");

/** One section's figures, as a file of `.tmp/reliability/`. */
export interface RecordedFigures {
  section: string;
  figures: Record<string, string | number>;
}

/** Reliability tests record what they proved; the run writes them into docs/reliability.md. */
export function recordFigures(section: string, figures: Record<string, string | number>) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${section.replace(/\W+/g, "-").toLowerCase()}.json`);
  const previous: Partial<RecordedFigures> = fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, "utf8"))
    : {};
  const recorded: RecordedFigures = { section, figures: { ...previous.figures, ...figures } };
  fs.writeFileSync(file, JSON.stringify(recorded, null, 2));
}

export const figuresDir = dir;
