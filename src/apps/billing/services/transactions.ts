import { found } from '../errors.js';
import { readFilters, type FilterSpec } from '../filters.js';
import type { Pagination } from '../pagination.js';
import type { Customer } from '../schemas/customer.js';
import type { Invoice } from '../schemas/invoice.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type Transaction } from '../schemas/transaction.js';
import { transactionColumns } from '../store/billing-store.js';
import { newId, seconds, touch, type BillingContext } from './context.js';
import { TEST_GATEWAY, TEST_GATEWAY_ACCOUNT, type ChargeResult } from './test-gateway.js';

// Transactions record what moved money: payments (linked to the invoices they pay through
// `linked_invoices`, and the invoice back through `linked_payments`) and refunds (linked to the
// credit note they refund and the payment they return). Failed attempts are kept too.

export const TRANSACTION_FILTERS: readonly FilterSpec[] = [
  { name: 'id', type: { kind: 'string' } },
  { name: 'customer_id', type: { kind: 'string' } },
  { name: 'subscription_id', type: { kind: 'optional_string' } },
  { name: 'type', type: { kind: 'enum', values: TRANSACTION_TYPES } },
  { name: 'status', type: { kind: 'enum', values: TRANSACTION_STATUSES } },
  { name: 'date', type: { kind: 'timestamp' } },
];

/** A payment or refund attempt through the test gateway, as the gateway answered it. */
export function gatewayTransaction(type: 'payment' | 'refund', customer: Customer, amount: number, result: ChargeResult, ctx: BillingContext, subscriptionId?: string): Transaction {
  const now = ctx.clock();
  return {
    id: newId('txn_', now),
    object: 'transaction',
    customer_id: customer.id,
    ...(subscriptionId && { subscription_id: subscriptionId }),
    payment_method: customer.card || !customer.payment_method ? 'card' : (customer.payment_method.type as Transaction['payment_method']),
    gateway: TEST_GATEWAY,
    gateway_account_id: TEST_GATEWAY_ACCOUNT,
    ...(result.ok && { id_at_gateway: result.idAtGateway }),
    type,
    date: seconds(now),
    currency_code: ctx.site.currency,
    base_currency_code: ctx.site.currency,
    exchange_rate: 1,
    amount,
    amount_unused: 0,
    status: result.ok ? 'success' : 'failure',
    ...(!result.ok && { error_code: result.code, error_text: result.text }),
    ...(customer.card && { masked_card_number: customer.card.masked_number }),
    three_d_secure: false,
    initiator_type: 'merchant',
    linked_invoices: [],
    linked_credit_notes: [],
    linked_refunds: [],
    ...touch(undefined, now),
    deleted: false,
  };
}

/** The payment linked to the invoice it pays (both ways), the invoice marked paid. */
export function applyPayment(txn: Transaction, invoice: Invoice, now: Date): { txn: Transaction; invoice: Invoice } {
  const at = seconds(now);
  const paid: Invoice = {
    ...invoice,
    status: 'paid',
    amount_paid: invoice.amount_paid + txn.amount,
    amount_due: invoice.amount_due - txn.amount,
    amount_to_collect: invoice.amount_due - txn.amount,
    paid_at: at,
    paid_on: at,
    linked_payments: [...invoice.linked_payments, { txn_id: txn.id, applied_amount: txn.amount, applied_at: at, txn_status: txn.status, txn_date: txn.date, txn_amount: txn.amount }],
  };
  const linked: Transaction = {
    ...txn,
    linked_invoices: [...txn.linked_invoices, { invoice_id: invoice.id, applied_amount: txn.amount, applied_at: at, invoice_date: invoice.date, invoice_total: invoice.total, invoice_status: 'paid' }],
  };
  return { txn: linked, invoice: paid };
}

export function insertTransaction(txn: Transaction, invoiceId: string | null, ctx: BillingContext): void {
  ctx.store.transactions.insert(txn, transactionColumns(txn, invoiceId));
}

export function getTransaction(id: string, ctx: BillingContext): Transaction {
  return found(ctx.store.transactions.get(id), 'transaction', id);
}

export function listTransactions(page: Pagination, query: Record<string, unknown>, ctx: BillingContext, fixed: Record<string, string> = {}) {
  return ctx.store.transactions.list({ ...page, where: fixed, conditions: readFilters(query, TRANSACTION_FILTERS) });
}

/** `GET /invoices/{id}/payments`: the payments made for an invoice, newest first. */
export function listInvoicePayments(invoiceId: string, page: Pagination, ctx: BillingContext) {
  return ctx.store.transactions.list({ ...page, where: { invoice_id: invoiceId, type: 'payment' } });
}
