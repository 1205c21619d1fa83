import { recordEvent } from '../events/event-log.js';
import { found, paramNotUnique, paramRequired, paramWrong } from '../errors.js';
import type { Pagination } from '../pagination.js';
import type { Coupon, CouponCreate } from '../schemas/coupon.js';
import { seconds, touch, type BillingContext } from './context.js';
import { metaData } from './meta-data.js';

// Coupons are discount definitions. A coupon is `active` until `valid_till` passes or its
// redemptions reach `max_redemptions`; then it is `expired` (existing uses stay, new ones are
// refused). Expiry is applied whenever coupons are read, inside the reading transaction, so a
// list filtered by status agrees with what a retrieve shows. Redemptions (and expiry at
// max_redemptions) happen when invoices apply coupons (coupon-redemption.ts).

export function createCoupon(input: CouponCreate, ctx: BillingContext): Coupon {
  const now = ctx.clock();
  checkDiscount(input);
  checkDuration(input);
  if (input.valid_till !== undefined && input.valid_till <= seconds(now)) throw paramWrong('valid_till', 'must be in the future.');
  const perItem = input.apply_on !== 'invoice_amount';
  const planConstraint = input.plan_constraint ?? (perItem ? 'all' : 'not_applicable');
  const addonConstraint = input.addon_constraint ?? (perItem ? 'all' : 'not_applicable');
  if (planConstraint === 'specific' && !input.plan_ids?.length) throw paramRequired('plan_ids[0]');
  if (addonConstraint === 'specific' && !input.addon_ids?.length) throw paramRequired('addon_ids[0]');
  const { meta_data, ...fields } = input;
  const coupon: Coupon = {
    ...fields,
    object: 'coupon',
    discount_type: input.discount_type ?? 'percentage',
    duration_type: input.duration_type ?? 'forever',
    currency_code: input.currency_code?.toUpperCase(),
    status: 'active',
    apply_discount_on: 'not_applicable',
    plan_constraint: planConstraint,
    addon_constraint: addonConstraint,
    redemptions: 0,
    ...(meta_data !== undefined && { meta_data: metaData(meta_data) }),
    created_at: seconds(now),
    ...touch(undefined, now),
  };
  ctx.store.transaction(() => {
    if (ctx.store.coupons.get(coupon.id)) throw paramNotUnique('id', coupon.id);
    ctx.store.coupons.insert(coupon, columns(coupon));
    recordEvent(ctx, 'coupon_created', { coupon });
  });
  return coupon;
}

export function getCoupon(id: string, ctx: BillingContext, param?: string): Coupon {
  return ctx.store.transaction(() => found(findCoupon(id, ctx), 'coupon', id, param));
}

/** The coupon as it stands now (expiry applied); call inside a transaction. */
export function findCoupon(id: string, ctx: BillingContext): Coupon | undefined {
  expireDue(ctx);
  return ctx.store.coupons.get(id);
}

export function listCoupons(page: Pagination, status: string | undefined, ctx: BillingContext) {
  return ctx.store.transaction(() => {
    expireDue(ctx);
    return ctx.store.coupons.list({ ...page, ...(status && { where: { status } }) });
  });
}

function expireDue(ctx: BillingContext): void {
  const now = ctx.clock();
  for (const id of ctx.store.couponsPastValidTill(seconds(now))) {
    const c = ctx.store.coupons.get(id)!;
    const expired: Coupon = { ...c, status: 'expired', ...touch(c, now) };
    ctx.store.coupons.update(expired, columns(expired));
    recordEvent({ ...ctx, actor: { source: 'system' } }, 'coupon_updated', { coupon: expired });
  }
}

export const columns = (c: Coupon) => ({ status: c.status, valid_till: c.valid_till ?? null });

function checkDiscount(input: CouponCreate): void {
  if ((input.discount_type ?? 'percentage') === 'percentage') {
    if (input.discount_percentage === undefined) throw paramRequired('discount_percentage');
    if (Math.round(input.discount_percentage * 100) !== input.discount_percentage * 100) throw paramWrong('discount_percentage', 'can have at most 2 decimal places.');
  } else if (input.discount_amount === undefined) {
    throw paramRequired('discount_amount');
  }
}

function checkDuration(input: CouponCreate): void {
  if (input.duration_type !== 'limited_period') return;
  if (input.duration_month === undefined && input.period === undefined) throw paramRequired('period');
  if (input.period !== undefined && input.period_unit === undefined) throw paramRequired('period_unit');
}
