import type Router from '@koa/router';
import Type from 'typebox';
import { listBody, readPagination } from '../pagination.js';
import { Enum, readParams } from '../params.js';
import { CouponCreate } from '../schemas/coupon.js';
import type { BillingContext } from '../services/context.js';
import { createCoupon, getCoupon, listCoupons } from '../services/coupons.js';

const CouponListFilter = Type.Object({
  status: Type.Optional(Type.Object({ is: Type.Optional(Enum(['active', 'expired', 'archived', 'deleted'])) })),
});

export function couponsRoutes(router: Router, ctx: BillingContext): void {
  router.post('/coupons', (k) => {
    k.body = { coupon: createCoupon(readParams(CouponCreate, k.request.body), ctx) };
  });
  router.get('/coupons', (k) => {
    const query = k.state.query as Record<string, unknown>;
    const filter = readParams(CouponListFilter, { status: query.status });
    k.body = listBody('coupon', listCoupons(readPagination(query), filter.status?.is, ctx));
  });
  // Ids may contain `#` and similar characters; clients send them URL-encoded and the router decodes them.
  router.get('/coupons/:id', (k) => {
    k.body = { coupon: getCoupon(k.params.id!, ctx) };
  });
}
