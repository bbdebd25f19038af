import type { Reporter, TestModule } from 'vitest/node';

/** Prints one plain closing line (`vitest: N passed, N failed, N skipped`) that any CI can read. */
export default class ReporterResumen implements Reporter {
  onTestRunEnd(modulos: ReadonlyArray<TestModule>): void {
    const cuenta = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modulos) {
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) cuenta.failed += 1;
      for (const t of m.children.allTests()) {
        const estado = t.result().state;
        if (estado === 'passed') cuenta.passed += 1;
        else if (estado === 'failed') cuenta.failed += 1;
        else cuenta.skipped += 1;
      }
    }
    process.stdout.write(
      `\nvitest: ${cuenta.passed} passed, ${cuenta.failed} failed, ${cuenta.skipped} skipped\n`,
    );
  }
}
