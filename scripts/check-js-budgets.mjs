// Fails the build when a page's JavaScript outgrows its budget (scripts/lib/js-budgets.mjs), naming
// the page, its size and its budget.
//
//   node --import tsx scripts/check-js-budgets.mjs [--print]
import { pageScripts } from "./lib/js-budgets.mjs";

const over = [];
for (const { name, kib, budget } of pageScripts()) {
  if (budget === undefined)
    throw new Error(`${name} has no JavaScript budget: give it one in scripts/lib/js-budgets.mjs`);
  if (process.argv.includes("--print"))
    console.log(`${name.padEnd(28)} ${kib.toFixed(1)} KiB (budget ${budget})`);
  if (kib > budget)
    over.push(`${name}: ${kib.toFixed(1)} KiB of JavaScript, over its budget of ${budget} KiB`);
}
if (over.length > 0) {
  console.error(
    `Pages over their JavaScript budget (gzipped, scripts/lib/js-budgets.mjs):\n  ${over.join("\n  ")}`,
  );
  process.exit(1);
}
