export type TransactionType = 'authorization' | 'payment' | 'refund' | 'payment_reversal';
export type TransactionStatus = 'in_progress' | 'success' | 'voided' | 'failure' | 'timeout' | 'needs_attention' | 'late_failure';

export const TRANSACTION_TYPES = ['authorization', 'payment', 'refund', 'payment_reversal'] as const;
export const TRANSACTION_STATUSES = ['in_progress', 'success', 'voided', 'failure', 'timeout', 'needs_attention', 'late_failure'] as const;

export interface Transaction {
  id: string;
  object: 'transaction';
  customer_id: string;
  subscription_id?: string;
  payment_method: 'card' | 'cash' | 'check' | 'bank_transfer' | 'paypal_express_checkout' | 'amazon_payments' | 'direct_debit' | 'other';
  gateway: string;
  gateway_account_id: string;
  id_at_gateway?: string;
  type: TransactionType;
  date: number;
  currency_code: string;
  base_currency_code: string;
  exchange_rate: 1;
  amount: number;
  amount_unused: number;
  status: TransactionStatus;
  error_code?: string;
  error_text?: string;
  masked_card_number?: string;
  refunded_txn_id?: string;
  three_d_secure: false;
  initiator_type: 'merchant';
  linked_invoices: { invoice_id: string; applied_amount: number; applied_at: number; invoice_date: number; invoice_total: number; invoice_status: string }[];
  linked_credit_notes: { cn_id: string; applied_amount: number; applied_at: number; cn_reason_code: string; cn_date: number; cn_total: number; cn_status: string; cn_reference_invoice_id: string }[];
  linked_refunds: { txn_id: string; txn_status: string; txn_date: number; txn_amount: number }[];
  updated_at: number;
  resource_version: number;
  deleted: false;
}
