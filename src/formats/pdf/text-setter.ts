import { createRequire } from 'node:module';
import type { Pdf } from './pdfa-document.js';
import type { SharedFace, WordGlyph, WordLayout } from './shared-face.js';

// Text set without PDFKit's text machinery, to the byte what `pdf.text(s, x, y, { width, align,
// lineGap })` writes and where it leaves its cursor, and what `heightOfString` measures. PDFKit
// breaks lines with an event-driven LineWrapper, lays every word out again for its width, encodes
// each line glyph by glyph and turns every operator into bytes on its own: two thirds of a PDF's
// render time. Here a word's width is read from the shaped words the face keeps per process, a
// block is broken into lines once per document (a table cell is measured, then set), a word is
// encoded once per document, and a block's operators go to the page as one chunk. The arithmetic
// is PDFKit's, step for step (the same sums in the same order, its float32 rounding of widths, its
// number formatting), so the bytes are PDFKit's (test/pdf/text-setter.test.ts).
//
// What this does not do, PDFKit still does, with the same call: a word wider than the line (PDFKit
// cuts it), a soft hyphen, text that runs past the page's foot (PDFKit continues on a new page),
// a face that is not one of ours. Those blocks are handed to `pdf.text` untouched.

/** What PDFKit's LineBreaker (npm `linebreak`, UAX #14) answers. */
interface Break {
  position: number;
  required: boolean;
}

// The line breaker PDFKit itself depends on, resolved from PDFKit, so that both paths break alike.
const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
const LineBreaker = fromPdfkit('linebreak') as new (text: string) => { nextBreak(): Break | null };

/** The parts of PDFKit's embedded font this module reads and fills (its typings leave them out). */
interface PdfkitFont {
  readonly id: string;
  readonly font: { shared?: SharedFace };
  readonly scale: number;
  readonly ascender: number;
  readonly subset: { includeGlyph(id: number): number };
  readonly widths: (number | undefined)[];
  readonly unicode: (readonly number[] | undefined)[];
  lineHeight(size: number, includeGap: boolean): number;
  ref(): unknown;
}

interface PdfkitState {
  _font: PdfkitFont;
  _fontSize: number;
  _fillColor: unknown;
  x: number;
  y: number;
  page: { height: number; fonts: Record<string, unknown>; maxY(): number; write(chunk: Uint8Array): void };
}

export interface SetOptions {
  width: number;
  align: 'left' | 'right' | 'center';
  lineGap: number;
  /** `#rrggbb`, set as PDFKit's fillColor sets it, just before the text. */
  color: string;
}

/** A line as the wrapper emits it: its text (with a trailing newline, if any) and the widths of its words. */
interface Line {
  readonly text: string;
  readonly width: number;
}

/**
 * Sets `s` at (x, y) with the document's current font and size, as `pdf.fillColor(color)` then
 * `pdf.text(s, x, y, { width, align, lineGap })` would; leaves `pdf.x` and `pdf.y` where PDFKit
 * would.
 */
export function setText(pdf: Pdf, s: string, x: number, y: number, o: SetOptions): void {
  const doc = pdf as unknown as PdfkitState;
  const face = doc._font.font.shared;
  const lines = face && fits(doc, x, y, wrapped(doc, face, s, o.width), o.lineGap);
  if (!face || !lines) {
    pdf.fillColor(o.color).text(s, x, y, { width: o.width, align: o.align, lineGap: o.lineGap });
    return;
  }
  doc.x = x;
  doc.y = y;
  let ops = fillColorOps(o.color);
  const step = doc._font.lineHeight(doc._fontSize, true) + o.lineGap;
  for (const line of lines) {
    ops += fragment(doc, face, line, x, doc.y, o);
    doc.y += step;
  }
  doc._fillColor = [o.color, undefined];
  doc.page.write(Buffer.from(ops, 'latin1'));
}

/** `pdf.heightOfString(s, { width, lineGap })` with the document's current font and size. */
export function heightOf(pdf: Pdf, s: string, width: number, lineGap: number): number {
  const doc = pdf as unknown as PdfkitState;
  const face = doc._font.font.shared;
  const lines = face && wrapped(doc, face, s, width);
  if (!lines) return pdf.heightOfString(s, { width, lineGap });
  // PDFKit adds each line's height to the cursor and subtracts where it began: the same steps.
  const step = doc._font.lineHeight(doc._fontSize, true) + lineGap;
  let y = doc.y;
  for (let i = 0; i < lines.length; i++) y += step;
  return y - doc.y;
}

/** Each document's lines by face, size and width, then text: a table measures a row's cells, then sets them. */
const documentLines = new WeakMap<PdfkitState, Map<string, Map<string, Line[] | undefined>>>();

