import type Router from '@koa/router';
import { readParams } from '../params.js';
import { CouponCodeCreate } from '../schemas/coupon.js';
import type { BillingContext } from '../services/context.js';
import { createCouponCode, getCouponCode } from '../services/coupon-codes.js';

export function couponCodesRoutes(router: Router, ctx: BillingContext): void {
  router.post('/coupon_codes', (k) => {
    k.body = { coupon_code: createCouponCode(readParams(CouponCodeCreate, k.request.body), ctx) };
  });
  router.get('/coupon_codes/:code', (k) => {
    k.body = { coupon_code: getCouponCode(k.params.code!, ctx) };
  });
}
