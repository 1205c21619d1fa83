import * as fontkit from 'fontkit';
import { deflateStream } from './stream-deflate.js';
import { TrueTypeSubset, type SubsetGlyph, type SubsetSource } from './truetype-subset.js';

// A face parsed once per process and lent to every PDF, without letting one document's type
// setting show in another's bytes. Parsing a face, shaping each word (fontkit's GSUB/GPOS setup)
// and decoding the glyphs a subset embeds were 80 % of a PDF's render time when each PDF parsed
// faces of its own. What is shared is what does not depend on the document:
// - the parsed font: its tables, decoded on first use;
// - each word's layout (glyph ids, code points, advances, offsets): shaped on a layout font
//   whose glyph cache is emptied before every word, because fontkit hands out one glyph object
//   per id with the code points of whichever string first reached it (after a PDF with "ﬃ",
//   U+FB03, the ligature of "office" would map back to U+FB03), so a word reads the same
//   whatever was set before it;
// - each glyph's bytes and metrics as a subset embeds them (its glyf record, its components).
// Each PDF gets a face of its own over these (`forDocument`): PDFKit keeps its subset, widths and
// code points per document, and its own per-word cache, which takes copies.

/** The part of fontkit's font this module reaches into (fontkit's typings leave out its internals). */
interface FontkitFont {
  unitsPerEm: number;
  layout(text: string, features?: unknown): RunLike;
  getGlyph(id: number): GlyphLike;
  loca: { offsets: number[] };
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  _glyphs: Record<number, GlyphLike>;
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  head: { indexToLocFormat: number };
}

interface GlyphLike {
  id: number;
  codePoints: number[];
  advanceWidth: number;
  _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  _getMetrics(): { leftBearing: number };
}

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface RunLike {
  glyphs: readonly GlyphLike[];
  positions: readonly Position[];
}

/** A glyph of a shaped word: what PDFKit reads of it (the id to subset, the width, the code points for ToUnicode). */
export interface WordGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: readonly number[];
}

/** A shaped word, in the font's units. */
export interface WordLayout {
  readonly glyphs: readonly WordGlyph[];
  readonly positions: readonly Readonly<Position>[];
  /**
   * Its width in PDFKit's thousandths of the font size: each advance scaled, then summed in order,
   * as PDFKit sums a run it scaled (the same floating-point steps, so the same number).
   */
  readonly advance: number;
  /** Whether a glyph is placed off the pen's line (a combining mark): PDFKit moves the text matrix for it. */
  readonly marks: boolean;
}

/**
 * A run as PDFKit takes it from `font.layout`: PDFKit scales the positions in place and keeps the
 * run in its document's cache, so each call gets positions of its own; `advanceWidth` is read
 * after the scaling, as fontkit's GlyphRun computes it.
 */
class Run {
  constructor(
    readonly glyphs: readonly WordGlyph[],
    readonly positions: Position[],
  ) {}

  get advanceWidth(): number {
    let width = 0;
    for (const p of this.positions) width += p.xAdvance;
    return width;
  }
}

