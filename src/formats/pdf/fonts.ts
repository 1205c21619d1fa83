import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SharedFace } from './shared-face.js';

// The faces every PDF is set in: DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence), embedded
// as subsets, as PDF/A requires. It covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
// more; not CJK (a character it lacks prints as an empty box). Each face is read and parsed once
// per process (fontkit, the library PDFKit sets type with); each PDF gets a face of its own over
// it (`shared-face.ts`), so that what one document set never changes another's bytes.

const require = createRequire(import.meta.url);

/** A face as PDFKit takes it in place of a file (its typings name only files). */
export type Face = string;

export interface Faces {
  readonly regular: Face;
  readonly bold: Face;
}

let shared: { regular: SharedFace; bold: SharedFace } | undefined;

/** Faces for one PDF. */
export function fontFaces(): Faces {
  shared ??= {
    regular: new SharedFace(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
    bold: new SharedFace(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
  };
  return { regular: shared.regular.forDocument() as unknown as Face, bold: shared.bold.forDocument() as unknown as Face };
}
