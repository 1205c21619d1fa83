// The font file a PDF embeds for a face: the glyphs it used, renumbered in the order it used them,
// written byte for byte as fontkit's TrueType subset writes it (the same tables in the same order:
// head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm; no checksums; the tag `true`), but put
// together from bytes kept once per process instead of encoding each table anew for every PDF
// (fontkit decodes and re-encodes the hinting programs and the glyph records each time: a third
// of a PDF's render time once the faces were shared).

/** What a face keeps once per process for its subsets. */
export interface SubsetSource {
  /** The original tables whose bytes the subset copies: `head`, `hhea`, `maxp`, `cvt `, `prep`, `fpgm`. */
  table(tag: string): Uint8Array;
  /** 1 when the font's loca holds 32-bit offsets (head.indexToLocFormat). */
  readonly longOffsets: boolean;
  glyph(id: number): SubsetGlyph;
  /** The subset of these glyphs (in this order), `file`, deflated for its stream: kept for the next PDF that embeds the same. */
  deflated(glyphs: readonly number[], file: Uint8Array): Buffer;
}

/** A glyph as a subset embeds it: its glyf record and, for a composite, where its components' ids sit. */
export interface SubsetGlyph {
  readonly bytes: Uint8Array;
  readonly components: readonly { readonly glyphID: number; readonly pos: number }[] | undefined;
  readonly advance: number;
  readonly bearing: number;
}

import { DEFLATED, type StreamBytes } from './stream-deflate.js';

const TABLES = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;

/** PDFKit's view of a subset (fontkit's `Subset`): glyphs numbered as they are first included. */
export class TrueTypeSubset {
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: SubsetSource) {
    // The missing glyph is always glyph 0.
    this.includeGlyph(0);
  }

  /** The glyph's id in the subset (PDFKit writes text with these). */
  includeGlyph(id: number): number {
    let gid = this.mapping.get(id);
    if (gid === undefined) {
      gid = this.glyphs.length;
      this.glyphs.push(id);
      this.mapping.set(id, gid);
    }
    return gid;
  }

  encode(): Buffer {
    const records: Uint8Array[] = [];
    const metrics: SubsetGlyph[] = [];
    // A composite's components join the subset as it is written, after the glyphs text used.
    for (let i = 0; i < this.glyphs.length; i++) {
      const glyph = this.source.glyph(this.glyphs[i]!);
      let bytes = glyph.bytes;
      if (glyph.components) {
        bytes = Uint8Array.from(bytes);
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        for (const c of glyph.components) view.setUint16(c.pos, this.includeGlyph(c.glyphID));
      }
      records.push(bytes);
      metrics.push(glyph);
    }
    const count = records.length;
    const long = this.source.longOffsets;
    const loca = Buffer.alloc((count + 1) * (long ? 4 : 2));
    let offset = 0;
    for (let i = 0; i <= count; i++) {
      if (long) loca.writeUInt32BE(offset, i * 4);
      else loca.writeUInt16BE(offset >>> 1, i * 2);
      offset += records[i]?.length ?? 0;
    }
    const hmtx = Buffer.alloc(count * 4);
    metrics.forEach((m, i) => {
      hmtx.writeUInt16BE(m.advance, i * 4);
      hmtx.writeInt16BE(m.bearing, i * 4 + 2);
    });
    const hhea = Buffer.from(this.source.table('hhea'));
    hhea.writeUInt16BE(count, 34); // numberOfMetrics
    const maxp = Buffer.from(this.source.table('maxp'));
    maxp.writeUInt16BE(count, 4); // numGlyphs
    const data: Record<(typeof TABLES)[number], Uint8Array | Uint8Array[]> = {
      head: this.source.table('head'),
      hhea,
      loca,
      maxp,
      'cvt ': this.source.table('cvt '),
      prep: this.source.table('prep'),
      glyf: records,
      hmtx,
      fpgm: this.source.table('fpgm'),
    };
    const header = Buffer.alloc(12 + 16 * TABLES.length);
    header.write('true', 0, 'latin1');
    header.writeUInt16BE(TABLES.length, 4);
    const power = 2 ** Math.floor(Math.log2(TABLES.length));
    header.writeUInt16BE(power * 16, 6); // searchRange
    header.writeUInt16BE(Math.log2(power), 8); // entrySelector
    header.writeUInt16BE(TABLES.length * 16 - power * 16, 10); // rangeShift
    const parts: Uint8Array[] = [header];
    let at = header.length;
    TABLES.forEach((tag, i) => {
      const chunks = ([] as Uint8Array[]).concat(data[tag]);
      const length = chunks.reduce((n, c) => n + c.length, 0);
      const entry = 12 + 16 * i;
      header.write(tag, entry, 'latin1');
      header.writeUInt32BE(at, entry + 8);
      header.writeUInt32BE(length, entry + 12);
      parts.push(...chunks);
      at += length;
    });
    const file: StreamBytes = Buffer.concat(parts);
    // The glyphs, now with the components their composites added, are what the bytes are made of.
    const glyphs = [...this.glyphs];
    file[DEFLATED] = () => this.source.deflated(glyphs, file);
    return file as Buffer;
  }
}
