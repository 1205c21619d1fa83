import type { MainDocument } from '../../src/adapter/schemas/document.js';
import type { IssueList } from '../../src/driver/issues.js';
import type { DocumentContext } from '../../src/driver/types.js';
import { semanticInvoice, type Profile } from '../../src/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/en16931/model.js';
import { checkGermanDomestic } from './german-domestic.js';
import { PEPPOL_BILLING } from './identifiers.js';

/**
 * Peppol BIS Billing 3.0 as a profile of EN 16931: its identifiers, electronic addresses
 * required (PEPPOL-EN16931-R010/R020), a buyer or order reference always (PEPPOL-EN16931-R003),
 * and the German national rules between two German parties.
 */
export const PEPPOL_PROFILE: Profile = Object.freeze({
  specification: PEPPOL_BILLING,
  endpointRequired: true,
  // With neither a buyer nor an order reference, the invoice number is the reference the buyer quotes back (drivers/peppol/README.md).
  buyerReference: (doc: MainDocument) => (doc.order_reference ? undefined : doc.id),
  check: checkGermanDomestic,
});

/** The invoice or credit note as Peppol BIS 3 wants it, or only issues when it cannot be built. */
export function invoiceModel(doc: MainDocument, ctx: DocumentContext, issues: IssueList): SemanticInvoice | undefined {
  return semanticInvoice(doc, ctx, issues, PEPPOL_PROFILE);
}
