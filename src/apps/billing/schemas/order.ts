import Type, { type Static } from 'typebox';
import { Enum, Str } from '../params.js';
import { AddressInput, type Address } from './address.js';

export const ORDER_STATUSES = ['new', 'processing', 'complete', 'cancelled', 'voided'] as const;

const editable = {
  status: Type.Optional(Enum(ORDER_STATUSES)),
  reference_id: Type.Optional(Str(50)),
  fulfillment_status: Type.Optional(Str(50)),
  note: Type.Optional(Str(600)),
  tracking_id: Type.Optional(Str(50)),
  batch_id: Type.Optional(Str(50)),
};

export const OrderCreate = Type.Object({
  id: Type.Optional(Str(40, { minLength: 1 })),
  invoice_id: Str(50, { minLength: 1 }),
  ...editable,
});
export type OrderCreate = Static<typeof OrderCreate>;

export const OrderUpdate = Type.Object({ ...editable, shipping_address: Type.Optional(AddressInput) });
export type OrderUpdate = Static<typeof OrderUpdate>;

export interface Order {
  id: string;
  object: 'order';
  invoice_id: string;
  /** `queued` appears on orders the legacy order system made; never set by this API. */
  status: (typeof ORDER_STATUSES)[number] | 'queued';
  reference_id?: string;
  fulfillment_status?: string;
  note?: string;
  tracking_id?: string;
  batch_id?: string;
  created_by: string;
  created_at: number;
  status_update_at?: number;
  updated_at: number;
  resource_version: number;
  currency_code?: string;
  shipping_address?: Address;
}
