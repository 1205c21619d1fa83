import type { ApplicationResponseDocument, MainDocument, SpiLine, SpiParty, SpiPaymentMeans, SpiTaxSubTotal } from '../../../spi/document.js';
import type { Party } from '../../../spi/business-entity.js';
import { euVatPrefix } from '../../../code-lists/eu-members.js';
import { compactId } from '../../../code-lists/identifier.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { Customer } from '../schemas/customer.js';
import type { Invoice, LineItem } from '../schemas/invoice.js';
import type { EinvoiceRoute } from './einvoicing-settings.js';

// A billing document as the SPI document the platform submits (POST /einvoicing/documents).
// Pure: the same invoice, customer and route always give the same document, so a retried
// submission is byte-for-byte the first one.
//
// - Amounts: integer cents → decimal numbers with two places (1999 → 19.99), through the
//   decimal string, never by float division.
// - Lines: `amount` is quantity × unit price before the line's discount and `discount` the
//   line's whole discount (item-level coupons plus its share of an invoice-level coupon, as the
//   billing module spreads it), so `total_discount` is the sum of the line discounts
//   (docs/spi.md, "How fields are read").
// - Taxes: a taxed line is category S at the invoice's rate; a line of an exempt customer is E,
//   one of a country without a configured rate O; tax_sub_totals group the lines by category
//   and rate, with the billing module's own per-line taxes (they add up to the invoice's tax).
// - Buyer: billing address and VAT identifier. The platform keeps `vat_number` without its
//   country prefix; the full identifier is `vat_number_prefix`, else the billing country's
//   code (EL for Greece), followed by the number, unless the number already starts with them.
// - Payment: the platform collects online, so every document names the online payment service
//   (UNCL4461 68), or the card it was paid with (48, last four digits only).

export function spiInvoice(invoice: Invoice, customer: Customer, route: EinvoiceRoute): MainDocument {
  return {
    ...head(route, 'INVOICE', invoice.id, invoice.date),
    ...(invoice.due_date && { due_date: isoDate(invoice.due_date) }),
    currency_code: invoice.currency_code,
    amount: decimal(invoice.total),
    status: invoice.status === 'pending' ? 'POSTED' : (invoice.status.toUpperCase() as MainDocument['status'] & string),
    taxable_amount: decimal(invoice.total - invoice.tax),
    amount_due: decimal(invoice.amount_due),
    total_discount: decimal(sum(invoice.line_items.map((l) => l.discount_amount))),
    ...(invoice.notes?.length && { note: invoice.notes.map((n) => n.note).join('\n').slice(0, 5000) }),
    ...(invoice.po_number && { order_reference: invoice.po_number }),
    ...taxExchangeRate(route, invoice.currency_code),
    ...parties(route, customer),
    payment_means: [paymentMeans(invoice.id, customer, invoice.linked_payments.some((p) => p.txn_status === 'success'))],
    ...linesAndTaxes(invoice.line_items, route.country, invoice.tax),
  };
}

/** The configured rate into the country's VAT currency, for a document in another currency. */
function taxExchangeRate(route: EinvoiceRoute, currency: string): Pick<MainDocument, 'tax_exchange_rate'> {
  const r = route.taxExchangeRate;
  return r && r.targetCurrency !== currency ? { tax_exchange_rate: { calculation_rate: r.rate, target_currency_code: r.targetCurrency } } : {};
}

export function spiCreditNote(cn: CreditNote, invoice: Pick<Invoice, 'id' | 'date'> | undefined, customer: Customer, route: EinvoiceRoute): MainDocument {
  const tax = sum(cn.line_items.map((l) => l.tax_amount));
  return {
    ...head(route, 'CREDIT_NOTE', cn.id, cn.date),
    currency_code: cn.currency_code,
    amount: decimal(cn.total),
    status: cn.status.toUpperCase() as MainDocument['status'] & string,
    taxable_amount: decimal(cn.total - tax),
    amount_due: decimal(cn.status === 'refund_due' ? cn.amount_available : 0),
    total_discount: decimal(sum(cn.line_items.map((l) => l.discount_amount))),
    ...(cn.customer_notes && { note: cn.customer_notes }),
    ...taxExchangeRate(route, cn.currency_code),
    billing_reference: [{ invoice_document_reference: { id: cn.reference_invoice_id, ...(invoice && { issue_date: isoDate(invoice.date) }) } }],
    ...parties(route, customer),
    payment_means: [paymentMeans(cn.id, customer, false)],
    ...linesAndTaxes(cn.line_items, route.country, tax),
  };
}

/** What the merchant answers about one of its documents (`send_einvoice` with `application_response`). */
export interface ResponseRequest {
  /** The response's own id (the UBL ApplicationResponse ID). */
  id: string;
  /** The SPI's response status, upper-case (MESSAGE_ACKNOWLEDGEMENT, UNDER_QUERY, …). */
  status: string;
  note?: string | undefined;
  /** Seconds since the epoch. */
  date: number;
}

/**
 * An SPI application response about the invoice or credit note `documentId`: from the seller's
 * business entity (whom the adapter finds by its company id or electronic address) to the
 * customer (whose Peppol address the adapter derives from the full VAT identifier).
 */
