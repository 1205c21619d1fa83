import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../src/lib/paths.js';
import { tempDir } from './helpers/temp-dir.js';

// A test that cannot run without ../shared says so (issue 39): run here without it.
describe('tests that need the shared folder', () => {
  it('say why they are skipped when it is absent (the SPI contract checks: 7 skipped, with a note)', () => {
    const mocha = join(packageRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const r = spawnSync(
      process.execPath,
      [mocha, '--no-package', '--enable-source-maps', '--reporter', join(packageRoot, 'dist', 'test', 'reporter.cjs'), join(packageRoot, 'dist', 'test', 'adapter', 'spi-contract.test.js')],
      { cwd: packageRoot, env: { ...process.env, SHARED_DIR: tempDir('no-shared-') }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stderr).to.match(/\(skipped: the SPI contract checks, which needs \S*einvoicing-spi\.openapi\.yaml; the shared folder sits beside the checkout in CI\)/);
    expect(r.stdout).to.match(/^0 passed, 0 failed, 7 skipped$/m);
  });
});
