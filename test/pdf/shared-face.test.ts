import { expect } from 'chai';
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fontFaces } from '../../src/formats/pdf/fonts.js';
import { deflateSync, inflateSync } from 'node:zlib';
import { SharedFace } from '../../src/formats/pdf/shared-face.js';
import { DEFLATED } from '../../src/formats/pdf/stream-deflate.js';
import { TrueTypeSubset } from '../../src/formats/pdf/truetype-subset.js';

// A face parsed once per process and lent to every PDF: a word is laid out as a freshly parsed
// face lays it out, whatever the process set before it (fontkit's glyph cache keeps the code
// points of the first string that reached a glyph: after "ﬃ", U+FB03, the ligature in "office"
// would read back as U+FB03), and PDFKit, which scales a run's positions in place, never
// scales another document's run.

const require = createRequire(import.meta.url);
const file = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

interface Run {
  glyphs: { id: number; codePoints: readonly number[]; advanceWidth: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}

const plain = (run: Run) => ({
  glyphs: run.glyphs.map((g) => ({ id: g.id, codePoints: [...g.codePoints], advanceWidth: g.advanceWidth })),
  positions: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
  advanceWidth: run.advanceWidth,
});

const WORDS = ['\ufb03 ', 'office ', '\u00e9', 'e\u0301', 'Ελληνική ', 'Лицензия ', 'Łódź ', '½ ', 'fi', '\ufb01'];

describe('SharedFace', () => {
  it('lays out each word as a freshly parsed face does, in whatever order the words come', () => {
    const fresh = (word: string) => plain((fontkit.create(readFileSync(file)) as unknown as { layout(t: string): Run }).layout(word));
    for (const order of [WORDS, [...WORDS].reverse()]) {
      const face = new SharedFace(readFileSync(file)).forDocument() as unknown as { layout(t: string): Run };
      for (const word of order) expect(plain(face.layout(word)), word).to.deep.equal(fresh(word));
    }
    // The case that made each PDF parse its own faces: "office" after "ﬃ", on one face.
    const face = new SharedFace(readFileSync(file));
    const one = face.forDocument() as unknown as { layout(t: string): Run };
    const two = face.forDocument() as unknown as { layout(t: string): Run };
    one.layout('\ufb03');
    expect(two.layout('office').glyphs.map((g) => [...g.codePoints])).to.deep.equal([[0x6f], [0x66, 0x66, 0x69], [0x63], [0x65]]);
  });

  it('gives each run positions of its own, which PDFKit scales in place', () => {
    const face = new SharedFace(readFileSync(file));
    const a = face.forDocument() as unknown as { layout(t: string): Run };
    const b = face.forDocument() as unknown as { layout(t: string): Run };
    const first = a.layout('Invoice ');
    const width = first.advanceWidth;
    for (const p of first.positions) p.xAdvance *= 2;
    expect(first.advanceWidth, 'the width follows the scaled positions').to.equal(width * 2);
    expect(b.layout('Invoice ').advanceWidth).to.equal(width);
    expect(a.layout('Invoice ').advanceWidth).to.equal(width);
  });

  it('deflates a subset once per glyph list, for every PDF that embeds the same glyphs in the same order', () => {
    const face = new SharedFace(readFileSync(file));
    const subsetOf = (ids: number[]) => {
      const subset = new TrueTypeSubset(face);
      for (const id of ids) subset.includeGlyph(id);
      return subset.encode() as Buffer & { [DEFLATED]?: () => Buffer };
    };
    const first = subsetOf([36, 37, 38]);
    const deflated = first[DEFLATED]!();
    expect(inflateSync(deflated).equals(first)).to.equal(true);
    expect(deflated.equals(deflateSync(first, { level: 1 }))).to.equal(true);
    expect(subsetOf([36, 37, 38])[DEFLATED]!(), 'the same glyphs: kept').to.equal(deflated);
    const other = subsetOf([38, 37, 36]);
    expect(other[DEFLATED]!(), 'another order: other bytes').to.not.equal(deflated);
    expect(inflateSync(other[DEFLATED]!()).equals(other)).to.equal(true);
  });

  it('parses each face once per process: two PDFs’ faces read the same decoded tables', () => {
    const [a, b] = [fontFaces(), fontFaces()] as unknown as { regular: { _tables: object }; bold: { _tables: object } }[];
    expect(a!.regular).to.not.equal(b!.regular);
    expect(a!.regular._tables).to.equal(b!.regular._tables);
    expect(a!.bold._tables).to.equal(b!.bold._tables);
    expect(a!.bold._tables).to.not.equal(a!.regular._tables);
  });
});
