import { renderCiiInvoice } from '../../src/formats/cii/invoice.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { facturxPdf } from '../../src/formats/facturx/facturx-pdf.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import { renderCdar } from './cdar-xml.js';
import type { CtcFrModel } from './examine.js';
import type { CtcFrSettings } from './settings.js';
import { PAYMENTS_REPORT_TYPE, REPORT_TYPE, RESPONSE_TYPE } from './identity.js';
import { renderReportDraft, type ReportDraft } from './report.js';

/**
 * The invoice in the syntax its document type names (UBL, CII, or the Factur-X PDF first and its
 * XML second), or the buyer's lifecycle message (CDAR). Pure: the PDF's dates and the message's
 * time of day are the render clock's.
 */
export function render(model: CtcFrModel, ctx: RenderContext<CtcFrSettings>): Artifact[] {
  if (model.kind === 'response') {
    const issuedAt = `${model.cdar.issuedAt.slice(0, 10)}T${ctx.now.toISOString().slice(11, 19)}Z`;
    return [{ documentType: RESPONSE_TYPE, mimeType: 'application/xml', content: renderCdar({ ...model.cdar, issuedAt }) }];
  }
  // A paid sale's collection goes with its transaction data (transmit.ts deposits both).
  if (model.kind === 'report') return [reportArtifact(model.report, ctx.now), ...(model.payments ? [reportArtifact(model.payments, ctx.now, PAYMENTS_REPORT_TYPE)] : [])];
  // A sale abroad: the invoice for the buyer, then the report the platform takes (transmit.ts).
  return [...invoiceArtifacts(model, ctx.now), ...(model.report ? [reportArtifact(model.report, ctx.now)] : [])];
}

function invoiceArtifacts({ invoice, syntax, profile, documentType }: Extract<CtcFrModel, { kind: 'invoice' }>, now: Date): Artifact[] {
  if (syntax === 'ubl') return [{ documentType, mimeType: 'application/xml', content: renderInvoice(invoice) }];
  const xml = renderCiiInvoice(invoice);
  if (syntax === 'cii') return [{ documentType, mimeType: 'application/xml', content: xml }];
  // The PDF shows the notes a reader needs; the nature of the transaction (BAR) is for the platforms.
  const shown = { ...invoice, notes: invoice.notes.filter((n) => n.subjectCode !== 'BAR') };
  const pdf = facturxPdf(shown, xml, profile.level, { now });
  return [
    { documentType, mimeType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' },
    { documentType, mimeType: 'application/xml', content: xml },
  ];
}

function reportArtifact(report: ReportDraft, now: Date, documentType = REPORT_TYPE): Artifact {
  return { documentType, mimeType: 'application/xml', content: renderReportDraft(report, now) };
}
