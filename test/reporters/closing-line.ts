import type { Reporter, TestModule, TestRunEndReason } from "vitest/node";

type UnhandledErrors = Parameters<NonNullable<Reporter["onTestRunEnd"]>>[1];

/**
 * Ends every test run with one plain line, `tests: N passed, N failed[, N skipped]`, after
 * vitest's own summary. CI tooling that reads a run's closing lines understands that form in
 * any language, where vitest's coloured two-line summary is not recognised.
 *
 * "failed" counts every failure vitest reports, not only failed tests: a file that could
 * not load or whose beforeAll threw (its tests then count as skipped) and an unhandled
 * error each count once, so a failed run never closes on "0 failed".
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: UnhandledErrors,
    reason: TestRunEndReason,
  ): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    let moduleErrors = 0;
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) counts[testCase.result().state] += 1;
      moduleErrors += testModule.errors().length;
    }
    let failed = counts.failed + moduleErrors + unhandledErrors.length;
    if (reason !== "passed" && failed === 0) failed = 1;
    const skipped = counts.skipped + counts.pending;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`\ntests: ${counts.passed} passed, ${failed} failed${tail}\n`);
  }
}
