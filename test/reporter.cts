// CommonJS on purpose: mocha loads a reporter with require() and wants the class itself.
import Mocha = require('mocha');

/**
 * mocha's spec reporter, closed by the plain `N passed, N failed[, N skipped]` line that CI
 * and the validation tool both print, so one line tells how a run ended.
 */
class SpecWithSummary extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const s = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      const skipped = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`${s.passes} passed, ${s.failures} failed${skipped}\n`);
    });
  }
}

export = SpecWithSummary;
