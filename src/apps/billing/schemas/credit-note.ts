import type { Einvoice } from '../einvoicing/einvoice.js';
import Type, { type Static } from 'typebox';
import { Cents, Enum, Str } from '../params.js';
import type { Address } from './address.js';
import { REASON_CODES, type InvoiceDiscount, type LineItem, type LineItemTax } from './invoice.js';

// Credit notes: the minimal part of the platform's API that adjustments and refunds need. An
// `adjustment` note lowers what an unpaid invoice still asks for; a `refundable` note credits
// money already paid (refunded through `POST /invoices/{id}/refund`).

export const CreditNoteCreate = Type.Object({
  reference_invoice_id: Str(50, { minLength: 1 }),
  total: Type.Optional(Cents(1)),
  type: Enum(['adjustment', 'refundable']),
  reason_code: Type.Optional(Enum(REASON_CODES)),
  create_reason_code: Type.Optional(Str(100)),
  customer_notes: Type.Optional(Str(2000)),
  comment: Type.Optional(Str(300)),
});
export type CreditNoteCreate = Static<typeof CreditNoteCreate>;

export const InvoiceRefund = Type.Object({
  refund_amount: Type.Optional(Cents(1)),
  comment: Type.Optional(Str(300)),
  customer_notes: Type.Optional(Str(2000)),
  credit_note: Type.Optional(Type.Object({ reason_code: Type.Optional(Enum(REASON_CODES)), create_reason_code: Type.Optional(Str(100)) })),
});
export type InvoiceRefund = Static<typeof InvoiceRefund>;

export interface CreditNote {
  id: string;
  object: 'credit_note';
  customer_id: string;
  subscription_id?: string;
  reference_invoice_id: string;
  type: 'adjustment' | 'refundable';
  reason_code: string;
  create_reason_code?: string;
  status: 'adjusted' | 'refunded' | 'refund_due' | 'voided';
  date: number;
  price_type: 'tax_exclusive';
  currency_code: string;
  base_currency_code: string;
  exchange_rate: 1;
  total: number;
  sub_total: number;
  amount_allocated: number;
  amount_refunded: number;
  amount_available: number;
  refunded_at?: number;
  customer_notes?: string;
  generated_at: number;
  updated_at: number;
  resource_version: number;
  deleted: false;
  line_items: LineItem[];
  discounts: InvoiceDiscount[];
  taxes: { object: 'tax'; name: string; amount: number; description: string }[];
  line_item_taxes: LineItemTax[];
  linked_refunds: { txn_id: string; applied_amount: number; applied_at: number; txn_status: string; txn_date: number; txn_amount: number }[];
  allocations: { invoice_id: string; allocated_amount: number; allocated_at: number; invoice_date: number; invoice_status: string }[];
  vat_number?: string;
  billing_address?: Address;
  einvoice?: Einvoice;
}
