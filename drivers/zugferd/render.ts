import { renderCiiInvoice } from '../../src/formats/cii/invoice.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { facturxPdf } from '../../src/formats/facturx/facturx-pdf.js';
import type { ZugferdModel } from './examine.js';
import type { ZugferdSettings } from './settings.js';

/**
 * The hybrid PDF first (the document sent), then its XML alone: byte for byte the file the PDF
 * embeds, so `/download` serves both and they never differ. Pure: the PDF's dates are the
 * render clock's and its /ID a digest of the XML.
 */
export function render({ shown, written, profile, documentType }: ZugferdModel, ctx: RenderContext<ZugferdSettings>): Artifact[] {
  const xml = renderCiiInvoice(written);
  const pdf = facturxPdf(shown, xml, profile.level, { now: ctx.now, logo: ctx.settings.logos[ctx.entity.id] });
  return [
    { documentType, mimeType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' },
    { documentType, mimeType: 'application/xml', content: xml },
  ];
}
