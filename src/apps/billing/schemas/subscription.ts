import Type, { type Static } from 'typebox';
import { Str } from '../params.js';
import { IndexedAddons } from './invoice.js';

/** `POST /customers/{id}/subscriptions`: the minimal subscription that `charge_addon` and `subscription_id` need. */
export const SubscriptionCreate = Type.Object({
  id: Type.Optional(Str(50, { minLength: 1 })),
  plan_id: Str(100, { minLength: 1 }),
  plan_quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  po_number: Type.Optional(Str(100)),
  coupon: Type.Optional(Str(100, { minLength: 1 })),
  addons: Type.Optional(IndexedAddons),
});
export type SubscriptionCreate = Static<typeof SubscriptionCreate>;

export interface Subscription {
  id: string;
  object: 'subscription';
  customer_id: string;
  plan_id: string;
  plan_quantity: number;
  plan_unit_price: number;
  plan_amount: number;
  billing_period: number;
  billing_period_unit: string;
  status: 'active' | 'cancelled';
  current_term_start: number;
  current_term_end: number;
  next_billing_at: number;
  started_at: number;
  activated_at: number;
  created_at: number;
  updated_at: number;
  resource_version: number;
  currency_code: string;
  po_number?: string;
  addons?: { id: string; quantity: number; unit_price: number; amount: number; object: 'addon' }[];
  coupons?: { coupon_id: string; applied_count: number; object: 'coupon' }[];
  due_invoices_count: number;
  has_scheduled_changes: false;
  deleted: false;
}
