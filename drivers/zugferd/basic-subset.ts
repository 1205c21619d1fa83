import type { IssueList } from '../../src/spi/issues.js';
import type { Party, SemanticInvoice } from '../../src/formats/en16931/model.js';

// Factur-X BASIC is EN 16931 without some of its optional terms. What the document gives for
// them is printed on the PDF but has no place in the XML: each is named in one warning
// (ZUGFERD-080), never dropped silently. The buyer's contact e-mail, which routes the invoice by
// mail, becomes the buyer's electronic address (BT-49, scheme EM): the invoice address the XML
// keeps (a derived one, from the VAT identifier, repeats what SpecifiedTaxRegistration says).

interface Omission {
  what: string;
  present(d: SemanticInvoice): boolean;
}

const OMISSIONS: readonly Omission[] = [
  { what: 'the seller contact (BG-6)', present: (d) => hasContact(d.supplier) },
  { what: 'the buyer contact (BG-9)', present: (d) => hasContact(d.customer) },
  { what: 'the VAT point date (BT-7)', present: (d) => d.taxPointDate !== undefined },
  { what: "the seller's item identifiers (BT-155)", present: (d) => d.lines.some((l) => l.item.sellersId !== undefined) },
  { what: 'the payment card (BG-18)', present: (d) => d.paymentMeans.some((pm) => pm.card !== undefined) },
];

export function basicSubset(d: SemanticInvoice, issues: IssueList): SemanticInvoice {
  const omitted = OMISSIONS.filter((o) => o.present(d)).map((o) => o.what);
  if (omitted.length > 0) issues.warn('080', '', `the Factur-X BASIC profile has no place for ${omitted.join(', ')}: printed on the PDF, left out of the XML`);
  const email = d.customer.contact?.email;
  return {
    ...d,
    supplier: { ...d.supplier, contact: undefined },
    customer: { ...d.customer, contact: undefined, endpoint: email ? { id: email, scheme: 'EM' } : d.customer.endpoint },
    taxPointDate: undefined,
    lines: d.lines.map((l) => ({ ...l, item: { ...l.item, sellersId: undefined } })),
    paymentMeans: d.paymentMeans.map((pm) => ({ ...pm, card: undefined })),
  };
}

function hasContact(p: Party): boolean {
  return !!(p.contact?.name || p.contact?.telephone || p.contact?.email);
}
