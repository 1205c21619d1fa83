import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The same module runs from src/ (editors, type checks) and from dist/src/ (node):
// walk up to the nearest package.json instead of counting "../".
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };

/** The adapter's own version, reported by /health. */
export const version: string = pkg.version;
