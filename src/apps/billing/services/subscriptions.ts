import { recordEvent } from '../events/event-log.js';
import { found, paramNotUnique, paramWrong } from '../errors.js';
import type { Pagination } from '../pagination.js';
import { readIndexed } from '../params.js';
import { AddonRow } from '../schemas/invoice.js';
import type { Subscription, SubscriptionCreate } from '../schemas/subscription.js';
import { getAddon, getPlan } from './catalog.js';
import { newId, seconds, touch, type BillingContext } from './context.js';
import { customerView, getCustomer } from './customers.js';
import type { DraftLine } from './invoice-draft.js';
import { issueInvoice, type Issued } from './invoice-issue.js';

// The minimal subscription: a customer on a plan (with recurring addons), active from now, its
// first term invoiced at once like any invoice (collected when auto_collection is on; a
// declined payment creates neither the subscription nor the invoice). Renewals, changes and
// cancellation are outside this module; subscriptions exist so `charge_addon` and invoices
// with `subscription_id` have something to belong to.

export function createSubscription(customerId: string, input: SubscriptionCreate, ctx: BillingContext): Issued & { subscription: Subscription } {
  const customer = getCustomer(customerId, ctx);
  const plan = getPlan(input.plan_id, ctx, 'plan_id');
  const quantity = input.plan_quantity ?? 1;
  const addons = readIndexed('addons', AddonRow, input.addons).map((a, i) => {
    const addon = getAddon(a.id, ctx, `addons[id][${i}]`);
    if (addon.charge_type !== 'recurring') throw paramWrong(`addons[id][${i}]`, `${a.id} is a non-recurring addon; charge it with charge_addon.`);
    if (addon.period !== plan.period || addon.period_unit !== plan.period_unit) throw paramWrong(`addons[id][${i}]`, `${a.id} is billed every ${addon.period} ${addon.period_unit}, the plan every ${plan.period} ${plan.period_unit}.`);
    return { addon, quantity: a.quantity ?? 1 };
  });
  const now = ctx.clock();
  const start = seconds(now);
  const end = seconds(addPeriod(now, plan.period, plan.period_unit as 'day' | 'week' | 'month' | 'year'));
  const subscription: Subscription = {
    id: input.id ?? newId('sub_', now),
    object: 'subscription',
    customer_id: customer.id,
    plan_id: plan.id,
    plan_quantity: quantity,
    plan_unit_price: plan.price,
    plan_amount: plan.price * quantity,
    billing_period: plan.period,
    billing_period_unit: plan.period_unit,
    status: 'active',
    current_term_start: start,
    current_term_end: end,
    next_billing_at: end,
    started_at: start,
    activated_at: start,
    created_at: start,
    ...touch(undefined, now),
    currency_code: ctx.site.currency,
    ...(input.po_number !== undefined && { po_number: input.po_number }),
    ...(addons.length > 0 && { addons: addons.map(({ addon, quantity: q }) => ({ id: addon.id, quantity: q, unit_price: addon.price, amount: addon.price * q, object: 'addon' as const })) }),
    ...(input.coupon !== undefined && { coupons: [{ coupon_id: input.coupon, applied_count: 1, object: 'coupon' as const }] }),
    due_invoices_count: 0,
    has_scheduled_changes: false,
    deleted: false,
  };
  if (ctx.store.subscriptions.get(subscription.id)) throw paramNotUnique('id', subscription.id);
  const lines: DraftLine[] = [{ entity_type: 'plan', item: plan, quantity, param: 'plan_quantity' }, ...addons.map(({ addon, quantity: q }, i): DraftLine => ({ entity_type: 'addon', item: addon, quantity: q, param: `addons[quantity][${i}]` }))];
  let stored = subscription;
  const issued = issueInvoice(
    {
      customer,
      subscriptionId: subscription.id,
      lines,
      period: { from: start, to: end },
      ...(input.coupon !== undefined && { coupon: input.coupon }),
      oneTimeCouponOnly: false,
      ...(input.po_number !== undefined && { poNumber: input.po_number }),
      alsoWrite: (invoice) => {
        if (ctx.store.subscriptions.get(subscription.id)) throw paramNotUnique('id', subscription.id);
        stored = { ...subscription, due_invoices_count: invoice.status === 'paid' ? 0 : 1, ...(input.coupon !== undefined && { coupons: [{ coupon_id: invoice.discounts[0]?.entity_id ?? input.coupon, applied_count: 1, object: 'coupon' as const }] }) };
        ctx.store.subscriptions.insert(stored, { customer_id: customer.id });
        recordEvent(ctx, 'subscription_created', { subscription: stored, customer: customerView(customer).customer, invoice });
        return { subscription: stored };
      },
    },
    ctx,
  );
  return { ...issued, subscription: stored };
}

export function getSubscription(id: string, ctx: BillingContext, param?: string): Subscription {
  return found(ctx.store.subscriptions.get(id), 'subscription', id, param);
}

export const listSubscriptions = (page: Pagination, ctx: BillingContext, fixed: Record<string, string> = {}) => ctx.store.subscriptions.list({ ...page, where: fixed });

/** `at` plus `count` periods; a month end stays within its month (31 January + 1 month = 28/29 February). */
export function addPeriod(at: Date, count: number, unit: 'day' | 'week' | 'month' | 'year'): Date {
  if (unit === 'day' || unit === 'week') return new Date(at.getTime() + count * (unit === 'day' ? 1 : 7) * 86_400_000);
  const months = unit === 'year' ? count * 12 : count;
  const target = new Date(at.getTime());
  const day = at.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