export function spiApplicationResponse(
  response: ResponseRequest,
  about: { type: 'INVOICE' | 'CREDIT_NOTE'; id: string },
  customer: Customer,
  route: EinvoiceRoute,
): ApplicationResponseDocument {
  const seller = route.seller;
  const sellerId = seller.legal_entity.company_id ?? seller.tax_identifiers[0]?.id;
  const buyer = buyerParty(customer);
  const vat = fullVatNumber(customer);
  return {
    id: response.id,
    type: 'APPLICATION_RESPONSE',
    country: route.country,
    transaction_type: route.transactionType,
    model: route.model,
    issue_date: isoDate(response.date),
    sender_party: {
      legal_entity: { registration_name: seller.legal_entity.registration_name, ...(sellerId && { company_id: sellerId }) },
      ...(seller.electronic_address && { electronic_address: seller.electronic_address }),
    },
    receiver_party: { legal_entity: { registration_name: buyer.name ?? customer.id, ...(vat && { company_id: vat }) } },
    document_response: {
      response: { status: response.status, ...(response.note && { note: response.note }) },
      document_reference: { id: about.id, document_type_code: about.type === 'INVOICE' ? '380' : '381' },
    },
  };
}

/** The buyer's full VAT identifier from the platform's number and prefix. */
export function fullVatNumber(customer: Pick<Customer, 'vat_number' | 'vat_number_prefix' | 'billing_address'>): string | undefined {
  const number = customer.vat_number && compactId(customer.vat_number);
  if (!number) return undefined;
  const country = customer.billing_address?.country;
  // A member state's numbers carry its VAT prefix (Greece's EL), another country's its ISO code.
  const prefix = (customer.vat_number_prefix ?? (country && (euVatPrefix(country) ?? country)))?.toUpperCase();
  if (!prefix || number.startsWith(prefix)) return number;
  return `${prefix}${number}`;
}

/** Integer cents as a decimal number with the same digits (1999 → 19.99). */
export function decimal(cents: number): number {
  const abs = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return Number(text);
}

function head(route: EinvoiceRoute, type: 'INVOICE' | 'CREDIT_NOTE', id: string, date: number) {
  return { id, type, country: route.country, transaction_type: route.transactionType, model: route.model, issue_date: isoDate(date), tax_date: isoDate(date) } as const;
}

function parties(route: EinvoiceRoute, customer: Customer): Pick<MainDocument, 'accounting_supplier_party' | 'accounting_customer_party'> {
  return { accounting_supplier_party: sellerParty(route.seller), accounting_customer_party: buyerParty(customer) };
}

function sellerParty(p: Party): SpiParty {
  return {
    name: p.name,
    address: p.address,
    tax_scheme: p.tax_identifiers.map((t) => ({ scheme: t.scheme, id: t.id })),
    legal_entity: { registration_name: p.legal_entity.registration_name, ...(p.legal_entity.company_id && { company_id: p.legal_entity.company_id }) },
    ...(p.electronic_address && { electronic_address: p.electronic_address }),
  };
}

function buyerParty(c: Customer): SpiParty {
  const a = c.billing_address!;
  const person = [c.first_name ?? a.first_name, c.last_name ?? a.last_name].filter(Boolean).join(' ');
  const name = c.company ?? a.company ?? (person || c.id);
  const vat = fullVatNumber(c);
  return {
    name,
    address: {
      ...(a.line1 && { line_1: a.line1 }),
      ...(a.line2 && { line_2: a.line2 }),
      ...(a.line3 && { line_3: a.line3 }),
      ...(a.zip && { zip: a.zip }),
      ...(a.city && { city: a.city }),
      ...(a.state && { division: a.state }),
      country: a.country!,
    },
    ...(vat && { tax_scheme: [{ scheme: 'VAT', id: vat }] }),
    legal_entity: { registration_name: name },
  };
}

function paymentMeans(documentId: string, customer: Customer, paidByCard: boolean): SpiPaymentMeans {
  const card = paidByCard ? customer.card : undefined;
  return {
    code: 'ONLINE_PAYMENT_SERVICE',
    payment_id: documentId,
    ...(card && {
      card_account: {
        primary_account_number_id: card.last4,
        network_id: card.card_type,
        ...((card.first_name || card.last_name) && { card_holder_name: [card.first_name, card.last_name].filter(Boolean).join(' ') }),
      },
    }),
  };
}

function linesAndTaxes(items: readonly LineItem[], country: string, tax: number): Pick<MainDocument, 'lines' | 'tax_total'> {
  const groups = new Map<string, { category: string; percentage: number; base: number; tax: number }>();
  const lines = items.map((l, i): SpiLine => {
    const { category, percentage } = taxCategory(l);
    const key = `${category}/${percentage}`;
    const g = groups.get(key) ?? { category, percentage, base: 0, tax: 0 };
    g.base += l.amount - l.discount_amount;
    g.tax += l.tax_amount;
    groups.set(key, g);
    return {
      id: String(i + 1),
      description: l.description,
      quantity: l.quantity,
      unit_price: decimal(l.unit_amount),
      amount: decimal(l.amount),
      ...(l.discount_amount > 0 && { discount: decimal(l.discount_amount) }),
      ...(l.entity_id && { item_code: l.entity_id }),
      classified_tax_category: [{ category, percentage, country }],
    };
  });
  const subTotals = [...groups.values()].map((g): SpiTaxSubTotal => ({ taxable_amount: decimal(g.base), tax_amount: decimal(g.tax), percentage: g.percentage, category: g.category, country }));
  return { lines, tax_total: { tax_amount: decimal(tax), tax_sub_totals: subTotals } };
}

function taxCategory(l: LineItem): { category: string; percentage: number } {
  if (l.is_taxed) return { category: 'S', percentage: l.tax_rate ?? 0 };
  return { category: l.tax_exempt_reason === 'tax_not_configured' ? 'O' : 'E', percentage: 0 };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Seconds since the epoch → the UTC date, YYYY-MM-DD. */
function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
