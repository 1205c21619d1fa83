import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '../../src/lib/paths.js';

// The steering repository's shared folder, beside the checkout in CI (`../shared`): the published
// SPI, the official validator and its examples. It is not part of the repository, so a machine
// without it skips what needs it, and says so (as the tests that need poppler do): a check that
// did not run must never look like one that passed. SHARED_DIR points the tests elsewhere.

export const SHARED_DIR = process.env.SHARED_DIR ?? join(packageRoot, '..', 'shared');

/** A path under the shared folder. */
export const sharedPath = (...parts: string[]) => join(SHARED_DIR, ...parts);

const noted = new Set<string>();

/** Whether `path` is there; when not, a note (once per check) on what goes unchecked. */
export function sharedAvailable(path: string, what: string): boolean {
  if (existsSync(path)) return true;
  if (!noted.has(what)) {
    noted.add(what);
    console.warn(`      (skipped: ${what}, which needs ${relative(process.cwd(), path) || path}; the shared folder sits beside the checkout in CI)`);
  }
  return false;
}

/** In a hook or a test: skip it, with the note, when `path` is absent. */
export function requireShared(ctx: Mocha.Context, path: string, what: string): void {
  if (!sharedAvailable(path, what)) ctx.skip();
}
