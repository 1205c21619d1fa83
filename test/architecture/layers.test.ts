import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

// The layers of the code, bottom first: this list is the one place the allowed direction is
// written down (docs/architecture.md explains it). A module may import its own layer and the
// layers below it, never one above. Within a layer two more walls hold: a driver does not import
// another driver's folder (what two drivers share belongs in the driver kit or the formats),
// and the apps do not import each other (what both need is platform).
export const LAYERS: readonly { name: string; folders: readonly string[]; apart?: boolean }[] = [
  { name: 'lib', folders: ['src/lib/'] },
  { name: 'code lists', folders: ['src/code-lists/'] },
  { name: 'spi', folders: ['src/spi/'] },
  { name: 'platform', folders: ['src/platform/'] },
  { name: 'formats', folders: ['src/formats/'] },
  { name: 'driver kit', folders: ['src/driver-kit/'] },
  { name: 'drivers', folders: ['drivers/'], apart: true },
  { name: 'apps', folders: ['src/apps/'], apart: true },
  { name: 'top', folders: ['src/runtime/', 'src/cli/'] },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The layer of a source file, and the unit that must stay apart from its siblings (a driver's folder, an app). */
export function placeOf(file: string): { layer: number; unit: string } | undefined {
  const layer = LAYERS.findIndex((l) => l.folders.some((f) => file.startsWith(f)));
  if (layer < 0) return undefined;
  const folder = LAYERS[layer]!.folders.find((f) => file.startsWith(f))!;
  const rest = file.slice(folder.length).split('/');
  // A file directly in an apart layer's folder (drivers/index.ts, the registry's list) is the layer's own, not a unit.
  return { layer, unit: LAYERS[layer]!.apart && rest.length > 1 ? folder + rest[0] : folder };
}

// Every way a module names another: static and dynamic imports, re-exports, a driver's parts
// loaded on first use, a worker's file.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|partsOnFirstUse(?:<[^>]*>)?\([^,]+,\s*|new URL\(\s*)'(\.\.?\/[^']+)'/g;

/** Every relative module a file names, as paths from the repository's root. */
export function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts'));
}

/** The imports that break the layers, as `from -> to (why)`. */
export function violations(files: readonly { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const from = placeOf(file);
    if (!from) {
      out.push(`${file}: on no layer (add its folder to LAYERS)`);
      continue;
    }
    for (const target of importsOf(file, text)) {
      const to = placeOf(target);
      if (!to) out.push(`${file} -> ${target} (on no layer)`);
      else if (to.layer > from.layer) out.push(`${file} -> ${target} (${LAYERS[from.layer]!.name} imports ${LAYERS[to.layer]!.name}, a layer above)`);
      else if (to.layer === from.layer && LAYERS[from.layer]!.apart && to.unit !== from.unit && !LAYERS[from.layer]!.folders.includes(from.unit)) {
        out.push(`${file} -> ${target} (${from.unit} imports ${to.unit}: they stay apart)`);
      }
    }
  }
  return out;
}

function sources(folder: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (path.endsWith('.ts')) out.push({ file: path, text: readFileSync(join(root, path), 'utf8') });
    }
  };
  walk(folder);
  return out;
}

describe('the layers of the code (test/architecture/layers.test.ts holds the rule)', () => {
  it('no module of src/ or drivers/ imports a layer above its own, a sibling driver or the other app', () => {
    expect(violations([...sources('src'), ...sources('drivers')])).to.deep.equal([]);
  });

  it('sees an import that runs upward, whatever its form', () => {
    const found = violations([
      { file: 'src/platform/store/x.ts', text: "import { drivers } from '../../../drivers/index.js';" },
      { file: 'src/spi/x.ts', text: "import type { BusinessEntity } from '../platform/config/config-file-schema.js';" },
      { file: 'src/formats/x.ts', text: "const m = await import('../apps/adapter/app.js');" },
      { file: 'src/lib/x.ts', text: "export { x } from '../code-lists/country-codes.js';" },
      { file: 'src/platform/y.ts', text: "new Worker(new URL('../driver-kit/z.js', import.meta.url));" },
    ]);
    expect(found).to.have.length(5);
    expect(found[0]).to.contain('platform imports drivers');
  });

  it('keeps drivers apart from each other and the apps apart, but lets the registry list the drivers', () => {
    const found = violations([
      { file: 'drivers/nemhandel/transmit.ts', text: "import { transmit } from '../peppol/transmit.js';" },
      { file: 'src/apps/billing/x.ts', text: "import { y } from '../adapter/api-key.js';" },
      { file: 'drivers/index.ts', text: "import { peppolDriver } from './peppol/index.js';" },
      { file: 'src/cli/x.ts', text: "import { app } from '../apps/adapter/app.js';" },
    ]);
    expect(found).to.deep.equal([
      'drivers/nemhandel/transmit.ts -> drivers/peppol/transmit.ts (drivers/nemhandel imports drivers/peppol: they stay apart)',
      'src/apps/billing/x.ts -> src/apps/adapter/api-key.ts (src/apps/billing imports src/apps/adapter: they stay apart)',
    ]);
  });
});
