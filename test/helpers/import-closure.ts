import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { packageRoot } from '../../src/lib/paths.js';

/** What a compiled module loads with its static imports, transitively: project files (relative to dist/) and packages. */
export interface ImportClosure {
  files: Set<string>;
  packages: Set<string>;
}

const DIST = resolve(packageRoot, 'dist');

/**
 * Follows `import … from` and `export … from` of the compiled JavaScript (type-only imports are
 * gone by then); `import()` expressions are not followed: they are what loads on first use.
 */
export function importClosure(distPath: string): ImportClosure {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(DIST, distPath)];
  while (queue.length) {
    const file = queue.pop()!;
    const key = relative(DIST, file);
    if (files.has(key)) continue;
    files.add(key);
    for (const m of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (existsSync(target)) queue.push(target);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
  }
  return { files, packages };
}
