import { expect } from 'chai';
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SharedFace } from '../../src/formats/pdf/shared-face.js';
import { TrueTypeSubset } from '../../src/formats/pdf/truetype-subset.js';

// The font file a PDF embeds, put together from bytes kept per process, is byte for byte the one
// fontkit's TrueType subset encodes (so the golden PDFs hold), composites and their components
// included, for both faces.

const require = createRequire(import.meta.url);

/** A fixed pseudo-random sequence (the same glyphs every run). */
function* ids(seed: number, count: number, max: number): Generator<number> {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield x % max;
  }
}

describe('TrueTypeSubset', () => {
  for (const name of ['DejaVuSans', 'DejaVuSans-Bold']) {
    it(`${name}: writes the subset fontkit writes, byte for byte`, () => {
      const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
      const font = fontkit.create(bytes) as unknown as fontkit.Font & { numGlyphs: number };
      const face = new SharedFace(bytes);
      const text = 'Invoice INV-1 Łódź ½ day — Ελληνική Εταιρεία Лицензия на программное обеспечение ǅ ẞ Ǻ office';
      const cases = [[...new Set(font.layout(text).glyphs.map((g) => g.id))], [...ids(7, 300, font.numGlyphs)], []];
      for (const glyphs of cases) {
        const theirs = font.createSubset() as unknown as { includeGlyph(id: number): number; encode(): Uint8Array };
        const ours = new TrueTypeSubset(face);
        for (const id of glyphs) expect(ours.includeGlyph(id)).to.equal(theirs.includeGlyph(id));
        const encoded = ours.encode();
        expect(encoded.equals(Buffer.from(theirs.encode()))).to.equal(true);
        if (glyphs.length) expect(ours.includeGlyph(glyphs[0]!)).to.equal(theirs.includeGlyph(glyphs[0]!));
      }
      // Composites were among them: writing them added their components to the subset.
      const subset = new TrueTypeSubset(face);
      for (const id of cases[0]!) subset.includeGlyph(id);
      expect((fontkit.create(subset.encode()) as unknown as { numGlyphs: number }).numGlyphs).to.be.above(cases[0]!.length + 1);
    });
  }
});
