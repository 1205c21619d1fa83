import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HEAP_GROWING_PERCENT } from '../../src/runtime/heap-growth.js';
import { BIN } from '../helpers/child.js';

// The bin bounds how far V8 lets the old space grow between full collections (issue 45,
// src/runtime/heap-growth.ts). Read from V8 itself: with --trace-gc-verbose each full collection
// prints the old space's new limit and the factor it was computed with, so this sees the flag
// take effect in the running process, not only being set.

const GC_AT_EXIT = fileURLToPath(new URL('../helpers/full-gc-at-exit.js', import.meta.url));

/** The growing factor of the last full collection of `node [nodeArgs] bin --help`. */
async function lastFactor(nodeArgs: string[]): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--trace-gc-verbose', '--expose-gc', `--import=${GC_AT_EXIT}`, ...nodeArgs, BIN, '--help'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const factors = [...stdout.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map((m) => Number(m[1]));
  expect(factors, 'no full collection traced').to.not.be.empty;
  return factors.at(-1)!;
}

describe('the bin’s heap growth', () => {
  it('collects the old space once it has grown by HEAP_GROWING_PERCENT, set while the process runs', async () => {
    expect(await lastFactor([])).to.equal(1 + HEAP_GROWING_PERCENT / 100);
  });

  it('leaves an operator’s own node --heap-growing-percent alone', async () => {
    expect(await lastFactor(['--heap-growing-percent=50'])).to.equal(1.5);
  });
});
