import type { Einvoice } from '../einvoicing/einvoice.js';
import Type, { type Static } from 'typebox';
import { Cents, Indexed, Str } from '../params.js';
import { AddressInput, type Address } from './address.js';

/** One row of `charges[amount][i]` / `charges[description][i]`. */
export const ChargeRow = Type.Object({ amount: Cents(1), description: Str(250, { minLength: 1 }) });
/** One row of `addons[id][i]` / `addons[quantity][i]` (quantity defaults to 1). */
export const AddonRow = Type.Object({ id: Str(100, { minLength: 1 }), quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })) });
export const IndexedAddons = Indexed();

export const InvoiceCreate = Type.Object({
  customer_id: Type.Optional(Str(50, { minLength: 1 })),
  subscription_id: Type.Optional(Str(50, { minLength: 1 })),
  po_number: Type.Optional(Str(100)),
  coupon: Type.Optional(Str(100, { minLength: 1 })),
  replace_primary_payment_source: Type.Optional(Type.Boolean()),
  invoice_note: Type.Optional(Str(2000)),
  shipping_address: Type.Optional(AddressInput),
  payment_intent: Type.Optional(Type.Object({ id: Type.Optional(Str(150)), gateway_account_id: Type.Optional(Str(50)), gw_token: Type.Optional(Str(65_000)), reference_id: Type.Optional(Str(65_000)) })),
  addons: IndexedAddons,
  charges: Indexed(),
});
export type InvoiceCreate = Static<typeof InvoiceCreate>;

export const InvoiceCharge = Type.Object({
  customer_id: Type.Optional(Str(50, { minLength: 1 })),
  subscription_id: Type.Optional(Str(50, { minLength: 1 })),
  amount: Cents(1),
  description: Str(250, { minLength: 1 }),
  coupon: Type.Optional(Str(100, { minLength: 1 })),
  po_number: Type.Optional(Str(100)),
});
export type InvoiceCharge = Static<typeof InvoiceCharge>;

export const InvoiceChargeAddon = Type.Object({
  subscription_id: Str(50, { minLength: 1 }),
  addon_id: Str(100, { minLength: 1 }),
  addon_quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  addon_unit_price: Type.Optional(Cents(0)),
  coupon: Type.Optional(Str(100, { minLength: 1 })),
  po_number: Type.Optional(Str(100)),
});
export type InvoiceChargeAddon = Static<typeof InvoiceChargeAddon>;

/** void and delete: an internal comment only. */
export const InvoiceComment = Type.Object({ comment: Type.Optional(Str(300)) });

export const REASON_CODES = ['write_off', 'subscription_change', 'subscription_cancellation', 'subscription_pause', 'chargeback', 'product_unsatisfactory', 'service_unsatisfactory', 'order_change', 'order_cancellation', 'waiver', 'other', 'fraudulent'] as const;

export const INVOICE_STATUSES = ['paid', 'posted', 'payment_due', 'not_paid', 'voided', 'pending'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface LineItem {
  id: string;
  object: 'line_item';
  subscription_id?: string;
  customer_id: string;
  date_from: number;
  date_to: number;
  description: string;
  entity_type: 'adhoc' | 'addon' | 'plan';
  entity_id?: string;
  unit_amount: number;
  quantity: number;
  amount: number;
  pricing_model: 'flat_fee' | 'per_unit';
  is_taxed: boolean;
  tax_amount: number;
  tax_rate?: number;
  tax_exempt_reason?: 'tax_not_configured' | 'customer_exempt' | 'product_exempt';
  discount_amount: number;
  item_level_discount_amount: number;
}

export interface InvoiceDiscount {
  object: 'discount';
  type: 'coupon';
  entity_type: 'document_level_coupon' | 'item_level_coupon';
  entity_id: string;
  coupon_set_code?: string;
  description: string;
  amount: number;
}

export interface LineItemTax {
  line_item_id: string;
  tax_name: string;
  tax_rate: number;
  tax_juris_type: 'country';
  tax_juris_name: string;
  tax_juris_code: string;
  tax_amount: number;
  taxable_amount: number;
  is_partial_tax_applied: false;
  is_non_compliance_tax: false;
  object: 'line_item_tax';
}

export interface LinkedPayment {
  txn_id: string;
  applied_amount: number;
  applied_at: number;
  txn_status: string;
  txn_date: number;
  txn_amount: number;
}

export interface CreditNoteLink {
  cn_id: string;
  cn_reason_code: string;
  cn_create_reason_code?: string;
  cn_date: number;
  cn_total: number;
  cn_status: string;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer_id: string;
  subscription_id?: string;
  recurring: boolean;
  status: InvoiceStatus;
  po_number?: string;
  vat_number?: string;
  price_type: 'tax_exclusive';
  /** `date` is the document date; `start_date` / `end_date` are its older names, still answered. */
  date: number;
  start_date: number;
  end_date: number;
  due_date: number;
  net_term_days: number;
  currency_code: string;
  base_currency_code: string;
  exchange_rate: 1;
  sub_total: number;
  tax: number;
  /** `total` and its older name `amount`. */
  total: number;
  amount: number;
  amount_paid: number;
  amount_adjusted: number;
  credits_applied: number;
  write_off_amount: number;
  amount_due: number;
  amount_to_collect: number;
  round_off_amount: number;
  paid_at?: number;
  paid_on?: number;
  voided_at?: number;
  dunning_status?: 'in_progress' | 'exhausted' | 'stopped' | 'success';
  first_invoice: boolean;
  has_advance_charges: false;
  term_finalized: true;
  is_gifted: false;
  generated_at: number;
  updated_at: number;
  resource_version: number;
  deleted: boolean;
  line_items: LineItem[];
  discounts: InvoiceDiscount[];
  taxes: { object: 'tax'; name: string; amount: number; description: string }[];
  line_item_taxes: LineItemTax[];
  linked_payments: LinkedPayment[];
  applied_credits: never[];
  adjustment_credit_notes: CreditNoteLink[];
  issued_credit_notes: CreditNoteLink[];
  linked_orders: { id: string; status: string; reference_id?: string; fulfillment_status?: string; batch_id?: string; created_at: number; object: 'linked_order' }[];
  notes?: { note: string; entity_type?: string; entity_id?: string; object: 'note' }[];
  billing_address?: Address | (Omit<Address, 'object'> & { object: 'billing_address' });
  shipping_address?: Address;
  einvoice?: Einvoice;
}
