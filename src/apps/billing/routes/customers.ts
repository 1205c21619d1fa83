import type Router from '@koa/router';
import { paramWrong } from '../errors.js';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { CustomerCreate, CustomerUpdate } from '../schemas/customer.js';
import type { BillingContext } from '../services/context.js';
import { createCustomer, customerView, getCustomer, listCustomers, updateCustomer } from '../services/customers.js';
import { listInvoices } from '../services/invoices.js';
import { listTransactions } from '../services/transactions.js';

export function customersRoutes(router: Router, ctx: BillingContext): void {
  router.post('/customers', (k) => {
    k.body = customerView(createCustomer(readParams(CustomerCreate, k.request.body), ctx));
  });
  router.get('/customers', (k) => {
    const page = listCustomers(readPagination(k.state.query), ctx);
    k.body = listBody('customer', page, (c) => customerView(c));
  });
  router.get('/customers/:id', (k) => {
    k.body = customerView(getCustomer(k.params.id!, ctx));
  });
  router.post('/customers/:id', (k) => {
    const body = (k.request.body ?? {}) as Record<string, unknown>;
    for (const fixed of ['billing_address', 'vat_number']) {
      if (body[fixed] !== undefined) throw paramWrong(fixed, 'cannot be changed by update; use the update billing info operation.');
    }
    k.body = customerView(updateCustomer(k.params.id!, readParams(CustomerUpdate, body), ctx));
  });
  // A customer's invoices and transactions: the lists with customer_id fixed.
  router.get('/customers/:id/invoices', (k) => {
    getCustomer(k.params.id!, ctx);
    k.body = listBody('invoice', listInvoices(readPagination(k.state.query), k.state.query, ctx, { customer_id: k.params.id! }));
  });
  router.get('/customers/:id/transactions', (k) => {
    getCustomer(k.params.id!, ctx);
    k.body = listBody('transaction', listTransactions(readPagination(k.state.query), k.state.query, ctx, { customer_id: k.params.id! }));
  });
}
