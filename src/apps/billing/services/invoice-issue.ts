import { scheduleEinvoice } from '../einvoicing/einvoice.js';
import { recordEvent } from '../events/event-log.js';
import { customerView } from './customers.js';
import { BillingError } from '../errors.js';
import type { Address } from '../schemas/address.js';
import type { Customer } from '../schemas/customer.js';
import type { Invoice } from '../schemas/invoice.js';
import type { Transaction } from '../schemas/transaction.js';
import { invoiceColumns } from '../store/billing-store.js';
import { seconds, type BillingContext } from './context.js';
import { chooseCoupon, redeem } from './coupon-redemption.js';
import { draftInvoice, type DraftLine } from './invoice-draft.js';
import { canCollect, charge } from './test-gateway.js';
import { applyPayment, gatewayTransaction, insertTransaction } from './transactions.js';

// Issuing an invoice, shared by create, charge, charge_addon and a subscription's first term.
// With the customer's auto_collection `on` and a payment method, the amount is collected at
// once: the invoice exists only if the payment succeeds (it is `paid`); a declined payment
// leaves a `failure` transaction and no invoice, and answers a payment error. With
// auto_collection `off`, or nothing to charge, the invoice is `payment_due`. Everything an
// issue writes (number, invoice, payment, coupon redemption, a new subscription) is one
// transaction.

export interface IssueRequest {
  customer: Customer;
  subscriptionId?: string;
  lines: readonly DraftLine[];
  period?: { from: number; to: number };
  coupon?: string;
  /** One-off invoices take one-time coupons only. */
  oneTimeCouponOnly: boolean;
  poNumber?: string;
  invoiceNote?: string;
  shippingAddress?: Address;
  /** More writes of the same operation (a subscription), done only when the invoice is issued; what it answers joins the payment event's content. */
  alsoWrite?: (invoice: Invoice) => Record<string, unknown> | void;
}

export interface Issued {
  invoice: Invoice;
  transaction?: Transaction;
}

export function issueInvoice(req: IssueRequest, ctx: BillingContext): Issued {
  const outcome = ctx.store.transaction((): Issued | { declined: Transaction } => {
    const now = ctx.clock();
    const coupon = req.coupon === undefined ? undefined : chooseCoupon(req.coupon, { oneTimeOnly: req.oneTimeCouponOnly }, ctx);
    const draft = draftInvoice({
      id: '',
      customer: req.customer,
      ...(req.subscriptionId && { subscriptionId: req.subscriptionId }),
      recurring: req.subscriptionId !== undefined,
      firstInvoice: isFirst(req, ctx),
      lines: req.lines,
      ...(req.period && { period: req.period }),
      ...(coupon && { coupon }),
      ...(req.poNumber !== undefined && { poNumber: req.poNumber }),
      ...(req.invoiceNote !== undefined && { invoiceNote: req.invoiceNote }),
      ...(req.shippingAddress && { shippingAddress: req.shippingAddress }),
      now,
      site: ctx.site,
    });
    let txn: Transaction | undefined;
    if (draft.amount_due > 0 && canCollect(req.customer)) {
      txn = gatewayTransaction('payment', req.customer, draft.amount_due, charge(req.customer, ctx), ctx, req.subscriptionId);
      if (txn.status !== 'success') {
        insertTransaction(txn, null, ctx);
        recordEvent(ctx, 'payment_failed', { transaction: txn, customer: customerView(req.customer).customer });
        return { declined: txn };
      }
    }
    let invoice: Invoice = { ...draft, id: String(ctx.store.nextNumber('invoice')) };
    if (txn) ({ txn, invoice } = applyPayment(txn, invoice, now));
    else if (invoice.amount_due === 0) invoice = { ...invoice, status: 'paid', paid_at: seconds(now), paid_on: seconds(now) };
    if (coupon) redeem(coupon, ctx);
    const einvoice = scheduleEinvoice('invoice', invoice.id, req.customer, ctx);
    if (einvoice) invoice = { ...invoice, einvoice };
    ctx.store.invoices.insert(invoice, invoiceColumns(invoice));
    if (txn) insertTransaction(txn, invoice.id, ctx);
    const extra = req.alsoWrite?.(invoice) ?? {};
    recordEvent(ctx, 'invoice_generated', { invoice });
    if (txn) recordEvent(ctx, 'payment_succeeded', { transaction: txn, customer: customerView(req.customer).customer, ...extra });
    return { invoice, ...(txn && { transaction: txn }) };
  });
  if ('declined' in outcome) throw paymentFailed(outcome.declined);
  return outcome;
}

function isFirst(req: IssueRequest, ctx: BillingContext): boolean {
  const where: Record<string, string> = req.subscriptionId ? { subscription_id: req.subscriptionId } : { customer_id: req.customer.id };
  return ctx.store.invoices.list({ where, limit: 1 }).items.length === 0;
}

/** The platform's answer to a declined automatic collection (the failed transaction is kept). */
function paymentFailed(txn: Transaction): BillingError {
  return new BillingError(402, 'payment_processing_failed', `Payment collection failed. Reason: (${txn.error_code}) ${txn.error_text}.`, 'payment');
}
