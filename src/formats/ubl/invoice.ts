import type { SemanticInvoice } from '../en16931/model.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { billingReferenceEl } from './billing-reference.js';
import { deliveryEl } from './delivery.js';
import { codeEl, EN16931_UBL, type UblDialect } from './dialect.js';
import { lineEl } from './lines.js';
import { monetaryTotalEl } from './monetary-total.js';
import { rootAttrs } from './namespaces.js';
import { partyEl } from './party.js';
import { paymentMeansEl } from './payment-means.js';
import { taxTotalEl } from './tax-total.js';
import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';

/** The document as UBL 2.1 XML text. Pure: the same model gives the same bytes. */
export function renderInvoice(doc: SemanticInvoice, dialect: UblDialect = EN16931_UBL): string {
  return serialize(invoiceEl(doc, dialect));
}

/**
 * Invoice and CreditNote share every aggregate; the roots differ only in the order of a few
 * header elements (a credit note has TaxPointDate before its type code, no DueDate, and its
 * AllowanceCharge after the exchange rates), which this function keeps.
 */
export function invoiceEl(d: SemanticInvoice, dialect: UblDialect = EN16931_UBL): XmlNode {
  const cur = d.currency;
  const invoice = d.kind === 'Invoice';
  const taxPoint = leaf('cbc:TaxPointDate', d.taxPointDate);
  return el(
    d.kind,
    rootAttrs(d.kind),
    leaf('cbc:UBLVersionID', dialect.ublVersionId),
    leaf('cbc:CustomizationID', d.customizationId),
    codeEl('cbc:ProfileID', d.profileId, dialect),
    leaf('cbc:ID', d.id),
    dialect.afterId,
    leaf('cbc:IssueDate', d.issueDate),
    invoice ? leaf('cbc:DueDate', d.dueDate) : taxPoint,
    codeEl(invoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', d.typeCode, dialect),
    // UBL has no element for BT-21: the EN 16931 UBL binding prefixes the note with `#code#`.
    d.notes.map((n) => leaf('cbc:Note', n.subjectCode ? `#${n.subjectCode}#${n.text}` : n.text)),
    invoice ? taxPoint : undefined,
    leaf('cbc:DocumentCurrencyCode', cur),
    leaf('cbc:BuyerReference', d.buyerReference),
    d.orderReference ? el('cac:OrderReference', undefined, leaf('cbc:ID', d.orderReference)) : undefined,
    d.billingReferences.map(billingReferenceEl),
    el('cac:AccountingSupplierParty', undefined, partyEl(d.supplier, dialect, dialect.contactIds?.supplier)),
    el('cac:AccountingCustomerParty', undefined, partyEl(d.customer, dialect, dialect.contactIds?.customer)),
    deliveryEl(d.delivery, dialect),
    d.paymentMeans.map((pm) => paymentMeansEl(pm, dialect)),
    d.paymentTermsNote ? el('cac:PaymentTerms', undefined, leaf('cbc:Note', d.paymentTermsNote)) : undefined,
    d.allowanceCharges.map((ac) => allowanceChargeEl(ac, cur, dialect)),
    taxTotalEl(d.taxTotal, cur, dialect),
    monetaryTotalEl(d.totals, cur),
    d.lines.map((line) => lineEl(d.kind, line, cur, dialect)),
  );
}
