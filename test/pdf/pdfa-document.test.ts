import { expect } from 'chai';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { deflateSync, inflateSync } from 'node:zlib';
import { attachFile } from '../../src/formats/pdf/attachment.js';
import { createPdfa, FONT_BOLD, finish } from '../../src/formats/pdf/pdfa-document.js';

// The streams PDFKit compresses (page contents, font subsets, ToUnicode maps, an embedded file)
// are deflated at level 1, every page's included; the XMP metadata stays uncompressed, as PDF/A
// wants it readable, and the ICC profile keeps the bytes deflated once per process.

describe('createPdfa', () => {
  it('deflates every stream PDFKit compresses at level 1, on every page', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const pdf = createPdfa({ now, identity: 'streams', title: 'Test', lang: 'en' });
    pdf.text('First page', 42, 42);
    pdf.addPage();
    pdf.font(FONT_BOLD).text('Second page, Ελληνικά', 42, 42);
    const xml = Buffer.from(`<?xml version="1.0"?><a>${'<b>text</b>'.repeat(500)}</a>`);
    attachFile(pdf, xml, { name: 'a.xml', type: 'text/xml', relationship: 'Alternative', description: 'a', creationDate: now, modifiedDate: now });
    const doc = await PDFDocument.load(finish(pdf), { updateMetadata: false });
    const kinds: string[] = [];
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFRawStream)) continue;
      const type = obj.dict.get(PDFName.of('Type'))?.toString();
      if (type === '/Metadata') {
        expect(obj.dict.get(PDFName.of('Filter')), 'the metadata').to.equal(undefined);
        continue;
      }
      expect(obj.dict.get(PDFName.of('Filter'))?.toString()).to.equal('/FlateDecode');
      if (obj.dict.get(PDFName.of('N'))) continue; // the ICC profile
      const raw = inflateSync(obj.contents);
      expect(Buffer.from(obj.contents).equals(deflateSync(raw, { level: 1 })), `${type ?? raw.subarray(0, 12).toString('latin1')}`).to.equal(true);
      kinds.push(type ?? (raw.subarray(0, 4).toString('latin1') === 'true' ? 'font' : raw.subarray(0, 8).toString('latin1') === '/CIDInit' ? 'cmap' : 'content'));
    }
    expect(kinds.sort()).to.deep.equal(['/EmbeddedFile', 'cmap', 'cmap', 'content', 'content', 'font', 'font']);
  });
});