function wrapped(doc: PdfkitState, face: SharedFace, text: string, width: number): Line[] | undefined {
  let byStyle = documentLines.get(doc);
  if (!byStyle) documentLines.set(doc, (byStyle = new Map()));
  const style = `${doc._font.id} ${doc._fontSize} ${width}`;
  let known = byStyle.get(style);
  if (!known) byStyle.set(style, (known = new Map()));
  if (known.has(text)) return known.get(text);
  const lines = wrap(face, doc._fontSize, text, lineWidth(width));
  known.set(text, lines);
  return lines;
}

/** LineWrapper's line width for one column at 100 % scaling, as it computes it. */
function lineWidth(width: number): number {
  return ((Math.max(width, 0) * 100) / 100 - 18 * (1 - 1)) / 1;
}

/**
 * LineWrapper.wrap over LineBreaker's breaks: words are added while they fit, a required break
 * (a newline) ends the line. Undefined when PDFKit would do what this does not (see above).
 */
function wrap(face: SharedFace, size: number, text: string, lineWidth: number): Line[] | undefined {
  const breaker = new LineBreaker(text);
  const lines: Line[] = [];
  let last: Break | null = null;
  let spaceLeft = lineWidth;
  let buffer = '';
  let width = 0;
  let count = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const word = text.slice(last?.position ?? 0, bk.position);
    const w = pdfNumber(stringWidth(face, size, word));
    if (w > lineWidth || word.endsWith('\u00ad')) return undefined;
    if (last === null || last.required) spaceLeft = lineWidth;
    const fitted = w <= spaceLeft;
    if (fitted) {
      buffer += word;
      width += w;
      count++;
    }
    if (bk.required || !fitted) {
      if (bk.required && !fitted) {
        lines.push({ text: buffer, width });
        buffer = word;
        width = w;
        count = 1;
      }
      lines.push({ text: buffer, width });
      if (bk.required) {
        spaceLeft = lineWidth;
        buffer = '';
        width = 0;
        count = 0;
      } else {
        spaceLeft = lineWidth - w;
        buffer = word;
        width = w;
        count = 1;
      }
    } else {
      spaceLeft -= w;
    }
    last = bk;
  }
  if (count > 0) lines.push({ text: buffer, width });
  return lines;
}

/** The lines, when PDFKit would set them all on this page (it checks before the first and after each). */
function fits(doc: PdfkitState, x: number, y: number, lines: Line[] | undefined, lineGap: number): Line[] | undefined {
  if (!lines) return undefined;
  const maxY = pdfNumber(doc.page.maxY());
  const height = doc._font.lineHeight(doc._fontSize, true);
  if (y > maxY || y + height > maxY) return undefined;
  let at = y;
  for (let i = 0; i < lines.length; i++) {
    at += height + lineGap;
    if (pdfNumber(at + height) > maxY) return undefined;
  }
  return lines;
}

/** PDFKit's widthOfString: the words between spaces and tabs (each with its space), summed, scaled to the size. */
function stringWidth(face: SharedFace, size: number, text: string): number {
  let advance = 0;
  for (const word of words(face, text)) advance += word.advance;
  // PDFKit's document-level widthOfString, with no character spacing and 100 % scaling.
  return ((advance * (size / 1000) + 0 * (text.length - 1)) * 100) / 100;
}

/** The words of `text` as PDFKit's font.layout cuts it: after each space or tab, and the rest. */
function words(face: SharedFace, text: string): WordLayout[] {
  const out: WordLayout[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      out.push(face.word(text.slice(from, i + 1)));
      from = i + 1;
    }
  }
  if (from < text.length) out.push(face.word(text.slice(from)));
  return out;
}

/** One line's operators, as PDFKit's `_fragment` writes them (each followed by a newline). */
function fragment(doc: PdfkitState, face: SharedFace, line: Line, x: number, y: number, o: SetOptions): string {
  const text = line.text.replace(/\n/g, '');
  if (text.length === 0) return '';
  const font = doc._font;
  const size = doc._fontSize;
  if (o.align === 'right') x += lineWidth(o.width) - stringWidth(face, size, text.replace(/\s+$/, ''));
  else if (o.align === 'center') x += lineWidth(o.width) / 2 - line.width / 2;
  const dy = (font.ascender / 1000) * size;
  const height = doc.page.height;
  if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref();
  y = height - y - dy;
  const ops = `q\n1 0 0 -1 0 ${number(height)} cm\nBT\n1 0 0 1 ${number(x)} ${number(y)} Tm\n/${font.id} ${number(size)} Tf\n`;
  const shaped = words(face, text);
  return `${ops}${shaped.some((w) => w.marks) ? placed(font, shaped, x, y, size) : runs(font, shaped)}ET\nQ\n`;
}

/** A word's glyphs as a line's TJ takes them: the hex up to each kerned glyph with its kerning, then the rest. */
interface EncodedWord {
  readonly kerned: readonly string[];
  readonly tail: string;
}