/** A copy of a glyph's position, with the four numbers fontkit gives and PDFKit scales. */
function position(p: Readonly<Position>): Position {
  return { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
}

/**
 * Shaped words kept per face. Past this many the cache starts again: a word's layout depends on
 * the word alone, so dropping them changes no byte, and amounts and ids never seen twice do not
 * grow the process without end.
 */
const WORDS_KEPT = 20_000;

/** Deflated subsets kept per face (each some 10 kB). */
const SUBSETS_KEPT = 64;

export class SharedFace implements SubsetSource {
  private readonly font: FontkitFont;
  readonly longOffsets: boolean;
  /** The font words are shaped on: the shared tables, a glyph cache of its own emptied per word. */
  private readonly shaper: FontkitFont;
  private readonly words = new Map<string, WordLayout>();
  private readonly glyphData = new Map<number, SubsetGlyph>();
  private readonly subsets = new Map<string, Buffer>();
  /** PDFKit's scale from the font's units to thousandths of the font size. */
  readonly scale: number;

  constructor(private readonly bytes: Buffer) {
    this.font = fontkit.create(bytes) as unknown as FontkitFont;
    this.shaper = Object.create(this.font) as FontkitFont;
    this.longOffsets = this.font.head.indexToLocFormat === 1;
    this.scale = 1000 / this.font.unitsPerEm;
  }

  /** A table's bytes as the font file holds them. */
  table(tag: string): Uint8Array {
    const entry = this.font.directory.tables[tag];
    if (!entry) throw new Error(`the face has no ${tag} table`);
    return this.bytes.subarray(entry.offset, entry.offset + entry.length);
  }

  /**
   * A face for one PDF: the shared font's tables and metrics, with `layout` served from the shared
   * words and `createSubset` from the shared glyph data. PDFKit takes any object with a `layout`;
   * `shared` leads `text-setter.ts` from PDFKit's font back to this face.
   */
  forDocument(): object {
    return Object.assign(Object.create(this.font) as object, {
      layout: (text: string, features?: unknown) => this.layout(text, features),
      createSubset: () => new TrueTypeSubset(this),
      shared: this,
    });
  }

  private layout(text: string, features: unknown): Run {
    const word = features === undefined ? this.word(text) : this.shape(text, features);
    return new Run(word.glyphs, word.positions.map(position));
  }

  /** A word (text without a space or tab but at its end) shaped without features, kept per face. */
  word(text: string): WordLayout {
    let word = this.words.get(text);
    if (!word) {
      if (this.words.size >= WORDS_KEPT) this.words.clear();
      word = this.shape(text, undefined);
      this.words.set(text, word);
    }
    return word;
  }

  private shape(text: string, features: unknown): WordLayout {
    this.shaper._glyphs = {};
    const run = this.shaper.layout(text, features);
    let advance = 0;
    for (const p of run.positions) advance += p.xAdvance * this.scale;
    const marks = run.positions.some((p) => p.xOffset !== 0 || p.yOffset !== 0);
    return {
      glyphs: run.glyphs.map((g) => Object.freeze({ id: g.id, advanceWidth: g.advanceWidth, codePoints: Object.freeze([...g.codePoints]) })),
      positions: run.positions.map((p) => Object.freeze(position(p))),
      advance,
      marks,
    };
  }

  /** What a subset embeds of a glyph, as fontkit's TTFSubset `_addGlyph` reads it (DejaVu has no variations). */
  /**
   * A subset deflated for its stream, kept by its glyphs (which make its bytes): documents set
   * from one template with the same text embed the same subsets. Past SUBSETS_KEPT it starts
   * again, as the words do.
   */
  deflated(glyphs: readonly number[], file: Uint8Array): Buffer {
    const key = glyphs.join(',');
    let bytes = this.subsets.get(key);
    if (!bytes) {
      if (this.subsets.size >= SUBSETS_KEPT) this.subsets.clear();
      bytes = deflateStream(file);
      this.subsets.set(key, bytes);
    }
    return bytes;
  }

  glyph(id: number): SubsetGlyph {
    let data = this.glyphData.get(id);
    if (!data) {
      const glyph = this.font.getGlyph(id);
      const glyf = glyph._decode();
      const start = this.font.loca.offsets[id]!;
      const stream = this.font._getTableStream('glyf');
      stream.pos += start;
      const bytes = Uint8Array.from(stream.readBuffer(this.font.loca.offsets[id + 1]! - start));
      const components = glyf && glyf.numberOfContours < 0 ? glyf.components : undefined;
      data = { bytes, components: components?.map((c) => ({ glyphID: c.glyphID, pos: c.pos })), advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
      this.glyphData.set(id, data);
    }
    return data;
  }
}
