import type { SemanticInvoice } from '../en16931/model.js';
import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';
import { allowanceChargeEl } from './allowance-charge.js';
import { lineItemEl } from './lines.js';
import { monetarySummationEl } from './monetary-summation.js';
import { rootAttrs } from './namespaces.js';
import { addressEl, tradePartyEl } from './party.js';
import { paymentMeansEl, paymentTermsEl } from './payment.js';
import { breakdownEl } from './trade-tax.js';
import { dateTimeEl, formattedDateEl } from './values.js';

/** The semantic invoice as a UN/CEFACT Cross Industry Invoice (D16B). Pure: the same model gives the same bytes. */
export function renderCiiInvoice(doc: SemanticInvoice): string {
  return serialize(ciiInvoiceEl(doc));
}

/** rsm:CrossIndustryInvoice: context (BT-23/24), the document (BT-1/2/3, notes), then the transaction. An invoice is 380, a credit note 381. */
export function ciiInvoiceEl(d: SemanticInvoice): XmlNode {
  return el(
    'rsm:CrossIndustryInvoice',
    rootAttrs(),
    el(
      'rsm:ExchangedDocumentContext',
      undefined,
      // BT-23 is optional, and an empty parameter is not: Factur-X's schema demands its ID.
      d.profileId ? el('ram:BusinessProcessSpecifiedDocumentContextParameter', undefined, leaf('ram:ID', d.profileId)) : undefined,
      el('ram:GuidelineSpecifiedDocumentContextParameter', undefined, leaf('ram:ID', d.customizationId)),
    ),
    el(
      'rsm:ExchangedDocument',
      undefined,
      leaf('ram:ID', d.id),
      leaf('ram:TypeCode', d.typeCode),
      dateTimeEl('ram:IssueDateTime', d.issueDate),
      d.notes.map((n) => el('ram:IncludedNote', undefined, leaf('ram:Content', n.text), leaf('ram:SubjectCode', n.subjectCode))),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      undefined,
      d.lines.map(lineItemEl),
      agreementEl(d),
      deliveryEl(d),
      settlementEl(d),
    ),
  );
}

/** ram:ApplicableHeaderTradeAgreement: buyer reference (BT-10), seller, buyer, purchase order (BT-13). */
function agreementEl(d: SemanticInvoice): XmlNode {
  return el(
    'ram:ApplicableHeaderTradeAgreement',
    undefined,
    leaf('ram:BuyerReference', d.buyerReference),
    tradePartyEl('ram:SellerTradeParty', d.supplier),
    tradePartyEl('ram:BuyerTradeParty', d.customer),
    d.orderReference ? el('ram:BuyerOrderReferencedDocument', undefined, leaf('ram:IssuerAssignedID', d.orderReference)) : undefined,
  );
}

/** ram:ApplicableHeaderTradeDelivery, required even when empty: deliver-to address (BG-15) and actual delivery date (BT-72). */
function deliveryEl(d: SemanticInvoice): XmlNode {
  const to = d.delivery?.address;
  return el(
    'ram:ApplicableHeaderTradeDelivery',
    undefined,
    to ? el('ram:ShipToTradeParty', undefined, addressEl(to)) : undefined,
    d.delivery?.date ? el('ram:ActualDeliverySupplyChainEvent', undefined, dateTimeEl('ram:OccurrenceDateTime', d.delivery.date)) : undefined,
  );
}

/**
 * ram:ApplicableHeaderTradeSettlement in HeaderTradeSettlementType order: remittance (BT-83),
 * currency (BT-5), payment means, VAT breakdown, document allowances and charges, payment terms,
 * totals, preceding invoice (BG-3: D16B has room for one).
 */
function settlementEl(d: SemanticInvoice): XmlNode {
  const preceding = d.billingReferences[0];
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    undefined,
    leaf('ram:PaymentReference', d.paymentMeans.find((pm) => pm.paymentId)?.paymentId),
    leaf('ram:InvoiceCurrencyCode', d.currency),
    d.paymentMeans.map(paymentMeansEl),
    // The VAT point date (BT-7) goes once, on the first breakdown (CII-SR-461).
    d.taxTotal.subtotals.map((s, i) => breakdownEl(s, i === 0 ? d.taxPointDate : undefined)),
    d.allowanceCharges.map(allowanceChargeEl),
    paymentTermsEl(d),
    monetarySummationEl(d.totals, d.taxTotal.tax, d.currency),
    preceding
      ? el('ram:InvoiceReferencedDocument', undefined, leaf('ram:IssuerAssignedID', preceding.id), formattedDateEl('ram:FormattedIssueDateTime', preceding.issueDate))
      : undefined,
  );
}
