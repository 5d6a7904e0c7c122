import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take 20 s or more here, slowest first. Vitest orders files by the
 * durations it cached on an earlier run, else by file size, largest first; a
 * fresh clone (CI) has no cache, so the 33-line crash harness (about 45 s)
 * started last and ran alone while the other worker sat idle. These start first.
 */
const LONG_FILES = [
  "tests/integration/security.test.ts",
  "tests/integration/crash.test.ts",
  "tests/integration/admin-auth.test.ts",
  "tests/integration/registration.test.ts",
  "tests/integration/fuzz.test.ts",
  "tests/integration/admin-scripts.test.ts",
  "tests/integration/two-instances.test.ts",
  "tests/integration/csv-memory.test.ts",
];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONG_FILES.findIndex((f) => spec.moduleId.endsWith(f));
      return i === -1 ? LONG_FILES.length : i;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}
