import path from "node:path";
import { defineConfig } from "vitest/config";
import LongFilesFirst from "./tests/sequencer";

/** Its 3 s bound is the acceptance bound: the file runs last, alone, after every other file (decision 0033). */
const LOAD_TEST = "tests/integration/seats-under-load.test.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Integration files each open their own database; two cores, so two at a time.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: { name: "suite", include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"], exclude: [LOAD_TEST] },
      },
      {
        extends: true,
        test: { name: "load", include: [LOAD_TEST], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
