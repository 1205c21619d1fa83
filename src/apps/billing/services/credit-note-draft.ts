import { allocate } from '../money/integer-math.js';
import { priceInvoice } from '../money/invoice-pricing.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { Invoice, LineItem, LineItemTax } from '../schemas/invoice.js';
import { newId, seconds, touch } from './context.js';

// A credit note's lines from the invoice it credits. The whole invoice is credited line for
// line. A part of it is spread over the invoice's lines in proportion to what each line is
// worth after discounts, and taxed again at the invoice's rate, rounded once as the invoice
// was. The net part is the largest whose total with tax stays within the amount asked for, so
// a credit note can come out a cent below an amount that no net amount reaches exactly.

export interface CreditNoteDraftInput {
  id: string;
  invoice: Invoice;
  total: number;
  type: CreditNote['type'];
  status: CreditNote['status'];
  reasonCode: string;
  createReasonCode?: string;
  customerNotes?: string;
  now: Date;
}

export function draftCreditNote(input: CreditNoteDraftInput): CreditNote {
  const { invoice, now } = input;
  const { lines, taxes } = input.total === invoice.total ? wholeInvoice(invoice, now) : partOfInvoice(invoice, input.total, now);
  const subTotal = lines.reduce((a, l) => a + l.amount - l.discount_amount, 0);
  const tax = lines.reduce((a, l) => a + l.tax_amount, 0);
  return {
    id: input.id,
    object: 'credit_note',
    customer_id: invoice.customer_id,
    ...(invoice.subscription_id && { subscription_id: invoice.subscription_id }),
    reference_invoice_id: invoice.id,
    type: input.type,
    reason_code: input.reasonCode,
    ...(input.createReasonCode !== undefined && { create_reason_code: input.createReasonCode }),
    status: input.status,
    date: seconds(now),
    price_type: 'tax_exclusive',
    currency_code: invoice.currency_code,
    base_currency_code: invoice.base_currency_code,
    exchange_rate: 1,
    total: subTotal + tax,
    sub_total: subTotal,
    amount_allocated: 0,
    amount_refunded: 0,
    amount_available: 0,
    ...(input.customerNotes !== undefined && { customer_notes: input.customerNotes }),
    generated_at: seconds(now),
    ...touch(undefined, now),
    deleted: false,
    line_items: lines,
    discounts: input.total === invoice.total ? invoice.discounts : [],
    taxes: tax > 0 ? [{ ...invoice.taxes[0]!, amount: tax }] : [],
    line_item_taxes: taxes,
    linked_refunds: [],
    allocations: [],
    ...(invoice.vat_number !== undefined && { vat_number: invoice.vat_number }),
    ...(invoice.billing_address && { billing_address: invoice.billing_address }),
  };
}

function wholeInvoice(invoice: Invoice, now: Date): { lines: LineItem[]; taxes: LineItemTax[] } {
  const ids = new Map(invoice.line_items.map((l) => [l.id, newId('li_', now)]));
  return {
    lines: invoice.line_items.map((l) => ({ ...l, id: ids.get(l.id)! })),
    taxes: invoice.line_item_taxes.map((t) => ({ ...t, line_item_id: ids.get(t.line_item_id)! })),
  };
}

function partOfInvoice(invoice: Invoice, total: number, now: Date): { lines: LineItem[]; taxes: LineItemTax[] } {
  const source = invoice.line_items;
  const weights = source.map((l) => l.amount - l.discount_amount);
  const rateBp = Math.round((source.find((l) => l.is_taxed)?.tax_rate ?? 0) * 100);
  const price = (net: number) => {
    const nets = allocate(net, weights);
    return { nets, priced: priceInvoice(nets.map((n, i) => ({ unit_amount: n, quantity: 1, taxable: source[i]!.is_taxed, discountable: false })), undefined, rateBp) };
  };
  // The largest net amount whose total stays within `total` (totals grow with the net amount).
  let lo = 0;
  let hi = total;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (price(mid).priced.total <= total) lo = mid;
    else hi = mid - 1;
  }
  const { nets, priced } = price(lo);
  const lines: LineItem[] = source.map((l, i) => ({
    ...l,
    id: newId('li_', now),
    unit_amount: nets[i]!,
    quantity: 1,
    amount: nets[i]!,
    discount_amount: 0,
    item_level_discount_amount: 0,
    tax_amount: priced.lines[i]!.tax_amount,
  }));
  const byLine = new Map(invoice.line_item_taxes.map((t) => [t.line_item_id, t]));
  const taxes = lines.flatMap((l, i): LineItemTax[] => {
    const t = byLine.get(source[i]!.id);
    return t ? [{ ...t, line_item_id: l.id, tax_amount: l.tax_amount, taxable_amount: l.amount }] : [];
  });
  return { lines, taxes };
}
