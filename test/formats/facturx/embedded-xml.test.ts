import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { embeddedInvoiceXml } from '../../../src/formats/facturx/embedded-xml.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

// What a platform receiving a Factur-X invoice reads first: the XML inside the PDF.

describe('Factur-X: the embedded XML read back from the PDF', () => {
  it('is the factur-x.xml the PDF was written with, byte for byte (a CTC_FR golden and its XML golden)', async () => {
    const pdf = readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'accents-hostile-en16931-facturx.pdf'));
    expect(await embeddedInvoiceXml(pdf)).to.equal(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'accents-hostile-en16931-facturx.xml'), 'utf8'));
  });

  it('is undefined for a PDF without an invoice attached, or with another file attached', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await embeddedInvoiceXml(await plain.save())).to.equal(undefined);
    const other = await PDFDocument.create();
    other.addPage();
    await other.attach(Buffer.from('<x/>'), 'notes.xml', { mimeType: 'text/xml' });
    expect(await embeddedInvoiceXml(await other.save())).to.equal(undefined);
    const named = await PDFDocument.create();
    named.addPage();
    await named.attach(Buffer.from('<rsm:CrossIndustryInvoice/>'), 'factur-x.xml', { mimeType: 'text/xml' });
    expect(await embeddedInvoiceXml(await named.save())).to.equal('<rsm:CrossIndustryInvoice/>');
  });
});
