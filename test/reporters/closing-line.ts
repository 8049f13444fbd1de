import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every test run with one plain line, `tests: N passed, N failed[, N skipped]`, after
 * vitest's own summary. CI tooling that reads a run's closing lines understands that form in
 * any language, where vitest's coloured two-line summary is not recognised.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) counts[testCase.result().state] += 1;
    }
    const skipped = counts.skipped + counts.pending;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${tail}\n`);
  }
}
