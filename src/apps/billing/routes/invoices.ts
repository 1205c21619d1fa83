import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { InvoiceRefund } from '../schemas/credit-note.js';
import { InvoiceCharge, InvoiceChargeAddon, InvoiceComment, InvoiceCreate } from '../schemas/invoice.js';
import type { BillingContext } from '../services/context.js';
import { refundInvoice } from '../services/credit-notes.js';
import { chargeAddon, chargeInvoice, createInvoice, deleteInvoice, getInvoice, listInvoices, voidInvoice } from '../services/invoices.js';

export function invoicesRoutes(router: Router, ctx: BillingContext): void {
  router.post('/invoices', (k) => {
    k.body = { invoice: createInvoice(readParams(InvoiceCreate, k.request.body), ctx).invoice };
  });
  router.post('/invoices/charge', (k) => {
    k.body = { invoice: chargeInvoice(readParams(InvoiceCharge, k.request.body), ctx).invoice };
  });
  router.post('/invoices/charge_addon', (k) => {
    k.body = { invoice: chargeAddon(readParams(InvoiceChargeAddon, k.request.body), ctx).invoice };
  });
  router.get('/invoices', (k) => {
    k.body = listBody('invoice', listInvoices(readPagination(k.state.query), k.state.query, ctx));
  });
  router.get('/invoices/:id', (k) => {
    k.body = { invoice: getInvoice(k.params.id!, ctx) };
  });
  // The comment is internal (shown in the platform's admin UI only); it is checked, not kept.
  router.post('/invoices/:id/void', (k) => {
    readParams(InvoiceComment, k.request.body);
    k.body = { invoice: voidInvoice(k.params.id!, ctx) };
  });
  router.post('/invoices/:id/delete', (k) => {
    readParams(InvoiceComment, k.request.body);
    k.body = { invoice: deleteInvoice(k.params.id!, ctx) };
  });
  router.post('/invoices/:id/refund', (k) => {
    k.body = refundInvoice(k.params.id!, readParams(InvoiceRefund, k.request.body), ctx);
  });
}
