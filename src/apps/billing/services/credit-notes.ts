import { scheduleEinvoice } from '../einvoicing/einvoice.js';
import { recordEvent } from '../events/event-log.js';
import { found, invalidState, paramWrong } from '../errors.js';
import type { Pagination } from '../pagination.js';
import type { CreditNote, CreditNoteCreate, InvoiceRefund } from '../schemas/credit-note.js';
import type { CreditNoteLink, Invoice } from '../schemas/invoice.js';
import type { Transaction } from '../schemas/transaction.js';
import { creditNoteColumns, invoiceColumns } from '../store/billing-store.js';
import { seconds, touch, type BillingContext } from './context.js';
import { draftCreditNote } from './credit-note-draft.js';
import { customerView, getCustomer } from './customers.js';
import { getInvoice } from './invoices.js';
import { refund } from './test-gateway.js';
import { gatewayTransaction, insertTransaction } from './transactions.js';

// Credit notes, numbered CN-1, CN-2, …: an `adjustment` lowers what an unpaid invoice still
// asks for (fully adjusted, the invoice is `paid`); a `refundable` note credits what was paid,
// and `POST /invoices/{id}/refund` pays it back through the gateway at once (`refunded`).

export function createCreditNote(input: CreditNoteCreate, ctx: BillingContext): { credit_note: CreditNote; invoice: Invoice } {
  return ctx.store.transaction(() => {
    const invoice = getInvoice(input.reference_invoice_id, ctx, 'reference_invoice_id');
    if (input.type === 'adjustment') {
      if (invoice.status === 'voided' || invoice.amount_due === 0) throw invalidState(`The invoice ${invoice.id} has nothing due to adjust.`);
      const total = within(input.total ?? invoice.amount_due, invoice.amount_due, 'total', 'the amount due');
      return issue(invoice, { total, type: 'adjustment', status: 'adjusted', input }, ctx);
    }
    const creditable = invoice.amount_paid - credited(invoice);
    if (creditable <= 0) throw invalidState(`The invoice ${invoice.id} has no payment left to credit.`);
    const total = within(input.total ?? creditable, creditable, 'total', 'the amount paid and not yet credited');
    return issue(invoice, { total, type: 'refundable', status: 'refund_due', input }, ctx);
  });
}

export function refundInvoice(id: string, input: InvoiceRefund, ctx: BillingContext): { credit_note: CreditNote; invoice: Invoice; transaction: Transaction } {
  return ctx.store.transaction(() => {
    const invoice = getInvoice(id, ctx);
    const payment = invoice.linked_payments.find((p) => p.txn_status === 'success');
    const refundable = invoice.amount_paid - credited(invoice);
    if (!payment || refundable <= 0) throw invalidState(`The invoice ${id} has no payment left to refund.`);
    const total = within(input.refund_amount ?? refundable, refundable, 'refund_amount', 'the amount paid and not yet refunded');
    const reason = { reason_code: input.credit_note?.reason_code, create_reason_code: input.credit_note?.create_reason_code, customer_notes: input.customer_notes };
    const issued = issue(invoice, { total, type: 'refundable', status: 'refunded', input: reason }, ctx);
    const now = ctx.clock();
    const cn = issued.credit_note;
    const customer = getCustomer(invoice.customer_id, ctx);
    const txn: Transaction = {
      ...gatewayTransaction('refund', customer, cn.total, refund(ctx), ctx, invoice.subscription_id),
      refunded_txn_id: payment.txn_id,
      linked_credit_notes: [{ cn_id: cn.id, applied_amount: cn.total, applied_at: seconds(now), cn_reason_code: cn.reason_code, cn_date: cn.date, cn_total: cn.total, cn_status: cn.status, cn_reference_invoice_id: invoice.id }],
    };
    insertTransaction(txn, invoice.id, ctx);
    const refunded: CreditNote = { ...cn, amount_refunded: cn.total, refunded_at: seconds(now), linked_refunds: [{ txn_id: txn.id, applied_amount: txn.amount, applied_at: seconds(now), txn_status: txn.status, txn_date: txn.date, txn_amount: txn.amount }] };
    ctx.store.creditNotes.update(refunded, creditNoteColumns(refunded));
    recordEvent(ctx, 'payment_refunded', { transaction: txn, invoice: issued.invoice, credit_note: refunded, customer: customerView(customer).customer });
    return { ...issued, credit_note: refunded, transaction: txn };
  });
}

