import type { MainDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { plain, type Decimal } from '../../src/lib/money.js';

// The French rules (XP Z12-012, BR-FR-*) the document itself must meet, checked before render so
// that a refusal names the SPI field: what the driver derives (SIREN, addresses, notes,
// framework) is in french-invoice.ts.

/** BR-FR-16: the VAT rates French law knows (mainland, Corsica, overseas). */
const FRENCH_RATES = new Set(['0', '0.9', '1.05', '1.75', '2.1', '5.5', '7', '8.5', '9.2', '9.6', '10', '13', '19.6', '20', '20.6']);

const decimalsOf = (d: Decimal) => plain(d).split('.')[1]?.length ?? 0;

export function checkFrenchDocument(doc: MainDocument, issues: IssueList): void {
  // BR-FR-01, BR-FR-02: the number is what the platforms and the portal key invoices by.
  if (doc.id.length > 35 || !/^[A-Za-z0-9+\-_/]+$/.test(doc.id)) {
    issues.invalid('101', 'id', 'a French invoice number has at most 35 characters, letters, digits and + - _ / only (BR-FR-01, BR-FR-02)');
  }
  if (doc.currency_code !== 'EUR') {
    issues.invalid('102', 'currency_code', 'an invoice in another currency must state its VAT in euro (BT-6, BT-111; BR-FR-CO-12), which no SPI field carries: invoice in EUR');
  }
  if (doc.type === 'INVOICE' && doc.due_date && doc.due_date < doc.issue_date) {
    issues.invalid('103', 'due_date', 'the due date cannot precede the issue date (BR-FR-CO-07)');
  }
  (doc.billing_reference ?? []).forEach((r, i) => {
    if (typeof r === 'string' || !r.invoice_document_reference.issue_date) {
      issues.missing('104', `billing_reference[${i}]`, 'a French credit note names the invoice it corrects with its issue date (BT-26; BR-FR-CO-05): send invoice_document_reference {id, issue_date}');
    }
  });
}

/** BR-FR-15, BR-FR-16 and the decimals of BR-FR-DEC-02/03 on what the semantic invoice holds. */
export function checkFrenchInvoice(inv: SemanticInvoice, issues: IssueList): void {
  inv.lines.forEach((l, i) => {
    const c = l.item.taxCategory;
    if (c.id === 'L' || c.id === 'M') issues.invalid('105', `lines[${i}].classified_tax_category`, `VAT category ${c.id} (Canary Islands, Ceuta and Melilla) does not exist in France (BR-FR-15)`);
    if (c.percent && !FRENCH_RATES.has(plain(c.percent))) issues.invalid('106', `lines[${i}].classified_tax_category`, `${plain(c.percent)} % is not a French VAT rate (BR-FR-16: ${[...FRENCH_RATES].join(', ')})`);
    if (decimalsOf(l.quantity) > 4) issues.invalid('107', `lines[${i}].quantity`, 'a quantity has at most 4 decimals (BR-FR-DEC-02)');
    if (decimalsOf(l.price) > 6) issues.invalid('107', `lines[${i}].price`, 'a price has at most 6 decimals (BR-FR-DEC-03)');
  });
}
