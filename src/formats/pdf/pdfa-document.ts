import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { escapeText } from '../xml/writer.js';
import { fontFaces } from './fonts.js';
import { DEFLATED, deflateStream, type StreamBytes } from './stream-deflate.js';

// A PDF/A-3b document (ISO 19005-3, conformance B) made with PDFKit: PDF 1.7, the sRGB output
// intent with its ICC profile and the pdfaid XMP (PDFKit's `subset`), only embedded fonts (the
// default face is DejaVu Sans, so Helvetica, which PDF/A forbids unembedded, never enters the
// file). Deterministic: the dates come from the caller's clock and the trailer's /ID from what
// the PDF shows, so the same input gives the same bytes, and two documents two /IDs. Made for
// speed where PDFKit spends it without need: its streams deflated at level 1 (a font subset
// once per glyph list), what it writes collected in a list instead of pushed through a stream.

export type Pdf = PDFKit.PDFDocument;

export interface PdfaOptions {
  /** CreationDate and ModDate (Info and XMP). */
  now: Date;
  /** What the PDF shows, as text (a hybrid invoice: its XML): hashed into the trailer's /ID and xmpMM:DocumentID. */
  identity: string;
  /** dc:title (not Info /Title: PDFKit would copy it into the XMP unescaped, and PDF/A-3 needs only one). */
  title: string;
  /** BCP 47 language of the text (catalog /Lang). */
  lang: string;
}

/**
 * The regular face is the document's default font, which PDFKit keeps under its PostScript name;
 * naming it so (rather than registering it again) spares PDFKit comparing the two per document.
 */
export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'bold';

export function createPdfa(o: PdfaOptions): Pdf {
  const faces = fontFaces();
  const pdf = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    size: 'A4',
    margin: 42,
    bufferPages: true,
    lang: o.lang,
    font: faces.regular,
    info: { Producer: 'einvoicing-adapter (PDFKit)', Creator: 'einvoicing-adapter', CreationDate: o.now, ModDate: o.now },
  });
  pdf.registerFont(FONT_BOLD, faces.bold);
  deflateStreamsFast(pdf as unknown as StreamHost);
  collectWrites(pdf);
  (pdf as unknown as OutputIntentHook)._addColorOutputIntent = function (this: OutputIntentHook) {
    addOutputIntent(this);
  };
  const digest = createHash('md5').update(o.identity).digest();
  // PDFKit derives /ID from the Info dictionary: the same for two documents made at the same second.
  (pdf as unknown as { _id: Buffer })._id = digest;
  appendXmp(pdf, description('xmlns:dc="http://purl.org/dc/elements/1.1/"', `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeText(o.title)}</rdf:li></rdf:Alt></dc:title>`));
  appendXmp(
    pdf,
    description(
      'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
      `<xmp:ModifyDate>${xmpDate(o.now)}</xmp:ModifyDate><xmp:MetadataDate>${xmpDate(o.now)}</xmp:MetadataDate><xmpMM:DocumentID>uuid:${asUuid(digest)}</xmpMM:DocumentID>`,
    ),
  );
  return pdf;
}

/** Adds an `rdf:Description` to the document's XMP packet. */
export function appendXmp(pdf: Pdf, xml: string): void {
  (pdf as unknown as { appendXML(xml: string): void }).appendXML(xml);
}

/** `<rdf:Description rdf:about="" NAMESPACES>BODY</rdf:Description>` */
export function description(namespaces: string, body: string): string {
  return `<rdf:Description rdf:about="" ${namespaces}>${body}</rdf:Description>`;
}

/** The finished file. PDFKit writes synchronously into its stream's buffer, so it is read at once. */
export function finish(pdf: Pdf): Buffer {
  pdf.end();
  // What PDFKit pushed before collectWrites (its header), then what it wrote since.
  const chunks: Uint8Array[] = [];
  for (let chunk = pdf.read() as Buffer | null; chunk !== null; chunk = pdf.read() as Buffer | null) chunks.push(chunk);
  const rest = written.get(pdf);
  rest?.flush();
  const file = Buffer.concat([...chunks, ...(rest?.chunks ?? [])]);
  // An object PDFKit completes later (an image with an alpha channel) would leave the file without its trailer.
  if (!file.subarray(-8).toString('latin1').includes('%%EOF')) throw new Error('the PDF did not complete synchronously: an image with an alpha channel or interlacing?');
  return file;
}

