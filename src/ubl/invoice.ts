import type { SemanticInvoice } from '../en16931/model.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { billingReferenceEl } from './billing-reference.js';
import { deliveryEl } from './delivery.js';
import { lineEl } from './lines.js';
import { monetaryTotalEl } from './monetary-total.js';
import { rootAttrs } from './namespaces.js';
import { partyEl } from './party.js';
import { paymentMeansEl } from './payment-means.js';
import { taxTotalEl } from './tax-total.js';
import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';

/** The document as UBL 2.1 XML text. Pure: the same model gives the same bytes. */
export function renderInvoice(doc: SemanticInvoice): string {
  return serialize(invoiceEl(doc));
}

/**
 * Invoice and CreditNote share every aggregate; the roots differ only in the order of a few
 * header elements (a credit note has TaxPointDate before its type code, no DueDate, and its
 * AllowanceCharge after the exchange rates), which this function keeps.
 */
export function invoiceEl(d: SemanticInvoice): XmlNode {
  const cur = d.currency;
  const invoice = d.kind === 'Invoice';
  const taxPoint = leaf('cbc:TaxPointDate', d.taxPointDate);
  return el(
    d.kind,
    rootAttrs(d.kind),
    leaf('cbc:CustomizationID', d.customizationId),
    leaf('cbc:ProfileID', d.profileId),
    leaf('cbc:ID', d.id),
    leaf('cbc:IssueDate', d.issueDate),
    invoice ? leaf('cbc:DueDate', d.dueDate) : taxPoint,
    leaf(invoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', d.typeCode),
    d.notes.map((n) => leaf('cbc:Note', n)),
    invoice ? taxPoint : undefined,
    leaf('cbc:DocumentCurrencyCode', cur),
    leaf('cbc:BuyerReference', d.buyerReference),
    d.orderReference ? el('cac:OrderReference', undefined, leaf('cbc:ID', d.orderReference)) : undefined,
    d.billingReferences.map(billingReferenceEl),
    el('cac:AccountingSupplierParty', undefined, partyEl(d.supplier)),
    el('cac:AccountingCustomerParty', undefined, partyEl(d.customer)),
    deliveryEl(d.delivery),
    d.paymentMeans.map(paymentMeansEl),
    d.paymentTermsNote ? el('cac:PaymentTerms', undefined, leaf('cbc:Note', d.paymentTermsNote)) : undefined,
    d.allowanceCharges.map((ac) => allowanceChargeEl(ac, cur)),
    taxTotalEl(d.taxTotal, cur),
    monetaryTotalEl(d.totals, cur),
    d.lines.map((line) => lineEl(d.kind, line, cur)),
  );
}
