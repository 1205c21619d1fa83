import { recordEvent } from '../events/event-log.js';
import { found, invalidState, paramRequired, paramWrong } from '../errors.js';
import { readFilters, readSortOrder, type FilterSpec } from '../filters.js';
import type { Pagination } from '../pagination.js';
import { readIndexed } from '../params.js';
import { AddonRow, ChargeRow, INVOICE_STATUSES, type Invoice, type InvoiceCharge, type InvoiceChargeAddon, type InvoiceCreate } from '../schemas/invoice.js';
import type { Order } from '../schemas/order.js';
import { invoiceColumns } from '../store/billing-store.js';
import { getAddon } from './catalog.js';
import { seconds, touch, type BillingContext } from './context.js';
import { address, getCustomer } from './customers.js';
import type { DraftLine } from './invoice-draft.js';
import { issueInvoice, type Issued } from './invoice-issue.js';
import { getSubscription } from './subscriptions.js';

// One-off invoices (create, charge, charge_addon), void, delete, retrieve and list. Invoices
// are numbered 1, 2, … in the order they are issued and dated when issued, so `date` order is
// creation order.

export const INVOICE_FILTERS: readonly FilterSpec[] = [
  { name: 'id', type: { kind: 'string' } },
  { name: 'customer_id', type: { kind: 'string' } },
  { name: 'subscription_id', type: { kind: 'optional_string' } },
  { name: 'status', type: { kind: 'enum', values: INVOICE_STATUSES } },
  { name: 'date', type: { kind: 'timestamp' } },
  { name: 'paid_at', type: { kind: 'timestamp' } },
];

export function createInvoice(input: InvoiceCreate, ctx: BillingContext): Issued {
  const lines: DraftLine[] = [
    ...readIndexed('charges', ChargeRow, input.charges).map((c, i): DraftLine => ({ entity_type: 'adhoc', description: c.description, unit_amount: c.amount, quantity: 1, param: `charges[amount][${i}]` })),
    ...readIndexed('addons', AddonRow, input.addons).map((a, i) => addonLine(a.id, a.quantity ?? 1, `addons[id][${i}]`, ctx)),
  ];
  if (lines.length === 0) throw paramRequired('charges[amount][0]');
  return issueInvoice({ ...payer(input, ctx), lines, ...common(input), ...(input.shipping_address && { shippingAddress: address(input.shipping_address, 'shipping_address') }) }, ctx);
}

export function chargeInvoice(input: InvoiceCharge, ctx: BillingContext): Issued {
  if (input.coupon !== undefined && input.subscription_id !== undefined) throw paramWrong('coupon', 'can be given only with customer_id.');
  return issueInvoice({ ...payer(input, ctx), lines: [{ entity_type: 'adhoc', description: input.description, unit_amount: input.amount, quantity: 1, param: 'amount' }], ...common(input) }, ctx);
}

export function chargeAddon(input: InvoiceChargeAddon, ctx: BillingContext): Issued {
  const subscription = getSubscription(input.subscription_id, ctx, 'subscription_id');
  const line = addonLine(input.addon_id, input.addon_quantity ?? 1, 'addon_id', ctx, input.addon_unit_price);
  return issueInvoice({ customer: getCustomer(subscription.customer_id, ctx), subscriptionId: subscription.id, lines: [line], ...common(input) }, ctx);
}

export function voidInvoice(id: string, ctx: BillingContext): Invoice {
  return ctx.store.transaction(() => {
    const invoice = getInvoice(id, ctx);
    if (invoice.status === 'voided') throw invalidState(`The invoice ${id} is already voided.`);
    refuseIfSettled(invoice, 'voided');
    const now = ctx.clock();
    const voided: Invoice = { ...invoice, status: 'voided', voided_at: seconds(now), ...touch(invoice, now) };
    ctx.store.invoices.update(voided, invoiceColumns(voided));
    recordEvent(ctx, 'invoice_updated', { invoice: voided });
    return voided;
  });
}