/** What PDFKit wrote of each document, in order, since createPdfa (`flush` adds the lines not yet turned into bytes). */
const written = new WeakMap<Pdf, { chunks: Uint8Array[]; flush(): void }>();

interface WriteHost {
  _write(data: string | Uint8Array): void;
  _offset: number;
}

/**
 * PDFKit's `_write`, which turns each line it writes into bytes one character at a time and
 * pushes them through its Readable stream (two to four pushes per object), writing into a list
 * that `finish` joins once, with the lines between two streams' bytes joined as one text first.
 * The same bytes: PDFKit's strings are binary, a character a byte.
 */
function collectWrites(pdf: Pdf): void {
  const chunks: Uint8Array[] = [];
  let text = '';
  const flush = () => {
    if (text) chunks.push(Buffer.from(text, 'latin1'));
    text = '';
  };
  written.set(pdf, { chunks, flush });
  (pdf as unknown as WriteHost)._write = function (this: WriteHost, data: string | Uint8Array) {
    if (data instanceof Uint8Array) {
      flush();
      chunks.push(data);
      this._offset += data.length;
    } else {
      text += `${data}\n`;
      this._offset += `${data}`.length + 1;
    }
  };
}

/** A PDFKit object (its typings leave it out): a stream while it has bytes to write. */
interface PdfkitRef {
  compress: boolean;
  buffer: Uint8Array[];
  finalize(): void;
}

interface StreamHost {
  ref(data?: Record<string, unknown>): PdfkitRef;
  page: { content: PdfkitRef };
}

/**
 * Every object this document makes compresses its stream at STREAM_LEVEL (`stream-deflate.ts`):
 * the stream PDFKit would deflate at its finalize is deflated just before it (or, written whole
 * with bytes that know their deflated form, a font subset, takes that), and PDFKit, told it is
 * compressed, writes it as it is (it has already set /Filter /FlateDecode, in the same place).
 * The first page's content stream was made with the document, before this.
 */
function deflateStreamsFast(doc: StreamHost): void {
  const make = doc.ref.bind(doc);
  const deflating = (ref: PdfkitRef): PdfkitRef => {
    const finalize = ref.finalize;
    ref.finalize = function (this: PdfkitRef) {
      if (this.compress && this.buffer.length > 0) {
        const whole = this.buffer.length === 1 ? (this.buffer[0] as StreamBytes) : undefined;
        this.buffer = [whole?.[DEFLATED]?.() ?? deflateStream(Buffer.concat(this.buffer))];
        this.compress = false;
      }
      finalize.call(this);
    };
    return ref;
  };
  doc.ref = (data) => deflating(make(data));
  deflating(doc.page.content);
}

/** The parts of PDFKit's document the output intent is written with (its typings leave them out). */
interface OutputIntentHook {
  _addColorOutputIntent(): void;
  ref(data: Record<string, unknown>): { write(chunk: Uint8Array): void; end(): void };
  _root: { data: Record<string, unknown> };
}

const require = createRequire(import.meta.url);
let iccProfile: Buffer | undefined;

/**
 * PDFKit's sRGB output intent (its `_addColorOutputIntent`, which PDF/A makes it call at the end),
 * with the ICC profile it ships deflated once per process rather than once per PDF: the same
 * dictionary keys in the same order and the same compressed bytes, so the same file.
 */
function addOutputIntent(pdf: OutputIntentHook): void {
  iccProfile ??= deflateSync(readFileSync(join(dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc')));
  const profile = pdf.ref({ Length: 0, N: 3, Filter: 'FlateDecode' });
  profile.write(iccProfile);
  profile.end();
  const intent = pdf.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    Info: new String('sRGB IEC61966-2.1'),
    OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  intent.end();
  pdf._root.data.OutputIntents = [intent];
}

/** XMP dates as PDFKit writes xmp:CreateDate: seconds, UTC. */
function xmpDate(d: Date): string {
  return `${d.toISOString().split('.')[0]}Z`;
}

function asUuid(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
