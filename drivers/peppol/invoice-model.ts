import type { MainDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext } from '../../src/driver/types.js';
import { IssueList } from '../../src/driver/issues.js';
import type { Delivery, DocumentReference, Line, SemanticInvoice } from '../../src/en16931/model.js';
import { PEPPOL_BILLING } from './identifiers.js';
import { mapLines } from '../../src/en16931/lines.js';
import { checkGermanDomestic } from './german-domestic.js';
import { customerParty, supplierParty, vatIdsOf } from './parties.js';
import { mapPaymentMeans } from '../../src/en16931/payment-means.js';
import type { PeppolSettings } from './settings.js';
import { taxBreakdown } from '../../src/en16931/tax-breakdown.js';
import { monetaryTotals } from '../../src/en16931/totals.js';

/** The invoice or credit note as Peppol BIS 3 wants it, or only issues when it cannot be built. */
export function invoiceModel(doc: MainDocument, ctx: DocumentContext, issues: IssueList): SemanticInvoice | undefined {
  const settings = ctx.settings as PeppolSettings;
  const mapped = mapLines(doc.lines, issues, settings);
  const lines = mapped.filter((l): l is Line => l !== undefined);
  const categories = new Set(lines.map((l) => l.item.taxCategory.id));
  checkCategoryParties(doc, categories, issues);
  checkGermanDomestic(doc, ctx.entity, categories, issues);
  const withoutVat = categories.has('O');
  const supplier = supplierParty(doc.accounting_supplier_party, ctx.entity, 'accounting_supplier_party', issues, { withoutVat });
  const customer = customerParty(doc.accounting_customer_party, 'accounting_customer_party', issues, { withoutVat });
  const isInvoice = doc.type === 'INVOICE';
  const billingReferences = billingReferencesOf(doc);
  if (!isInvoice && billingReferences.length === 0) {
    issues.missing('PEPPOL-040', 'billing_reference', 'a credit note must reference the invoice it corrects');
  }
  const paymentMeans = mapPaymentMeans(doc.payment_means ?? [], isInvoice ? undefined : doc.due_date, issues);
  if (lines.length !== mapped.length) return undefined;
  const breakdown = taxBreakdown(doc, lines, issues, settings);
  const totals = breakdown && monetaryTotals(doc, lines, breakdown, issues);
  if (totals?.payable.gt(0) && !doc.due_date) {
    issues.missing('PEPPOL-042', 'due_date', 'is required while an amount is payable (BR-CO-25)');
  }
  if (!supplier || !customer || !breakdown || !totals || issues.hasErrors) return undefined;
  return {
    kind: isInvoice ? 'Invoice' : 'CreditNote',
    ...PEPPOL_BILLING,
    id: doc.id,
    issueDate: doc.issue_date,
    dueDate: isInvoice ? doc.due_date : undefined,
    typeCode: isInvoice ? '380' : '381',
    notes: doc.note ? [doc.note] : [],
    taxPointDate: doc.tax_date,
    currency: doc.currency_code,
    // PEPPOL-EN16931-R003 wants a buyer reference or an order reference; with neither, the
    // invoice number is the reference the buyer quotes back (drivers/peppol/README.md).
    buyerReference: doc.buyer_reference ?? (doc.order_reference ? undefined : doc.id),
    orderReference: doc.order_reference,
    billingReferences,
    supplier,
    customer,
    delivery: deliveryOf(doc, categories),
    paymentMeans,
    paymentTermsNote: !isInvoice && paymentMeans.length === 0 && doc.due_date ? `Payment due date: ${doc.due_date}` : undefined,
    allowanceCharges: breakdown.allowances,
    taxTotal: { tax: breakdown.tax, subtotals: breakdown.subtotals },
    totals,
    lines,
  };
}

function billingReferencesOf(doc: MainDocument): DocumentReference[] {
  return (doc.billing_reference ?? []).map((r) =>
    typeof r === 'string' ? { id: r } : { id: r.invoice_document_reference.id, issueDate: r.invoice_document_reference.issue_date },
  );
}

/**
 * Intra-Community supplies need the delivery date and the deliver-to country (BR-IC-11/12).
 * No SPI field carries them: the tax date is the date of supply and goods go to the buyer's
 * address (drivers/peppol/README.md).
 */
function deliveryOf(doc: MainDocument, categories: Set<string>): Delivery | undefined {
  if (!categories.has('K')) return undefined;
  return { date: doc.tax_date ?? doc.issue_date, country: doc.accounting_customer_party.address.country };
}

/** Who must carry a VAT identifier for each category (BR-S-02, BR-AE-02/03, BR-IC-02, BR-O-11…). */
function checkCategoryParties(doc: MainDocument, categories: Set<string>, issues: IssueList): void {
  const sellerVat = vatIdsOf(doc.accounting_supplier_party).length > 0;
  const buyerVat = vatIdsOf(doc.accounting_customer_party).length > 0;
  const needsSellerVat = [...categories].filter((c) => c !== 'O');
  if (needsSellerVat.length > 0 && !sellerVat) {
    issues.missing('PEPPOL-026', 'accounting_supplier_party.tax_scheme', `VAT category ${needsSellerVat.join(', ')} requires the seller's VAT identifier`);
  }
  for (const c of ['AE', 'K']) {
    const buyerLegal = c === 'AE' && !!doc.accounting_customer_party.legal_entity?.company_id;
    if (categories.has(c) && !buyerVat && !buyerLegal) {
      issues.missing('PEPPOL-025', 'accounting_customer_party.tax_scheme', `VAT category ${c} requires the buyer's VAT identifier`);
    }
  }
  if (categories.has('O') && categories.size > 1) {
    issues.invalid('PEPPOL-027', 'lines', 'a document with "not subject to VAT" (O) lines cannot contain other VAT categories (BR-O-11)');
  }
}
