import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, PDFString, PDFHexString, PDFDocument } from 'pdf-lib';

// The XML invoice a Factur-X / ZUGFeRD PDF carries: the embedded file the catalog's
// /Names /EmbeddedFiles tree names `factur-x.xml` (or the ZUGFeRD names), read back through
// pdf-lib. What a platform receiving a hybrid invoice reads first (the sandbox's approved platform).

const NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'];

/** The embedded invoice XML, or undefined when the PDF carries none of the known names. Throws on a PDF pdf-lib cannot read. */
export async function embeddedInvoiceXml(pdf: Uint8Array): Promise<string | undefined> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const pairs = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!pairs) return undefined;
  for (let i = 0; i + 1 < pairs.size(); i += 2) {
    const name = pairs.lookup(i);
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : undefined;
    if (!text || !NAMES.includes(text)) continue;
    const spec = pairs.lookup(i + 1, PDFDict);
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (stream instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
  }
  return undefined;
}
