import Type, { type Static } from 'typebox';
import { Cents, Enum, MAX_INTEGER, Str, Timestamp } from '../params.js';

const CONSTRAINTS = ['none', 'all', 'specific'] as const;

export const CouponCreate = Type.Object({
  id: Str(100, { minLength: 1 }),
  name: Str(50, { minLength: 1 }),
  apply_on: Enum(['invoice_amount', 'each_specified_item', 'each_unit_of_specified_items']),
  invoice_name: Type.Optional(Str(100)),
  discount_type: Type.Optional(Enum(['fixed_amount', 'percentage'])),
  discount_amount: Type.Optional(Cents(0)),
  discount_percentage: Type.Optional(Type.Number({ minimum: 0.01, maximum: 100 })),
  currency_code: Type.Optional(Str(3, { pattern: '^[A-Za-z]{3}$' })),
  duration_type: Type.Optional(Enum(['one_time', 'forever', 'limited_period'])),
  duration_month: Type.Optional(Type.Integer({ minimum: 1, maximum: 240 })),
  period: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  period_unit: Type.Optional(Enum(['day', 'week', 'month', 'year'])),
  valid_till: Type.Optional(Timestamp()),
  max_redemptions: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTEGER })),
  invoice_notes: Type.Optional(Str(2000)),
  meta_data: Type.Optional(Type.String({ maxLength: 65_000 })),
  plan_constraint: Type.Optional(Enum(CONSTRAINTS)),
  addon_constraint: Type.Optional(Enum(CONSTRAINTS)),
  plan_ids: Type.Optional(Type.Array(Str(100, { minLength: 1 }), { maxItems: 1000 })),
  addon_ids: Type.Optional(Type.Array(Str(100, { minLength: 1 }), { maxItems: 1000 })),
});
export type CouponCreate = Static<typeof CouponCreate>;

export type CouponStatus = 'active' | 'expired' | 'archived' | 'deleted';

export interface Coupon {
  id: string;
  object: 'coupon';
  name: string;
  invoice_name?: string;
  discount_type: 'fixed_amount' | 'percentage';
  discount_amount?: number;
  discount_percentage?: number;
  currency_code?: string;
  duration_type: 'one_time' | 'forever' | 'limited_period';
  duration_month?: number;
  period?: number;
  period_unit?: string;
  valid_till?: number;
  max_redemptions?: number;
  status: CouponStatus;
  apply_discount_on: 'not_applicable';
  apply_on: string;
  plan_constraint: 'none' | 'all' | 'specific' | 'not_applicable';
  addon_constraint: 'none' | 'all' | 'specific' | 'not_applicable';
  plan_ids?: string[];
  addon_ids?: string[];
  redemptions: number;
  invoice_notes?: string;
  meta_data?: Record<string, unknown>;
  created_at: number;
  updated_at: number;
  resource_version: number;
  archived_at?: number;
}

export const CouponCodeCreate = Type.Object({
  coupon_id: Str(100, { minLength: 1 }),
  coupon_set_name: Str(50, { minLength: 1 }),
  code: Str(50, { minLength: 1 }),
});
export type CouponCodeCreate = Static<typeof CouponCodeCreate>;

export interface CouponSet {
  id: string;
  object: 'coupon_set';
  coupon_id: string;
  name: string;
  total_count: number;
  redeemed_count: number;
  archived_count: number;
}

/** Stored with `id` = the code itself (codes are unique across coupons). */
export interface CouponCode {
  id: string;
  code: string;
  object: 'coupon_code';
  status: 'not_redeemed' | 'redeemed' | 'archived';
  coupon_id: string;
  coupon_set_id: string;
  coupon_set_name: string;
}
