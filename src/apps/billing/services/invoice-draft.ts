import { priceInvoice, type LineToPrice, type Priced, type PricedLine } from '../money/invoice-pricing.js';
import { paramWrong } from '../errors.js';
import type { Addon, Plan } from '../schemas/catalog.js';
import type { Address } from '../schemas/address.js';
import type { Customer } from '../schemas/customer.js';
import type { Invoice, InvoiceDiscount, LineItem, LineItemTax } from '../schemas/invoice.js';
import type { BillingSite } from '../site.js';
import type { CouponChoice } from './coupon-redemption.js';
import { newId, seconds, touch } from './context.js';

// An invoice as it is drafted, before collection decides its status: lines priced with the
// coupon and the tax rate of the customer's billing-address country (see money/invoice-pricing.ts).
// Pure apart from the line ids: the clock and the site come in.

export type DraftLine = (
  | { entity_type: 'adhoc'; description: string; unit_amount: number; quantity: 1 }
  | { entity_type: 'addon'; item: Addon; quantity: number; unit_amount?: number }
  | { entity_type: 'plan'; item: Plan; quantity: number }
) & {
  /** The parameter that set the line's amount or quantity: an amount too large to hold is refused naming it. */
  param: string;
};

export interface DraftInput {
  id: string;
  customer: Customer;
  subscriptionId?: string;
  recurring: boolean;
  firstInvoice: boolean;
  lines: readonly DraftLine[];
  /** Service period of the lines (a subscription's term); the invoice date when absent. */
  period?: { from: number; to: number };
  coupon?: CouponChoice;
  poNumber?: string;
  invoiceNote?: string;
  shippingAddress?: Address;
  now: Date;
  site: BillingSite;
}

const countryName = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

interface TaxPlace {
  country?: string;
  /** Basis points; undefined when the country has no configured rate. */
  rate?: number;
  exempt: boolean;
}

export function draftInvoice(input: DraftInput): Invoice {
  const { customer, site, now, coupon } = input;
  const date = seconds(now);
  const country = customer.billing_address?.country;
  const place: TaxPlace = { ...(country && { country }), ...(country && site.taxRates.has(country) && { rate: site.taxRates.get(country)! }), exempt: customer.taxability === 'exempt' };
  const toPrice: LineToPrice[] = input.lines.map((l) => ({
    unit_amount: unitAmount(l),
    quantity: l.quantity,
    taxable: !place.exempt && place.rate !== undefined && (l.entity_type === 'adhoc' || l.item.taxable),
    discountable: coupon !== undefined && appliesTo(coupon, l),
  }));
  const priced = priceInvoice(toPrice, coupon?.coupon, place.exempt ? 0 : place.rate ?? 0);
  refuseUnsafeAmounts(input.lines, priced);
  const lineItems = input.lines.map((l, i) => lineItem(input, l, toPrice[i]!, priced.lines[i]!, place));
  const discount = priced.item_level_discount + priced.invoice_level_discount;
  const notes = invoiceNotes(input);
  return {
    id: input.id,
    object: 'invoice',
    customer_id: customer.id,
    ...(input.subscriptionId && { subscription_id: input.subscriptionId }),
    recurring: input.recurring,
    status: 'payment_due',
    ...(input.poNumber !== undefined && { po_number: input.poNumber }),
    ...(customer.vat_number !== undefined && { vat_number: customer.vat_number }),
    price_type: 'tax_exclusive',
    date,
    start_date: input.period?.from ?? date,
    end_date: date,
    due_date: date,
    net_term_days: 0,
    currency_code: site.currency,
    base_currency_code: site.currency,
    exchange_rate: 1,
    sub_total: priced.sub_total,
    tax: priced.tax,
    total: priced.total,
    amount: priced.total,
    amount_paid: 0,
    amount_adjusted: 0,
    credits_applied: 0,
    write_off_amount: 0,
    amount_due: priced.total,
    amount_to_collect: priced.total,
    round_off_amount: 0,
    first_invoice: input.firstInvoice,
    has_advance_charges: false,
    term_finalized: true,
    is_gifted: false,
    generated_at: date,
    ...touch(undefined, now),
    deleted: false,
    line_items: lineItems,
    discounts: coupon && discount > 0 ? [couponDiscount(coupon, discount)] : [],
    taxes: priced.tax > 0 ? [{ object: 'tax', name: 'VAT', amount: priced.tax, description: `VAT @ ${place.rate! / 100}%` }] : [],
    line_item_taxes: lineItems.filter((l) => l.is_taxed).map((l) => lineTax(l, place)),
    linked_payments: [],
    applied_credits: [],
    adjustment_credit_notes: [],
    issued_credit_notes: [],
    linked_orders: [],
    ...(notes.length > 0 && { notes }),
    ...(customer.billing_address && { billing_address: invoiceBillingAddress(customer) }),
    ...(input.shippingAddress && { shipping_address: input.shippingAddress }),
  };
}

/**
 * Each amount parameter holds at most 2^53 - 1 cents (what a JavaScript number holds exactly), but
 * quantities multiply them and lines add up: an amount past it would lose cents, and the e-invoice
 * made from the invoice would not add up. Refused naming the line's parameter (the last line's for
 * a total).
 */
