import type { ApplicationResponseDocument, MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import type { CdarMessage } from './cdar-model.js';
import { frenchInvoice } from './french-invoice.js';
import { checkFrenchDocument, checkFrenchInvoice } from './french-rules.js';
import { frenchProfile, type FrenchProfile, type Syntax } from './profiles.js';
import { responseModel } from './build-response.js';
import { entitySettings, type CtcFrSettings } from './settings.js';
import { DRIVER, REPORT_TYPE } from './identity.js';
import { b2cPaymentReport, b2cReport, crossBorderReport, type ReportDraft } from './report.js';
import { buyerAddress } from './buyer-address.js';

/**
 * What CTC_FR writes: an invoice or credit note in the syntax its document type names (with, for a
 * buyer abroad, its e-reporting file: report.ts), a B2C sale's e-reporting file, or the buyer's
 * lifecycle message (CDAR).
 */
export type CtcFrModel =
  | { kind: 'invoice'; invoice: SemanticInvoice; syntax: Syntax; profile: FrenchProfile; documentType: string; report?: ReportDraft | undefined }
  | { kind: 'report'; report: ReportDraft; payments?: ReportDraft | undefined }
  | { kind: 'response'; cdar: CdarMessage };

/** The syntax a document type names: `ubl-…`, `cii-…` or `facturx-…`. */
function syntaxOf(documentType: string): Syntax {
  return documentType.startsWith('ubl-') ? 'ubl' : documentType.startsWith('cii-') ? 'cii' : 'facturx';
}

/** Validates and builds in one pass, so what is checked is exactly what is rendered. */
export const examine = xmlExaminer<CtcFrSettings, CtcFrModel>(DRIVER, async (doc, ctx, issues) => {
  if (doc.type === 'APPLICATION_RESPONSE') {
    const cdar = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return cdar && { kind: 'response', cdar };
  }
  const main = doc as MainDocument;
  const documentType = main.document_type ?? (doc.type === 'INVOICE' ? 'facturx-invoice' : 'facturx-creditnote');
  if (documentType === REPORT_TYPE && main.transaction_type !== 'B2C') {
    issues.invalid('130', 'document_type', `${REPORT_TYPE} is the e-reporting file of a B2C sale; a B2B sale is an invoice (facturx-, ubl- or cii-), reported besides when its buyer is abroad`);
    return undefined;
  }
  const syntax = syntaxOf(documentType);
  const choices = entitySettings(ctx.settings, ctx.entity.id);
  const profile = frenchProfile(choices.profile, syntax);
  checkFrenchDocument(main, issues);
  if (syntax !== 'ubl' && (main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document has room for one preceding invoice reference (BG-3): send one, or submit the document as UBL');
  }
  const semantic = semanticInvoice(main, ctx, issues, profile.profile);
  // The French rules read a semantic invoice that EN 16931 accepts: none are checked on a refused one.
  if (!semantic || issues.hasErrors) return undefined;
  checkFrenchInvoice(semantic, issues);
  // A sale to a consumer is reported, not invoiced through the platforms (CGI art. 290).
  if (main.transaction_type === 'B2C') {
    const report = b2cReport(main, semantic, ctx, issues);
    const payments = report && b2cPaymentReport(main, semantic, ctx, issues);
    return report && !issues.hasErrors ? { kind: 'report', report, payments } : undefined;
  }
  const address = await buyerAddress(main, ctx, issues);
  if (issues.hasErrors) return undefined;
  const invoice = frenchInvoice(semantic, main, ctx.entity, choices, issues, address);
  if (!invoice) return undefined;
  // A sale abroad is not routed to the buyer by the platforms: its data is reported.
  const abroad = invoice.customer.address.country !== 'FR';
  const report = abroad ? crossBorderReport(invoice, ctx, issues) : undefined;
  if (abroad && !report) return undefined;
  return { kind: 'invoice', invoice, syntax, profile, documentType, report };
});
