import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The faces every PDF is set in: DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence), embedded
// as subsets, as PDF/A requires. It covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
// more; not CJK (a character it lacks prints as an empty box). Read and parsed (fontkit, the
// library PDFKit sets type with) once per process: parsing a face per PDF cost 200 ms of every
// render. PDFKit takes the parsed font as it is; each PDF makes its own subset of it.

const require = createRequire(import.meta.url);

/** A parsed face, as PDFKit takes it in place of a file (its typings name only files). */
export type Face = string;

export interface Faces {
  readonly regular: Face;
  readonly bold: Face;
}

let faces: Faces | undefined;

export function fontFaces(): Faces {
  faces ??= {
    regular: parse('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: parse('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  return faces;
}

function parse(file: string): Face {
  return fontkit.create(readFileSync(require.resolve(file))) as unknown as Face;
}
