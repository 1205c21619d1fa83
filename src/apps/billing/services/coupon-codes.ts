import { found, paramNotUnique } from '../errors.js';
import type { CouponCode, CouponCodeCreate, CouponSet } from '../schemas/coupon.js';
import { getCoupon } from './coupons.js';
import { newId, type BillingContext } from './context.js';
import { recordEvent } from '../events/event-log.js';

// Coupon codes are unique, single-use codes grouped in a coupon set of a main coupon. The set
// is created with the first code that names it.

export function createCouponCode(input: CouponCodeCreate, ctx: BillingContext): CouponCode {
  return ctx.store.transaction(() => {
    const coupon = getCoupon(input.coupon_id, ctx, 'coupon_id');
    if (ctx.store.couponCodes.get(input.code)) throw paramNotUnique('code', input.code);
    const set = couponSet(coupon.id, input.coupon_set_name, ctx);
    const code: CouponCode = {
      id: input.code,
      code: input.code,
      object: 'coupon_code',
      status: 'not_redeemed',
      coupon_id: coupon.id,
      coupon_set_id: set.id,
      coupon_set_name: set.name,
    };
    ctx.store.couponCodes.insert(code, { coupon_id: coupon.id });
    const counted: CouponSet = { ...set, total_count: set.total_count + 1 };
    ctx.store.couponSets.update(counted, { coupon_id: counted.coupon_id, name: counted.name });
    if (counted.total_count === 1) recordEvent(ctx, 'coupon_set_created', { coupon, coupon_set: counted });
    recordEvent(ctx, 'coupon_codes_added', { coupon, coupon_set: counted });
    return code;
  });
}

export function getCouponCode(code: string, ctx: BillingContext): CouponCode {
  return found(ctx.store.couponCodes.get(code), 'coupon_code', code);
}

function couponSet(couponId: string, name: string, ctx: BillingContext): CouponSet {
  const existing = ctx.store.couponSets.list({ limit: 1, where: { coupon_id: couponId, name } }).items[0];
  if (existing) return existing;
  const set: CouponSet = { id: newId('cs_', ctx.clock()), object: 'coupon_set', coupon_id: couponId, name, total_count: 0, redeemed_count: 0, archived_count: 0 };
  ctx.store.couponSets.insert(set, { coupon_id: couponId, name });
  return set;
}
