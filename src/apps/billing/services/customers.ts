import { isCountryCode } from '../../../code-lists/country-codes.js';
import { BillingError, found, paramNotUnique, paramWrong } from '../errors.js';
import type { Address, AddressInput } from '../schemas/address.js';
import type { Card, Customer, CustomerCreate, CustomerUpdate } from '../schemas/customer.js';
import type { Pagination } from '../pagination.js';
import { newId, seconds, touch, type BillingContext } from './context.js';
import { metaData } from './meta-data.js';
import { verifyCard } from './test-gateway.js';
import { recordEvent } from '../events/event-log.js';

export function createCustomer(input: CustomerCreate, ctx: BillingContext): Customer {
  const now = ctx.clock();
  const id = input.id ?? newId('cus_', now);
  const billing = input.billing_address && address(input.billing_address, 'billing_address');
  const meta = input.meta_data === undefined ? undefined : metaData(input.meta_data);
  const card = input.card && maskCard(input.card, id);
  const { card: _c, payment_method: pm, payment_intent: _pi, billing_address: _b, meta_data: _m, ...fields } = input;
  const customer: Customer = {
    ...fields,
    id,
    object: 'customer',
    auto_collection: input.auto_collection ?? 'on',
    net_term_days: 0,
    allow_direct_debit: input.allow_direct_debit ?? false,
    taxability: input.taxability ?? 'taxable',
    created_at: seconds(now),
    ...touch(undefined, now),
    deleted: false,
    card_status: card ? 'valid' : 'no_card',
    promotional_credits: 0,
    refundable_credits: 0,
    excess_payments: 0,
    unbilled_charges: 0,
    ...(billing && { billing_address: billing }),
    ...(meta && { meta_data: meta }),
    ...(card && { card, payment_method: { object: 'payment_method', type: 'card', reference_id: `tok_${id}`, gateway: card.gateway, status: 'valid' } }),
    ...(!card && pm?.reference_id && { payment_method: { object: 'payment_method', type: pm.type ?? 'card', reference_id: pm.reference_id, gateway: pm.gateway ?? 'not_applicable', status: 'valid' } }),
  };
  ctx.store.transaction(() => {
    if (ctx.store.customers.get(id)) throw paramNotUnique('id', id);
    ctx.store.customers.insert(customer);
    recordEvent(ctx, 'customer_created', customerView(customer));
    if (customer.card) recordEvent(ctx, 'card_added', customerView(customer));
  });
  return customer;
}

export function updateCustomer(id: string, input: CustomerUpdate, ctx: BillingContext): Customer {
  return ctx.store.transaction(() => {
    const current = getCustomer(id, ctx);
    const updated: Customer = { ...current, ...input, ...touch(current, ctx.clock()) };
    ctx.store.customers.update(updated);
    recordEvent(ctx, 'customer_changed', customerView(updated));
    return updated;
  });
}

/** `{customer}` plus `{card}` when the customer has one (always masked): an answer, or an event's content. */
export function customerView(c: Customer): { customer: Omit<Customer, 'card'>; card?: Card } {
  const { card, ...customer } = c;
  return { customer, ...(card && { card }) };
}

export function getCustomer(id: string, ctx: BillingContext, param?: string): Customer {
  return found(ctx.store.customers.get(id), 'customer', id, param);
}

export const listCustomers = (page: Pagination, ctx: BillingContext) => ctx.store.customers.list(page);

/** The country must be an ISO 3166 alpha-2 code the platform knows. */
export function address(input: AddressInput, param: 'billing_address' | 'shipping_address'): Address {
  if (input.country !== undefined && !isCountryCode(input.country)) throw paramWrong(`${param}[country]`, `invalid country code ${input.country}.`);
  return { ...input, object: param, validation_status: 'not_validated' };
}

/** Only the first six and last four digits survive; the CVV is never kept. */
function maskCard(card: NonNullable<CustomerCreate['card']>, customerId: string): Card {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) throw new BillingError(400, 'param_wrong_value', 'card[number] : invalid card number.', 'invalid_request', 'card[number]');
  verifyCard({ iin: digits.slice(0, 6), last4: digits.slice(-4) });
  return {
    object: 'card',
    customer_id: customerId,
    status: 'valid',
    gateway: card.gateway ?? 'chargebee',
    ...(card.first_name && { first_name: card.first_name }),
    ...(card.last_name && { last_name: card.last_name }),
    iin: digits.slice(0, 6),
    last4: digits.slice(-4),
    card_type: cardType(digits),
    funding_type: 'credit',
    expiry_month: card.expiry_month,
    expiry_year: card.expiry_year,
    masked_number: `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`,
  };
}

function cardType(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'american_express';
  return 'other';
}