function refuseUnsafeAmounts(lines: readonly DraftLine[], priced: Priced): void {
  const unsafe = priced.lines.findIndex((l) => !Number.isSafeInteger(l.amount));
  if (unsafe >= 0) throw paramWrong(lines[unsafe]!.param, `makes the line amount more than ${Number.MAX_SAFE_INTEGER} cents.`);
  if (![priced.sub_total, priced.tax, priced.total].every((a) => Number.isSafeInteger(a))) throw paramWrong(lines[lines.length - 1]!.param, `makes the invoice total more than ${Number.MAX_SAFE_INTEGER} cents.`);
}

function lineItem(input: DraftInput, l: DraftLine, toPrice: LineToPrice, p: PricedLine, place: TaxPlace): LineItem {
  const date = seconds(input.now);
  return {
    id: newId('li_', input.now),
    object: 'line_item',
    ...(input.subscriptionId && { subscription_id: input.subscriptionId }),
    customer_id: input.customer.id,
    date_from: input.period?.from ?? date,
    date_to: input.period?.to ?? date,
    description: l.entity_type === 'adhoc' ? l.description : l.item.invoice_name ?? l.item.name,
    entity_type: l.entity_type,
    ...(l.entity_type !== 'adhoc' && { entity_id: l.item.id }),
    unit_amount: toPrice.unit_amount,
    quantity: l.quantity,
    amount: p.amount,
    pricing_model: l.entity_type === 'adhoc' ? 'flat_fee' : l.item.pricing_model,
    is_taxed: toPrice.taxable,
    tax_amount: p.tax_amount,
    ...(toPrice.taxable && { tax_rate: place.rate! / 100 }),
    ...(!toPrice.taxable && { tax_exempt_reason: place.exempt ? 'customer_exempt' : place.rate === undefined ? 'tax_not_configured' : 'product_exempt' }),
    discount_amount: p.discount_amount,
    item_level_discount_amount: p.item_level_discount_amount,
  };
}

function lineTax(l: LineItem, place: TaxPlace): LineItemTax {
  return {
    line_item_id: l.id,
    tax_name: 'VAT',
    tax_rate: place.rate! / 100,
    tax_juris_type: 'country',
    tax_juris_name: countryName.of(place.country!) ?? place.country!,
    tax_juris_code: place.country!,
    tax_amount: l.tax_amount,
    taxable_amount: l.amount - l.discount_amount,
    is_partial_tax_applied: false,
    is_non_compliance_tax: false,
    object: 'line_item_tax',
  };
}

function couponDiscount(choice: CouponChoice, amount: number): InvoiceDiscount {
  return {
    object: 'discount',
    type: 'coupon',
    entity_type: choice.coupon.apply_on === 'invoice_amount' ? 'document_level_coupon' : 'item_level_coupon',
    entity_id: choice.coupon.id,
    ...(choice.code && { coupon_set_code: choice.code.code }),
    description: choice.coupon.invoice_name ?? choice.coupon.name,
    amount,
  };
}

function unitAmount(l: DraftLine): number {
  if (l.entity_type === 'adhoc') return l.unit_amount;
  if (l.entity_type === 'addon') return l.unit_amount ?? l.item.price;
  return l.item.price;
}

/** Whether an item-level coupon covers the line (plan_constraint / addon_constraint). */
function appliesTo(choice: CouponChoice, line: DraftLine): boolean {
  const c = choice.coupon;
  if (c.apply_on === 'invoice_amount') return true;
  if (line.entity_type === 'adhoc') return false;
  const [constraint, ids] = line.entity_type === 'plan' ? [c.plan_constraint, c.plan_ids] : [c.addon_constraint, c.addon_ids];
  return constraint === 'all' || (constraint === 'specific' && (ids ?? []).includes(line.item.id));
}

/** The customer's billing address; empty name and company are taken from the customer. */
function invoiceBillingAddress(customer: Customer): Address {
  const a = customer.billing_address!;
  return {
    ...a,
    ...(!a.first_name && customer.first_name && { first_name: customer.first_name }),
    ...(!a.last_name && customer.last_name && { last_name: customer.last_name }),
    ...(!a.company && customer.company && { company: customer.company }),
  };
}

function invoiceNotes(input: DraftInput): NonNullable<Invoice['notes']> {
  const notes: NonNullable<Invoice['notes']> = [];
  for (const l of input.lines) if (l.entity_type !== 'adhoc' && l.item.invoice_notes) notes.push({ note: l.item.invoice_notes, entity_type: l.entity_type, entity_id: l.item.id, object: 'note' });
  if (input.coupon?.coupon.invoice_notes) notes.push({ note: input.coupon.coupon.invoice_notes, entity_type: 'coupon', entity_id: input.coupon.coupon.id, object: 'note' });
  if (input.customer.invoice_notes) notes.push({ note: input.customer.invoice_notes, entity_type: 'customer', entity_id: input.customer.id, object: 'note' });
  if (input.invoiceNote) notes.push({ note: input.invoiceNote, object: 'note' });
  return notes;
}
