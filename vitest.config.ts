import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// The one test whose figures are timings (docs/reliability.md, Load): it runs alone, after the others.
const load = "test/reliability/load.test.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/translations.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default"] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, load],
          // At least two files at a time (Vitest's default, one fewer than the cores, is one on two):
          // the files wait much of their time on PostgreSQL, servers and the job queue's timers.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // A worker keeps the modules it imported from one file to the next: each file builds its
          // own app on its own database, and importing the server afresh cost about two seconds a file.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "load",
          include: [load],
          // After the others: its throughput and latency are measured with nothing else of the suite
          // running, and the load it makes slows no file with a time limit. The other reliability
          // tests record counts and outcomes, not timings, and run beside the API tests.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
