import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { OrderCreate, OrderUpdate } from '../schemas/order.js';
import type { BillingContext } from '../services/context.js';
import { getInvoice } from '../services/invoices.js';
import { createOrder, getOrder, listInvoiceOrders, listOrders, updateOrder } from '../services/orders.js';

export function ordersRoutes(router: Router, ctx: BillingContext): void {
  router.post('/orders', (k) => {
    k.body = { order: createOrder(readParams(OrderCreate, k.request.body), ctx) };
  });
  router.get('/orders', (k) => {
    k.body = listBody('order', listOrders(readPagination(k.state.query), ctx));
  });
  router.get('/orders/:id', (k) => {
    k.body = { order: getOrder(k.params.id!, ctx) };
  });
  router.post('/orders/:id', (k) => {
    k.body = { order: updateOrder(k.params.id!, readParams(OrderUpdate, k.request.body), ctx) };
  });
  // A list under an invoice that does not exist is a 404, as the invoice is (not an empty list).
  router.get('/invoices/:id/orders', (k) => {
    getInvoice(k.params.id!, ctx);
    k.body = listBody('order', listInvoiceOrders(k.params.id!, readPagination(k.state.query), ctx));
  });
}
