import type { MainDocument } from '../../src/spi/document.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { IssueList } from '../../src/spi/issues.js';

// Peppol BIS 3 carries German national rules (DE-R-*) for invoices between two German
// parties. Those whose data no SPI field carries are reported here, before rendering, with
// what to send or configure; the buyer reference (DE-R-015) is always present by derivation.

export function checkGermanDomestic(doc: MainDocument, entity: BusinessEntity, categories: ReadonlySet<string>, issues: IssueList): void {
  const seller = doc.accounting_supplier_party.address;
  const buyer = doc.accounting_customer_party.address;
  if (seller.country !== 'DE' || buyer.country !== 'DE') return;
  const contact = entity.party.contact;
  if (!contact?.name || !contact.telephone || !contact.email) {
    issues.missing('PEPPOL-060', 'accounting_supplier_party', `German domestic invoices need the seller contact's name, telephone and email (DE-R-002, DE-R-005..007): configure party.contact of business entity ${entity.id}`);
  }
  if (!seller.city || !seller.zip) issues.missing('PEPPOL-061', 'accounting_supplier_party.address', 'German domestic invoices need the seller city and post code (DE-R-003, DE-R-004)');
  if (!buyer.city || !buyer.zip) issues.missing('PEPPOL-061', 'accounting_customer_party.address', 'German domestic invoices need the buyer city and post code (DE-R-008, DE-R-009)');
  const means = doc.payment_means ?? [];
  if (means.length === 0) issues.missing('PEPPOL-062', 'payment_means', 'German domestic invoices need payment instructions (DE-R-001)');
  means.forEach((pm, i) => {
    if (pm.code === 'DIRECT_DEBIT') {
      issues.invalid('PEPPOL-063', `payment_means[${i}]`, 'German domestic direct debits need the creditor identifier and the debited account (DE-R-030, DE-R-031), which no SPI field carries');
    }
  });
  if (categories.has('O')) {
    issues.invalid('PEPPOL-064', 'lines', 'category O cannot be used between two German parties: DE-R-014 demands a VAT rate that BR-O-05 forbids');
  }
  const code = doc.document_type_code;
  if (code && !GERMAN_TYPE_CODES.includes(code)) {
    issues.warn('PEPPOL-066', 'document_type_code', `between two German parties the type code should be one of ${GERMAN_TYPE_CODES.join(', ')} (DE-R-017); ${code} is sent as given`);
  }
}

/** DE-R-017 (a warning): the type codes German domestic invoices and credit notes should use. */
const GERMAN_TYPE_CODES: readonly string[] = ['326', '380', '384', '389', '381', '875', '876', '877'];
