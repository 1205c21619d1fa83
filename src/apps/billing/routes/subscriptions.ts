import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { SubscriptionCreate } from '../schemas/subscription.js';
import type { BillingContext } from '../services/context.js';
import { getCustomer } from '../services/customers.js';
import { createSubscription, getSubscription, listSubscriptions } from '../services/subscriptions.js';
import { customerView } from '../services/customers.js';

export function subscriptionsRoutes(router: Router, ctx: BillingContext): void {
  router.post('/customers/:id/subscriptions', (k) => {
    const { subscription, invoice } = createSubscription(k.params.id!, readParams(SubscriptionCreate, k.request.body), ctx);
    k.body = { subscription, ...customerView(getCustomer(subscription.customer_id, ctx)), invoice };
  });
  router.get('/customers/:id/subscriptions', (k) => {
    getCustomer(k.params.id!, ctx);
    k.body = listBody('subscription', listSubscriptions(readPagination(k.state.query), ctx, { customer_id: k.params.id! }));
  });
  router.get('/subscriptions/:id', (k) => {
    const subscription = getSubscription(k.params.id!, ctx);
    k.body = { subscription, ...customerView(getCustomer(subscription.customer_id, ctx)) };
  });
}
