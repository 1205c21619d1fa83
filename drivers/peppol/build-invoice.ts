import type { MainDocument } from '../../src/spi/document.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { PeppolSettings } from './settings.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { checkGermanDomestic } from './german-domestic.js';
import { PEPPOL_BILLING } from './identifiers.js';
import { PEPPOL_TYPE_CODES } from './type-codes.js';

/** 326 (partial invoice) and 384 (corrected invoice) only between a German seller and buyer (PEPPOL-EN16931-P0112). */
function checkGermanOnlyCodes(doc: MainDocument, issues: IssueList): void {
  const code = doc.document_type_code;
  if ((code === '326' || code === '384') && (doc.accounting_supplier_party.address.country !== 'DE' || doc.accounting_customer_party.address.country !== 'DE')) {
    issues.invalid('PEPPOL-065', 'document_type_code', `Peppol BIS allows ${code} only when the seller and the buyer are both in Germany (PEPPOL-EN16931-P0112)`);
  }
}

/**
 * Peppol BIS Billing 3.0 as a profile of EN 16931: its identifiers, electronic addresses
 * required (PEPPOL-EN16931-R010/R020), a buyer or order reference always (PEPPOL-EN16931-R003),
 * its document type codes, and the German national rules between two German parties.
 */
export const PEPPOL_PROFILE: Profile = Object.freeze({
  specification: PEPPOL_BILLING,
  endpointRequired: true,
  // With neither a buyer nor an order reference, the invoice number is the reference the buyer quotes back (drivers/peppol/README.md).
  buyerReference: (doc: MainDocument) => (doc.order_reference ? undefined : doc.id),
  typeCodes: PEPPOL_TYPE_CODES,
  check: (doc: MainDocument, entity: BusinessEntity, categories: ReadonlySet<string>, issues: IssueList) => {
    checkGermanOnlyCodes(doc, issues);
    checkGermanDomestic(doc, entity, categories, issues);
  },
});

/** The invoice or credit note as Peppol BIS 3 wants it, or only issues when it cannot be built. */
export function invoiceModel(doc: MainDocument, ctx: DocumentContext<PeppolSettings>, issues: IssueList): SemanticInvoice | undefined {
  return semanticInvoice(doc, ctx, issues, PEPPOL_PROFILE);
}
