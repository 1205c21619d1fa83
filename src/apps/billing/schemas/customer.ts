import Type, { type Static } from 'typebox';
import { Enum, Str } from '../params.js';
import { AddressInput, type Address } from './address.js';

const common = {
  first_name: Type.Optional(Str(150)),
  last_name: Type.Optional(Str(150)),
  email: Type.Optional(Str(70)),
  phone: Type.Optional(Str(50)),
  company: Type.Optional(Str(250)),
  auto_collection: Type.Optional(Enum(['on', 'off'])),
  allow_direct_debit: Type.Optional(Type.Boolean()),
  taxability: Type.Optional(Enum(['taxable', 'exempt'])),
  invoice_notes: Type.Optional(Str(2000)),
};

/** card[...]: accepted so clients work unchanged; only a masked number is ever kept. */
export const CardInput = Type.Object({
  gateway: Type.Optional(Str(50)),
  tmp_token: Type.Optional(Str(300)),
  first_name: Type.Optional(Str(50)),
  last_name: Type.Optional(Str(50)),
  number: Str(1500, { minLength: 1 }),
  expiry_month: Type.Integer({ minimum: 1, maximum: 12 }),
  expiry_year: Type.Integer({ minimum: 1970, maximum: 9999 }),
  cvv: Type.Optional(Str(520)),
  billing_addr1: Type.Optional(Str(150)),
  billing_addr2: Type.Optional(Str(150)),
  billing_city: Type.Optional(Str(50)),
  billing_state_code: Type.Optional(Str(50)),
  billing_state: Type.Optional(Str(50)),
  billing_zip: Type.Optional(Str(20)),
  billing_country: Type.Optional(Str(50)),
  ip_address: Type.Optional(Str(50)),
});

export const CustomerCreate = Type.Object({
  id: Type.Optional(Str(50, { minLength: 1 })),
  ...common,
  vat_number: Type.Optional(Str(20)),
  /** The first letters of the full VAT identifier when they are not the billing country's code (XI, EL). */
  vat_number_prefix: Type.Optional(Str(10, { pattern: '^[A-Za-z]{2}$' })),
  meta_data: Type.Optional(Type.String({ maxLength: 65_000 })),
  created_from_ip: Type.Optional(Str(50)),
  billing_address: Type.Optional(AddressInput),
  card: Type.Optional(CardInput),
  payment_method: Type.Optional(
    Type.Object({
      type: Type.Optional(Enum(['card', 'paypal_express_checkout', 'amazon_payments', 'direct_debit'])),
      gateway: Type.Optional(Str(50)),
      reference_id: Type.Optional(Str(200)),
      tmp_token: Type.Optional(Str(65_000)),
    }),
  ),
  payment_intent: Type.Optional(Type.Object({ id: Type.Optional(Str(150)), gateway_account_id: Type.Optional(Str(50)), gw_token: Type.Optional(Str(65_000)), reference_id: Type.Optional(Str(65_000)) })),
});
export type CustomerCreate = Static<typeof CustomerCreate>;

/** Update cannot change the billing address or vat_number: those keys are refused. */
export const CustomerUpdate = Type.Object(common);
export type CustomerUpdate = Static<typeof CustomerUpdate>;

export interface Card {
  object: 'card';
  customer_id: string;
  status: 'valid' | 'expired';
  gateway: string;
  first_name?: string;
  last_name?: string;
  iin: string;
  last4: string;
  card_type: string;
  funding_type: 'credit';
  expiry_month: number;
  expiry_year: number;
  masked_number: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  company?: string;
  vat_number?: string;
  vat_number_prefix?: string;
  auto_collection: 'on' | 'off';
  net_term_days: number;
  allow_direct_debit: boolean;
  taxability: 'taxable' | 'exempt';
  invoice_notes?: string;
  created_from_ip?: string;
  created_at: number;
  updated_at: number;
  resource_version: number;
  deleted: boolean;
  card_status: 'no_card' | 'valid';
  promotional_credits: number;
  refundable_credits: number;
  excess_payments: number;
  unbilled_charges: number;
  billing_address?: Address;
  payment_method?: { object: 'payment_method'; type: string; reference_id: string; gateway: string; status: 'valid' };
  meta_data?: Record<string, unknown>;
  /** Kept beside the customer, answered under `card`; only ever masked. */
  card?: Card;
}
