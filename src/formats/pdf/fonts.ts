import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The faces every PDF is set in: DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence), embedded
// as subsets, as PDF/A requires. It covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
// more; not CJK (a character it lacks prints as an empty box). The files are read once per
// process; each PDF gets faces of its own (fontkit, the library PDFKit sets type with): a parsed
// face keeps layout state between documents (the script its shaping last selected), so sharing
// one made a PDF's bytes depend on what the process had set before, and render impure.

const require = createRequire(import.meta.url);

/** A parsed face, as PDFKit takes it in place of a file (its typings name only files). */
export type Face = string;

export interface Faces {
  readonly regular: Face;
  readonly bold: Face;
}

let files: { regular: Buffer; bold: Buffer } | undefined;

export function fontFaces(): Faces {
  files ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return { regular: parse(files.regular), bold: parse(files.bold) };
}

function parse(bytes: Buffer): Face {
  return fontkit.create(bytes) as unknown as Face;
}