/** Each document's words, encoded with its subset's glyph ids (for each face: PDFKit's font). */
const documentWords = new WeakMap<PdfkitFont, Map<WordLayout, EncodedWord>>();

/**
 * The TJ of a line without marks, from its words encoded once per document: what the loop in
 * `placed` writes for it, without the pen's position, which only a mark needs.
 */
function runs(font: PdfkitFont, line: readonly WordLayout[]): string {
  let encoded = documentWords.get(font);
  if (!encoded) documentWords.set(font, (encoded = new Map()));
  let tj = '';
  let hex = '';
  for (const word of line) {
    let e = encoded.get(word);
    if (!e) encoded.set(word, (e = encode(font, word)));
    for (const run of e.kerned) {
      tj += `${tj ? ' ' : ''}<${hex}${run}`;
      hex = '';
    }
    hex += e.tail;
  }
  if (hex) tj += `${tj ? ' ' : ''}<${hex}> 0`;
  return tj ? `[${tj}] TJ\n` : '';
}

function encode(font: PdfkitFont, word: WordLayout): EncodedWord {
  const kerned: string[] = [];
  let hex = '';
  for (let i = 0; i < word.glyphs.length; i++) {
    const glyph = word.glyphs[i]!;
    hex += hex4(include(font, glyph));
    const kern = word.positions[i]!.xAdvance * font.scale - glyph.advanceWidth * font.scale;
    if (kern !== 0) {
      kerned.push(`${hex}> ${number(-kern)}`);
      hex = '';
    }
  }
  return { kerned, tail: hex };
}

/** The glyph's id in the subset, its width and code points noted as PDFKit's encode notes them. */
function include(font: PdfkitFont, glyph: WordGlyph): number {
  const gid = font.subset.includeGlyph(glyph.id);
  if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
  if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
  return gid;
}

/** PDFKit's glyph loop in `_fragment`: a mark is set at its own text matrix, and the pen goes back after it. */
function placed(font: PdfkitFont, line: readonly WordLayout[], x: number, y: number, size: number): string {
  const scale = size / 1000;
  const k = font.scale;
  let ops = '';
  let hex = '';
  const commands: string[] = [];
  let hadOffset = false;
  const flush = () => {
    if (hex) commands.push(`<${hex}> 0`);
    hex = '';
    if (commands.length > 0) ops += `[${commands.join(' ')}] TJ\n`;
    commands.length = 0;
  };
  for (const word of line) {
    for (let i = 0; i < word.glyphs.length; i++) {
      const glyph = word.glyphs[i]!;
      const p = word.positions[i]!;
      const gid = include(font, glyph);
      const xAdvance = p.xAdvance * k;
      const xOffset = p.xOffset * k;
      const yOffset = p.yOffset * k;
      if (xOffset || yOffset) {
        flush();
        ops += `1 0 0 1 ${number(x + xOffset * scale)} ${number(y + yOffset * scale)} Tm\n`;
        commands.push(`<${hex4(gid)}> ${number(-(xAdvance - glyph.advanceWidth * k))}`);
        flush();
        hadOffset = true;
      } else {
        if (hadOffset) {
          ops += `1 0 0 1 ${number(x)} ${number(y)} Tm\n`;
          hadOffset = false;
        }
        hex += hex4(gid);
        const kern = xAdvance - glyph.advanceWidth * k;
        if (kern !== 0) {
          commands.push(`<${hex}> ${number(-kern)}`);
          hex = '';
        }
      }
      x += xAdvance * scale;
    }
  }
  flush();
  return ops;
}

const HEX: string[] = [];

/** A glyph id as PDFKit writes it in a TJ string: four hex digits. */
function hex4(gid: number): string {
  return (HEX[gid] ??= `0000${gid.toString(16)}`.slice(-4));
}

const COLORS = new Map<string, string>();

/** PDFKit's fillColor for `#rrggbb`: the colour space, then the components divided by 255, as JavaScript prints them. */
function fillColorOps(color: string): string {
  let ops = COLORS.get(color);
  if (ops === undefined) {
    if (!/^#[0-9a-f]{6}$/i.test(color)) throw new Error(`not a #rrggbb colour: ${color}`);
    const hex = parseInt(color.slice(1), 16);
    ops = `/DeviceRGB cs\n${[hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((part) => part / 255).join(' ')} scn\n`;
    COLORS.set(color, ops);
  }
  return ops;
}

/** PDFKit's PDFObject.number: six decimals at most. */
function number(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** PDFKit's PDFNumber: the float32 nearest below (widths compare as PDFKit compares them). */
function pdfNumber(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  f32[0] = n;
  if (n <= 0) u32[0]! += 1;
  else u32[0]! -= 1;
  return f32[0]!;
}
