import { paramWrong } from '../errors.js';
import type { Coupon, CouponCode } from '../schemas/coupon.js';
import { touch, type BillingContext } from './context.js';
import { columns, findCoupon } from './coupons.js';

// Applying a coupon to an invoice. The `coupon` parameter names a coupon or one of its codes;
// a code is single-use. Redeeming counts the coupon's redemptions, and the coupon turns
// `expired` when they reach `max_redemptions`. Runs inside the invoice's transaction, so a
// failed payment redeems nothing.

export interface CouponChoice {
  coupon: Coupon;
  code?: CouponCode;
}

/** The coupon the parameter names, if it can be applied now; `oneTimeOnly` for one-off invoices. */
export function chooseCoupon(value: string, options: { oneTimeOnly: boolean }, ctx: BillingContext): CouponChoice {
  let coupon = findCoupon(value, ctx);
  let code: CouponCode | undefined;
  if (!coupon) {
    code = ctx.store.couponCodes.get(value);
    if (!code) throw paramWrong('coupon', `${value} is not a coupon or coupon code.`);
    if (code.status !== 'not_redeemed') throw paramWrong('coupon', `the coupon code ${value} has already been ${code.status === 'redeemed' ? 'redeemed' : 'archived'}.`);
    coupon = findCoupon(code.coupon_id, ctx)!;
  }
  if (coupon.status !== 'active') throw paramWrong('coupon', `the coupon ${coupon.id} is ${coupon.status} and cannot be applied.`);
  if (options.oneTimeOnly && coupon.duration_type !== 'one_time') throw paramWrong('coupon', `only one-time coupons apply to one-off invoices; ${coupon.id} is ${coupon.duration_type}.`);
  if (coupon.discount_type === 'fixed_amount' && coupon.currency_code && coupon.currency_code !== ctx.site.currency) {
    throw paramWrong('coupon', `the coupon ${coupon.id} is in ${coupon.currency_code}, invoices are in ${ctx.site.currency}.`);
  }
  return { coupon, ...(code && { code }) };
}

export function redeem(choice: CouponChoice, ctx: BillingContext): void {
  const now = ctx.clock();
  const { coupon, code } = choice;
  const redemptions = coupon.redemptions + 1;
  const used: Coupon = { ...coupon, redemptions, ...(coupon.max_redemptions !== undefined && redemptions >= coupon.max_redemptions && { status: 'expired' }), ...touch(coupon, now) };
  ctx.store.coupons.update(used, columns(used));
  if (!code) return;
  ctx.store.couponCodes.update({ ...code, status: 'redeemed' }, { coupon_id: code.coupon_id });
  const set = ctx.store.couponSets.get(code.coupon_set_id)!;
  ctx.store.couponSets.update({ ...set, redeemed_count: set.redeemed_count + 1 }, { coupon_id: set.coupon_id, name: set.name });
}
