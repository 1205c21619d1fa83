import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import type { BillingContext } from '../services/context.js';
import { getInvoice } from '../services/invoices.js';
import { getTransaction, listInvoicePayments, listTransactions } from '../services/transactions.js';

export function transactionsRoutes(router: Router, ctx: BillingContext): void {
  router.get('/transactions', (k) => {
    k.body = listBody('transaction', listTransactions(readPagination(k.state.query), k.state.query, ctx));
  });
  router.get('/transactions/:id', (k) => {
    k.body = { transaction: getTransaction(k.params.id!, ctx) };
  });
  router.get('/invoices/:id/payments', (k) => {
    getInvoice(k.params.id!, ctx);
    k.body = listBody('transaction', listInvoicePayments(k.params.id!, readPagination(k.state.query), ctx));
  });
}