export function getCreditNote(id: string, ctx: BillingContext): CreditNote {
  return found(ctx.store.creditNotes.get(id), 'credit_note', id);
}

export const listCreditNotes = (page: Pagination, ctx: BillingContext, fixed: Record<string, string> = {}) => ctx.store.creditNotes.list({ ...page, where: fixed });

interface Issue {
  total: number;
  type: CreditNote['type'];
  status: CreditNote['status'];
  input: { reason_code?: string | undefined; create_reason_code?: string | undefined; customer_notes?: string | undefined };
}

function issue(invoice: Invoice, what: Issue, ctx: BillingContext): { credit_note: CreditNote; invoice: Invoice } {
  const now = ctx.clock();
  const draft = draftCreditNote({
    id: `CN-${ctx.store.nextNumber('credit_note')}`,
    invoice,
    total: what.total,
    type: what.type,
    status: what.status,
    reasonCode: what.input.reason_code ?? 'other',
    ...(what.input.create_reason_code !== undefined && { createReasonCode: what.input.create_reason_code }),
    ...(what.input.customer_notes !== undefined && { customerNotes: what.input.customer_notes }),
    now,
  });
  const adjusts = what.type === 'adjustment';
  const customer = getCustomer(invoice.customer_id, ctx);
  const einvoice = scheduleEinvoice('credit_note', draft.id, customer, ctx);
  const cn: CreditNote = adjusts
    ? { ...draft, amount_allocated: draft.total, allocations: [{ invoice_id: invoice.id, allocated_amount: draft.total, allocated_at: seconds(now), invoice_date: invoice.date, invoice_status: invoice.status }] }
    : { ...draft, amount_available: what.status === 'refund_due' ? draft.total : 0 };
  if (einvoice) cn.einvoice = einvoice;
  const link: CreditNoteLink = { cn_id: cn.id, cn_reason_code: cn.reason_code, ...(cn.create_reason_code !== undefined && { cn_create_reason_code: cn.create_reason_code }), cn_date: cn.date, cn_total: cn.total, cn_status: cn.status };
  const due = adjusts ? invoice.amount_due - cn.total : invoice.amount_due;
  const updated: Invoice = {
    ...invoice,
    ...(adjusts
      ? { amount_adjusted: invoice.amount_adjusted + cn.total, amount_due: due, amount_to_collect: due, adjustment_credit_notes: [...invoice.adjustment_credit_notes, link] }
      : { issued_credit_notes: [...invoice.issued_credit_notes, link] }),
    ...(adjusts && due === 0 && { status: 'paid' as const, paid_at: seconds(now), paid_on: seconds(now) }),
    ...touch(invoice, now),
  };
  ctx.store.creditNotes.insert(cn, creditNoteColumns(cn));
  ctx.store.invoices.update(updated, invoiceColumns(updated));
  if (what.status === 'refund_due') {
    ctx.store.customers.update({ ...customer, refundable_credits: customer.refundable_credits + cn.total, ...touch(customer, now) });
  }
  recordEvent(ctx, 'credit_note_created', { credit_note: cn });
  recordEvent(ctx, 'invoice_updated', { invoice: updated });
  return { credit_note: cn, invoice: updated };
}

/** What refundable credit notes have already credited of the invoice's payments. */
const credited = (invoice: Invoice) => invoice.issued_credit_notes.reduce((a, c) => a + c.cn_total, 0);

function within(amount: number, limit: number, param: string, what: string): number {
  if (amount > limit) throw paramWrong(param, `cannot be more than ${what}, ${limit}.`);
  return amount;
}
