import type { MainDocument } from '../../spi/document.js';
import type { BusinessEntity } from '../../spi/business-entity.js';
import type { IssueList } from '../../spi/issues.js';
import type { Profile } from './invoice.js';
import { EN16931_TYPE_CODES, XRECHNUNG_TYPE_CODES } from './type-codes.js';

// The profiles several drivers write (EINVOICE, ZUGFERD): EN 16931 as it stands, and XRechnung
// 3.0, the German CIUS (KoSIT), whose rules BR-DE-* ask for data no SPI field carries or the
// document may lack.

export const EN16931_PROFILE: Profile = Object.freeze({
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: '' },
  endpointRequired: false,
  buyerReference: () => undefined,
  typeCodes: EN16931_TYPE_CODES,
});

export const XRECHNUNG_PROFILE: Profile = Object.freeze({
  specification: {
    customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
  },
  endpointRequired: true,
  buyerReference: () => undefined,
  typeCodes: XRECHNUNG_TYPE_CODES,
  check: checkXRechnung,
});

/** BR-DE-* whose data the document or the entity's configuration must give, reported before rendering. */
function checkXRechnung(doc: MainDocument, entity: BusinessEntity, categories: ReadonlySet<string>, issues: IssueList): void {
  if (!doc.buyer_reference) issues.missing('070', 'buyer_reference', 'XRechnung needs the buyer reference (BT-10; for a public buyer its Leitweg-ID) (BR-DE-15)');
  const contact = entity.party.contact;
  if (!contact?.name || !contact.telephone || !contact.email) {
    issues.missing('071', 'accounting_supplier_party', `XRechnung needs the seller contact's name, telephone and email (BR-DE-2, BR-DE-5..7): configure party.contact of business entity ${entity.id}`);
  }
  const seller = doc.accounting_supplier_party.address;
  const buyer = doc.accounting_customer_party.address;
  if (!seller.city || !seller.zip) issues.missing('072', 'accounting_supplier_party.address', 'XRechnung needs the seller city and post code (BR-DE-3, BR-DE-4)');
  if (!buyer.city || !buyer.zip) issues.missing('072', 'accounting_customer_party.address', 'XRechnung needs the buyer city and post code (BR-DE-8, BR-DE-9)');
  const means = doc.payment_means ?? [];
  if (means.length === 0) issues.missing('073', 'payment_means', 'XRechnung needs payment instructions (BR-DE-1)');
  means.forEach((pm, i) => {
    if (pm.code === 'DIRECT_DEBIT') issues.invalid('073', `payment_means[${i}]`, 'an XRechnung direct debit needs the creditor identifier and the debited account (BR-DE-30, BR-DE-31), which no SPI field carries');
  });
  if (categories.has('O')) issues.invalid('074', 'lines', 'category O cannot be written in XRechnung: BR-DE-14 demands a VAT rate that BR-O-05 forbids');
}
