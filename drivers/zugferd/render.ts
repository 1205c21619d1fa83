import type { SpiDocument } from '../../src/spi/document.js';
import { renderCiiInvoice } from '../../src/formats/cii/invoice.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { facturxPdf } from '../../src/formats/facturx/facturx-pdf.js';
import type { ZugferdSettings } from './settings.js';
import { examine } from './validate.js';

/**
 * The hybrid PDF first (the document sent), then its XML alone: byte for byte the file the PDF
 * embeds, so `/download` serves both and they never differ. Pure: the PDF's dates are the
 * render clock's and its /ID a digest of the XML.
 */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, invoice, profile } = examine(doc, ctx);
  if (!invoice) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  const documentType = doc.document_type ?? (invoice.shown.kind === 'Invoice' ? 'cii-invoice' : 'cii-creditnote');
  const xml = renderCiiInvoice(invoice.written);
  const logo = (ctx.settings as ZugferdSettings).logos?.[ctx.entity.id];
  const pdf = facturxPdf(invoice.shown, xml, profile.level, { now: ctx.now, logo });
  return [
    { documentType, mimeType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' },
    { documentType, mimeType: 'application/xml', content: xml },
  ];
}
