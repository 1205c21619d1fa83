import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { packageRoot } from '../../src/lib/paths.js';

// The UN/CEFACT SBDH 1.3 schemas, which the repository does not redistribute (fixtures/as4/README.md):
// `.ci/sbdh-xsd.sh` puts them in .cache/sbdh-xsd (SBDH_XSD_DIR elsewhere) on a machine that can
// reach GitHub. CI cannot (only the npm registry and Debian's packages are reachable there), so
// without them the schema check is skipped with a note, in CI too; the goldens were checked when
// they were written (UPDATE_GOLDENS needs the schemas) and the reader's own checks always run.
// libxml2 (xmllint-wasm, WebAssembly: no system package) validates, as the official validator's xsd layer does.

export const SBDH_XSD_DIR = process.env.SBDH_XSD_DIR ?? join(packageRoot, '.cache', 'sbdh-xsd');
const MAIN = 'StandardBusinessDocumentHeader.xsd';
const INCLUDED = ['DocumentIdentification.xsd', 'Partner.xsd', 'Manifest.xsd', 'BusinessScope.xsd', 'BasicTypes.xsd'];

let noted = false;
/** In a hook or a test: skip it, with a note, when the schemas are absent (outside CI). */
export function requireSbdhXsd(ctx: Mocha.Context): void {
  if (existsSync(join(SBDH_XSD_DIR, MAIN))) return;
  if (!noted) {
    noted = true;
    console.warn(`      (skipped: the SBDH schema check, which needs ${relative(process.cwd(), SBDH_XSD_DIR)}; .ci/sbdh-xsd.sh fetches it)`);
  }
  ctx.skip();
}

/** libxml2's schema errors of an SBDH document; empty when it is valid. */
export async function sbdhSchemaErrors(fileName: string, xml: string): Promise<string[]> {
  const read = (f: string) => ({ fileName: f, contents: readFileSync(join(SBDH_XSD_DIR, f), 'utf8') });
  const result = await validateXML({ xml: [{ fileName, contents: xml }], schema: [read(MAIN)], preload: INCLUDED.map(read) });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