/** Removes the invoice and answers it with `deleted: true`; its number is not given again. */
export function deleteInvoice(id: string, ctx: BillingContext): Invoice {
  return ctx.store.transaction(() => {
    const invoice = getInvoice(id, ctx);
    refuseIfSettled(invoice, 'deleted');
    ctx.store.invoices.remove(id);
    const deleted: Invoice = { ...invoice, deleted: true, ...touch(invoice, ctx.clock()) };
    recordEvent(ctx, 'invoice_deleted', { invoice: deleted });
    return deleted;
  });
}

export function getInvoice(id: string, ctx: BillingContext, param?: string): Invoice {
  return found(ctx.store.invoices.get(id), 'invoice', id, param);
}

export function listInvoices(page: Pagination, query: Record<string, unknown>, ctx: BillingContext, fixed: Record<string, string> = {}) {
  return ctx.store.invoices.list({ ...page, where: fixed, conditions: readFilters(query, INVOICE_FILTERS), order: readSortOrder(query, ['date']) });
}

/** Keeps the invoice's `linked_orders` in step with an order created or updated against it. */
export function linkOrder(order: Order, ctx: BillingContext): void {
  const invoice = getInvoice(order.invoice_id, ctx, 'invoice_id');
  const link = { id: order.id, status: order.status, ...(order.reference_id !== undefined && { reference_id: order.reference_id }), ...(order.fulfillment_status !== undefined && { fulfillment_status: order.fulfillment_status }), ...(order.batch_id !== undefined && { batch_id: order.batch_id }), created_at: order.created_at, object: 'linked_order' as const };
  const known = invoice.linked_orders.some((o) => o.id === order.id);
  const orders = known ? invoice.linked_orders.map((o) => (o.id === order.id ? link : o)) : [...invoice.linked_orders, link];
  const linked: Invoice = { ...invoice, linked_orders: orders, ...touch(invoice, ctx.clock()) };
  ctx.store.invoices.update(linked, invoiceColumns(linked));
}

/** Void and delete are refused once money or credit has been applied to the invoice. */
function refuseIfSettled(invoice: Invoice, action: string): void {
  if (invoice.linked_payments.some((p) => p.txn_status === 'success')) throw invalidState(`The invoice ${invoice.id} has successful payments and cannot be ${action}.`);
  if (invoice.adjustment_credit_notes.length > 0) throw invalidState(`The invoice ${invoice.id} has credit adjustments and cannot be ${action}.`);
}

function payer(input: { customer_id?: string; subscription_id?: string }, ctx: BillingContext) {
  if (input.subscription_id !== undefined) {
    if (input.customer_id !== undefined) throw paramWrong('subscription_id', 'give either customer_id or subscription_id, not both.');
    const subscription = getSubscription(input.subscription_id, ctx, 'subscription_id');
    return { customer: getCustomer(subscription.customer_id, ctx), subscriptionId: subscription.id };
  }
  if (input.customer_id === undefined) throw paramRequired('customer_id');
  return { customer: getCustomer(input.customer_id, ctx, 'customer_id') };
}

function common(input: { coupon?: string; po_number?: string; invoice_note?: string }) {
  return {
    oneTimeCouponOnly: true,
    ...(input.coupon !== undefined && { coupon: input.coupon }),
    ...(input.po_number !== undefined && { poNumber: input.po_number }),
    ...(input.invoice_note !== undefined && { invoiceNote: input.invoice_note }),
  };
}

/** One-off invoices charge non-recurring addons; an on/off addon is charged once. */
function addonLine(id: string, quantity: number, param: string, ctx: BillingContext, unitAmount?: number): DraftLine {
  const addon = getAddon(id, ctx, param);
  const quantityParam = param.replace('[id]', '[quantity]').replace('addon_id', 'addon_quantity');
  if (addon.charge_type !== 'non_recurring') throw paramWrong(param, `${id} is a recurring addon; only non-recurring addons can be charged on their own.`);
  if (addon.type === 'on_off' && quantity !== 1) throw paramWrong(quantityParam, `${id} is an on/off addon; its quantity is 1.`);
  return { entity_type: 'addon', item: addon, quantity, ...(unitAmount !== undefined && { unit_amount: unitAmount }), param: quantityParam };
}
