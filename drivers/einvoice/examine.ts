import type { MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { EINVOICE_PROFILES } from './profiles.js';
import { profileFor, type EinvoiceSettings } from './settings.js';

/** What EINVOICE writes: the semantic invoice, in the syntax its document type names (`ubl-…` or `cii-…`). */
export interface EinvoiceModel {
  readonly invoice: SemanticInvoice;
  readonly documentType: string;
}

/** Validates and builds the semantic invoice in one pass, with the profile the entity writes for the scenario. */
export const examine = xmlExaminer<EinvoiceSettings, EinvoiceModel>('EINVOICE', (doc, ctx, issues) => {
  const main = doc as MainDocument;
  const profile = EINVOICE_PROFILES[profileFor(ctx.settings, ctx.entity.id, main.transaction_type ?? 'B2B')];
  if (main.document_type?.startsWith('cii-') && (main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document (D16B) has room for one preceding invoice reference (BG-3): send one, or submit the document as UBL');
  }
  const invoice = semanticInvoice(main, ctx, issues, profile);
  return invoice && { invoice, documentType: main.document_type ?? (invoice.kind === 'Invoice' ? 'ubl-invoice' : 'ubl-creditnote') };
});
