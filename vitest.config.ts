import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const reliability = "test/reliability/**/*.test.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  test: {
    globalSetup: ["test/support/global-setup.ts"],
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
          exclude: [...configDefaults.exclude, reliability],
          // At least two files at a time (Vitest's default, one fewer than the cores, is one on two):
          // the files wait much of their time on PostgreSQL, servers and the job queue's timers.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          include: [reliability],
          // After the others, one file at a time: their figures (docs/reliability.md) are measured
          // with nothing else of the suite running, and the load they make slows no other file.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
