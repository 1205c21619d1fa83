import type { SemanticInvoice } from '../en16931/model.js';
import { attachFile } from '../pdf/attachment.js';
import { drawInvoice } from '../pdf/invoice-pdf.js';
import { appendXmp, createPdfa, description, finish } from '../pdf/pdfa-document.js';

// A Factur-X 1.0 / ZUGFeRD 2.x hybrid invoice: the PDF/A-3b a person reads, with the CII XML
// embedded as an associated file (catalog /AF and /Names /EmbeddedFiles, subtype text/xml,
// /Params /ModDate, /AFRelationship /Alternative: the XML is the same invoice in another form)
// and the Factur-X XMP properties with the PDF/A extension schema that declares them. The file's
// name and the ConformanceLevel follow the profile (xrechnung.xml for XRECHNUNG).

const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** What the XMP and the attachment say of the embedded XML. */
export interface FacturxLevel {
  /** fx:ConformanceLevel: `BASIC`, `EN 16931`, `EXTENDED` or `XRECHNUNG`. */
  conformanceLevel: string;
  /** `factur-x.xml`, or `xrechnung.xml` for XRECHNUNG. */
  fileName: string;
  /** fx:Version: `1.0` (Factur-X), the XRechnung version for XRECHNUNG. */
  version: string;
}

export interface HybridOptions {
  now: Date;
  logo?: Buffer | undefined;
}

export function facturxPdf(invoice: SemanticInvoice, xml: string, level: FacturxLevel, o: HybridOptions): Buffer {
  const kind = invoice.kind === 'Invoice' ? 'Invoice' : 'Credit note';
  const pdf = createPdfa({ now: o.now, identity: xml, title: `${kind} ${invoice.id}`, lang: 'en' });
  drawInvoice(pdf, invoice, { logo: o.logo });
  attachFile(pdf, Buffer.from(xml, 'utf8'), {
    name: level.fileName,
    type: 'text/xml',
    relationship: 'Alternative',
    description: `${kind} ${invoice.id} (${level.conformanceLevel === 'XRECHNUNG' ? 'XRechnung' : `Factur-X ${level.conformanceLevel}`})`,
    creationDate: o.now,
    modifiedDate: o.now,
  });
  appendXmp(pdf, facturxProperties(level));
  appendXmp(pdf, extensionSchema());
  return finish(pdf);
}

function facturxProperties(level: FacturxLevel): string {
  return description(
    `xmlns:fx="${FX_NS}"`,
    `<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${level.fileName}</fx:DocumentFileName><fx:Version>${level.version}</fx:Version><fx:ConformanceLevel>${level.conformanceLevel}</fx:ConformanceLevel>`,
  );
}

/** PDF/A admits XMP properties outside its predefined schemas only when the file describes them. */
function extensionSchema(): string {
  const property = (name: string, what: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${what}</pdfaProperty:description></rdf:li>`;
  return description(
    'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
      '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
      `<pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>` +
      '<pdfaSchema:prefix>fx</pdfaSchema:prefix>' +
      '<pdfaSchema:property><rdf:Seq>' +
      property('DocumentFileName', 'The name of the embedded XML invoice file') +
      property('DocumentType', 'INVOICE') +
      property('Version', 'The version of the XML schema of the embedded invoice') +
      property('ConformanceLevel', 'The profile of the embedded invoice') +
      '</rdf:Seq></pdfaSchema:property>' +
      '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
  );
}
