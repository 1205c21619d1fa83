import { recordEvent } from '../events/event-log.js';
import { found, paramNotUnique, paramWrong } from '../errors.js';
import type { Pagination } from '../pagination.js';
import type { Addon, AddonCreate, Plan, PlanCreate } from '../schemas/catalog.js';
import { touch, type BillingContext } from './context.js';
import { metaData } from './meta-data.js';

// Plans and addons, just enough of the catalog to price subscriptions and `addons[id]`. Both are
// in the site's currency (one currency per site here), taxable unless said otherwise.

export function createPlan(input: PlanCreate, ctx: BillingContext): Plan {
  const plan: Plan = {
    ...common(input, ctx),
    object: 'plan',
    period: input.period ?? 1,
    period_unit: input.period_unit ?? 'month',
    charge_model: 'flat_fee',
    free_quantity: 0,
  };
  ctx.store.transaction(() => {
    if (ctx.store.plans.get(plan.id)) throw paramNotUnique('id', plan.id);
    ctx.store.plans.insert(plan);
    recordEvent(ctx, 'plan_created', { plan });
  });
  return plan;
}

export function createAddon(input: AddonCreate, ctx: BillingContext): Addon {
  const recurring = input.charge_type === 'recurring';
  if (!recurring && (input.period !== undefined || input.period_unit !== undefined)) throw paramWrong(input.period !== undefined ? 'period' : 'period_unit', 'applies to recurring addons only.');
  const addon: Addon = {
    ...common(input, ctx),
    object: 'addon',
    charge_type: input.charge_type,
    type: input.type,
    pricing_model: input.type === 'quantity' ? 'per_unit' : 'flat_fee',
    period: recurring ? input.period ?? 1 : 1,
    period_unit: recurring ? input.period_unit ?? 'month' : 'not_applicable',
    ...(input.unit !== undefined && { unit: input.unit }),
  };
  ctx.store.transaction(() => {
    if (ctx.store.addons.get(addon.id)) throw paramNotUnique('id', addon.id);
    ctx.store.addons.insert(addon);
    recordEvent(ctx, 'addon_created', { addon });
  });
  return addon;
}

export function getPlan(id: string, ctx: BillingContext, param?: string): Plan {
  return found(ctx.store.plans.get(id), 'plan', id, param);
}

export function getAddon(id: string, ctx: BillingContext, param?: string): Addon {
  return found(ctx.store.addons.get(id), 'addon', id, param);
}

export const listPlans = (page: Pagination, ctx: BillingContext) => ctx.store.plans.list(page);
export const listAddons = (page: Pagination, ctx: BillingContext) => ctx.store.addons.list(page);

function common(input: PlanCreate, ctx: BillingContext) {
  const currency = (input.currency_code ?? ctx.site.currency).toUpperCase();
  if (currency !== ctx.site.currency) throw paramWrong('currency_code', `must be the site's currency, ${ctx.site.currency}.`);
  const { meta_data, period: _p, period_unit: _u, ...fields } = input;
  return {
    ...fields,
    price: input.price ?? 0,
    currency_code: currency,
    pricing_model: 'flat_fee' as const,
    status: 'active' as const,
    taxable: input.taxable ?? true,
    ...(meta_data !== undefined && { meta_data: metaData(meta_data) }),
    ...touch(undefined, ctx.clock()),
  };
}
