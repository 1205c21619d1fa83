import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The faces every PDF is set in: DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence), embedded
// as subsets, as PDF/A requires. It covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
// more; not CJK (a character it lacks prints as an empty box). Read once per process.

const require = createRequire(import.meta.url);

export interface Faces {
  readonly regular: Buffer;
  readonly bold: Buffer;
}

let faces: Faces | undefined;

export function fontFaces(): Faces {
  faces ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return faces;
}
