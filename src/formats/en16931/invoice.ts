import type { MainDocument } from '../../spi/document.js';
import type { BusinessEntity } from '../../spi/business-entity.js';
import type { IssueList } from '../../spi/issues.js';
import type { DocumentContext } from '../../spi/driver.js';
import { signOf } from '../../lib/money.js';
import { mapLines } from './lines.js';
import type { Delivery, DocumentReference, Line, SemanticInvoice } from './model.js';
import { addressOf, customerParty, supplierParty, vatIdsOf } from './parties.js';
import { mapPaymentMeans } from './payment-means.js';
import type { En16931Settings } from './settings.js';
import { taxBreakdown } from './tax-breakdown.js';
import { monetaryTotals } from './totals.js';
import { documentTypeCode, WRITTEN_TYPE_CODES, type TypeCodes } from './type-codes.js';

// SPI document + issuing entity → the EN 16931 invoice or credit note, computed once: lines,
// VAT categories, the VAT breakdown (BG-23), totals (BG-22), parties (BG-4, BG-7), payment
// instructions (BG-16). A format's profile (CIUS) adds its identifiers and its own rules; the
// syntaxes (src/formats/ubl, src/formats/cii) only write the result.

/** What a format adds to EN 16931: its identifiers and its own rules. */
export interface Profile {
  /** BT-24 (specification identifier) and BT-23 (business process). */
  readonly specification: { readonly customizationId: string; readonly profileId: string };
  /** The electronic addresses BT-34 and BT-49 are required (Peppol, XRechnung), else written only when known. */
  readonly endpointRequired: boolean;
  /** BT-10 when the document gives no `buyer_reference` (Peppol: the invoice number unless an order reference is given). */
  buyerReference(doc: MainDocument): string | undefined;
  /**
   * Lines outside the scope of VAT (O) may sit beside taxed ones, and the parties keep their VAT
   * identifiers (FatturaPA's N1/N2 lines; EN 16931's BR-O-11 and BR-O-02..04 do not apply).
   */
  readonly outOfScopeMixes?: boolean;
  /** The document type codes (BT-3) the format allows; only 380 and 381 when absent. */
  readonly typeCodes?: TypeCodes;
  /** The profile's own checks of the document (Peppol: the German national rules DE-R-*). */
  check?(doc: MainDocument, entity: BusinessEntity, categories: ReadonlySet<string>, issues: IssueList): void;
}

/** The semantic invoice, or only issues when it cannot be built. Issue codes are bare numbers the driver's IssueList prefixes. */
export function semanticInvoice(doc: MainDocument, ctx: DocumentContext<En16931Settings>, issues: IssueList, profile: Profile): SemanticInvoice | undefined {
  const settings = ctx.settings;
  const mapped = mapLines(doc.lines, issues, settings);
  const lines = mapped.filter((l): l is Line => l !== undefined);
  const categories = new Set(lines.map((l) => l.item.taxCategory.id));
  checkCategoryParties(doc, categories, issues, profile.outOfScopeMixes === true);
  profile.check?.(doc, ctx.entity, categories, issues);
  const partyOptions = { withoutVat: categories.has('O') && !profile.outOfScopeMixes, endpointRequired: profile.endpointRequired };
  const supplier = supplierParty(doc.accounting_supplier_party, ctx.entity, 'accounting_supplier_party', issues, partyOptions);
  const customer = customerParty(doc.accounting_customer_party, 'accounting_customer_party', issues, partyOptions);
  const isInvoice = doc.type === 'INVOICE';
  const typeCode = documentTypeCode(doc, profile.typeCodes ?? WRITTEN_TYPE_CODES, issues);
  const billingReferences = billingReferencesOf(doc);
  if (!isInvoice && billingReferences.length === 0) {
    issues.missing('040', 'billing_reference', 'a credit note must reference the invoice it corrects');
  }
  const paymentMeans = mapPaymentMeans(doc.payment_means ?? [], isInvoice ? undefined : doc.due_date, issues);
  if (lines.length !== mapped.length) return undefined;
  const breakdown = taxBreakdown(doc, lines, issues, settings);
  const totals = breakdown && monetaryTotals(doc, lines, breakdown, issues);
  if (totals && signOf(totals.payable) > 0 && !doc.due_date) {
    issues.missing('042', 'due_date', 'is required while an amount is payable (BR-CO-25)');
  }
  if (!supplier || !customer || !breakdown || !totals || issues.hasErrors) return undefined;
  return {
    kind: isInvoice ? 'Invoice' : 'CreditNote',
    ...profile.specification,
    id: doc.id,
    issueDate: doc.issue_date,
    dueDate: isInvoice ? doc.due_date : undefined,
    typeCode,
    notes: doc.note ? [{ text: doc.note }] : [],
    taxPointDate: doc.tax_date,
    currency: doc.currency_code,
    buyerReference: doc.buyer_reference ?? profile.buyerReference(doc),
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
 * address, written whole (XRechnung wants its city and post code too, BR-DE-10/11).
 */
function deliveryOf(doc: MainDocument, categories: Set<string>): Delivery | undefined {
  if (!categories.has('K')) return undefined;
  return { date: doc.tax_date ?? doc.issue_date, address: addressOf(doc.accounting_customer_party.address) };
}

/** Who must carry a VAT identifier for each category (BR-S-02, BR-AE-02/03, BR-IC-02, BR-O-11…). */
function checkCategoryParties(doc: MainDocument, categories: Set<string>, issues: IssueList, outOfScopeMixes: boolean): void {
  const sellerVat = vatIdsOf(doc.accounting_supplier_party).length > 0;
  const buyerVat = vatIdsOf(doc.accounting_customer_party).length > 0;
  const needsSellerVat = [...categories].filter((c) => c !== 'O');
  if (needsSellerVat.length > 0 && !sellerVat) {
    issues.missing('026', 'accounting_supplier_party.tax_scheme', `VAT category ${needsSellerVat.join(', ')} requires the seller's VAT identifier`);
  }
  for (const c of ['AE', 'K']) {
    const buyerLegal = c === 'AE' && !!doc.accounting_customer_party.legal_entity?.company_id;
    if (categories.has(c) && !buyerVat && !buyerLegal) {
      issues.missing('025', 'accounting_customer_party.tax_scheme', `VAT category ${c} requires the buyer's VAT identifier`);
    }
  }
  if (categories.has('O') && categories.size > 1 && !outOfScopeMixes) {
    issues.invalid('027', 'lines', 'a document with "not subject to VAT" (O) lines cannot contain other VAT categories (BR-O-11)');
  }
}
