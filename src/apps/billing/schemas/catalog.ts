import Type, { type Static } from 'typebox';
import { Cents, Enum, Str } from '../params.js';

// Plans and addons: the minimal part of the platform's product catalog that invoices need to
// price `addons[id]` and subscriptions. Prices are per unit, in cents, in the site's currency.

const PERIOD_UNITS = ['day', 'week', 'month', 'year'] as const;

const priced = {
  id: Str(100, { minLength: 1 }),
  name: Str(50, { minLength: 1 }),
  invoice_name: Type.Optional(Str(100)),
  description: Type.Optional(Str(500)),
  price: Type.Optional(Cents(0)),
  currency_code: Type.Optional(Str(3, { pattern: '^[A-Za-z]{3}$' })),
  period: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  period_unit: Type.Optional(Enum(PERIOD_UNITS)),
  taxable: Type.Optional(Type.Boolean()),
  invoice_notes: Type.Optional(Str(2000)),
  meta_data: Type.Optional(Type.String({ maxLength: 65_000 })),
};

export const PlanCreate = Type.Object(priced);
export type PlanCreate = Static<typeof PlanCreate>;

export const AddonCreate = Type.Object({
  ...priced,
  charge_type: Enum(['recurring', 'non_recurring']),
  type: Enum(['on_off', 'quantity']),
  unit: Type.Optional(Str(30)),
});
export type AddonCreate = Static<typeof AddonCreate>;

interface PricedItem {
  id: string;
  name: string;
  invoice_name?: string;
  description?: string;
  price: number;
  currency_code: string;
  period: number;
  period_unit: (typeof PERIOD_UNITS)[number] | 'not_applicable';
  pricing_model: 'flat_fee' | 'per_unit';
  status: 'active' | 'archived';
  taxable: boolean;
  invoice_notes?: string;
  meta_data?: Record<string, unknown>;
  updated_at: number;
  resource_version: number;
}

export interface Plan extends PricedItem {
  object: 'plan';
  charge_model: 'flat_fee' | 'per_unit';
  free_quantity: number;
}

export interface Addon extends PricedItem {
  object: 'addon';
  charge_type: 'recurring' | 'non_recurring';
  type: 'on_off' | 'quantity';
  unit?: string;
}
