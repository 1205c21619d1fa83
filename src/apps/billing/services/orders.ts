import { recordEvent } from '../events/event-log.js';
import { found, paramNotUnique } from '../errors.js';
import type { Pagination } from '../pagination.js';
import type { Order, OrderCreate, OrderUpdate } from '../schemas/order.js';
import { newId, seconds, touch, type BillingContext } from './context.js';
import { address } from './customers.js';
import { linkOrder } from './invoices.js';

// Orders link invoices to an external order or shipping system. The platform never creates or
// changes them by itself; a status change through update stamps `status_update_at`. An order
// is created against an existing invoice (in any status) and shows in its `linked_orders`.

export function createOrder(input: OrderCreate, ctx: BillingContext): Order {
  const now = ctx.clock();
  const order: Order = {
    ...input,
    id: input.id ?? newId('ord_', now),
    object: 'order',
    status: input.status ?? 'new',
    created_by: 'api',
    created_at: seconds(now),
    ...touch(undefined, now),
  };
  ctx.store.transaction(() => {
    if (ctx.store.orders.get(order.id)) throw paramNotUnique('id', order.id);
    linkOrder(order, ctx);
    ctx.store.orders.insert(order, { invoice_id: order.invoice_id });
    recordEvent(ctx, 'order_created', { order });
  });
  return order;
}

export function updateOrder(id: string, input: OrderUpdate, ctx: BillingContext): Order {
  return ctx.store.transaction(() => {
    const current = getOrder(id, ctx);
    const now = ctx.clock();
    const { shipping_address, ...fields } = input;
    const updated: Order = {
      ...current,
      ...fields,
      ...(shipping_address && { shipping_address: address(shipping_address, 'shipping_address') }),
      ...(input.status !== undefined && input.status !== current.status && { status_update_at: seconds(now) }),
      ...touch(current, now),
    };
    ctx.store.orders.update(updated, { invoice_id: updated.invoice_id });
    // The invoice may have been deleted since; the order stays, as the platform keeps it.
    if (ctx.store.invoices.get(updated.invoice_id)) linkOrder(updated, ctx);
    recordEvent(ctx, 'order_updated', { order: updated });
    if (input.status === 'cancelled' && current.status !== 'cancelled') recordEvent(ctx, 'order_cancelled', { order: updated });
    return updated;
  });
}

export function getOrder(id: string, ctx: BillingContext): Order {
  return found(ctx.store.orders.get(id), 'order', id);
}

export const listOrders = (page: Pagination, ctx: BillingContext) => ctx.store.orders.list(page);

/** An invoice's orders, latest first. */
export const listInvoiceOrders = (invoiceId: string, page: Pagination, ctx: BillingContext) => ctx.store.orders.list({ ...page, where: { invoice_id: invoiceId } });
