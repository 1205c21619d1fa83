import { createHash } from 'node:crypto';
import type { Pdf } from './pdfa-document.js';

// An embedded file as PDFKit's `file` writes it (the same objects, keys and order: the
// EmbeddedFile stream, its file specification, the catalog's /Names /EmbeddedFiles and /AF), with
// its /CheckSum taken by node:crypto: PDFKit hashes the file with an MD5 written in JavaScript, a
// twentieth of a hybrid invoice's render time for its XML.

export interface AttachmentOptions {
  /** The file's name (/F and /UF) and its key in the catalog's name tree. */
  name: string;
  /** A MIME type: the stream's /Subtype. */
  type: string;
  /** /AFRelationship (PDF/A-3): how the file relates to the document. */
  relationship: string;
  description: string;
  creationDate: Date;
  modifiedDate: Date;
}

/** The parts of PDFKit's document an attachment is written with (its typings leave them out). */
interface AttachmentHost {
  ref(data: Record<string, unknown>): { end(chunk?: Uint8Array): void };
  addNamedEmbeddedFile(name: string, ref: unknown): void;
  _root: { data: { AF?: unknown[] } };
}

export function attachFile(pdf: Pdf, data: Buffer, o: AttachmentOptions): void {
  const doc = pdf as unknown as AttachmentHost;
  const file = doc.ref({
    Type: 'EmbeddedFile',
    Params: {
      CreationDate: o.creationDate,
      ModDate: o.modifiedDate,
      // PDFKit writes a JavaScript String object as a PDF string.
      CheckSum: new String(createHash('md5').update(data).digest('hex')),
      Size: data.byteLength,
    },
    Subtype: escapeName(o.type),
  });
  file.end(data);
  const spec = doc.ref({
    Type: 'Filespec',
    AFRelationship: o.relationship,
    F: new String(o.name),
    EF: { F: file },
    UF: new String(o.name),
    Desc: new String(o.description),
  });
  spec.end();
  doc.addNamedEmbeddedFile(o.name, spec);
  (doc._root.data.AF ??= []).push(spec);
}

/** A PDF name's characters as PDFKit escapes them: `#` and two hex digits for delimiters and what is not printable ASCII. */
function escapeName(name: string): string {
  let escaped = '';
  for (const char of name) {
    const code = char.charCodeAt(0);
    const safe = code > 0x7f || (code > 0x20 && code !== 0x7f && !'#%()/<>[]{}'.includes(char));
    escaped += safe ? char : `#${code.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}
