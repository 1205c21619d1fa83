import { BillingError } from '../errors.js';
import type { Customer } from '../schemas/customer.js';
import { newId, type BillingContext } from './context.js';

// The built-in test gateway (the platform's `chargebee` test gateway). It decides from the card
// alone, and only the masked card is kept, so the rules read the first six and last four digits:
//   4119 8627 6033 8320: refused when the card is added (verification fails, "(3009) Do not honour");
//   4005 5192 0000 0004: added, but every charge fails ("(3001) Insufficient funds");
//   any other card, or a payment method given by reference: charges succeed.
// It answers at once, so a charge can run inside the operation's database transaction.

export const TEST_GATEWAY = 'chargebee';
export const TEST_GATEWAY_ACCOUNT = 'gw_test_gateway';

const REFUSED_ON_ADD = { iin: '411986', last4: '8320' };
const DECLINES_CHARGES = { iin: '400551', last4: '0004' };

export type ChargeResult = { ok: true; idAtGateway: string } | { ok: false; code: string; text: string };

/** Throws the platform's payment error when the card would be refused as it is added. */
export function verifyCard(card: { iin: string; last4: string }): void {
  if (card.iin === REFUSED_ON_ADD.iin && card.last4 === REFUSED_ON_ADD.last4) {
    throw new BillingError(402, 'payment_method_verification_failed', 'Problem while adding the card. Error message : (3009) Do not honour.', 'payment', 'card[number]');
  }
}

export function charge(customer: Customer, ctx: BillingContext): ChargeResult {
  const card = customer.card;
  if (card && card.iin === DECLINES_CHARGES.iin && card.last4 === DECLINES_CHARGES.last4) return { ok: false, code: '3001', text: 'Insufficient funds' };
  return { ok: true, idAtGateway: newId('test_', ctx.clock()) };
}

/** Refunds through the test gateway always succeed. */
export const refund = (ctx: BillingContext): ChargeResult => ({ ok: true, idAtGateway: newId('test_rf_', ctx.clock()) });

/** Whether the customer has something the gateway can charge automatically. */
export const canCollect = (customer: Customer) => customer.auto_collection === 'on' && (customer.card !== undefined || customer.payment_method !== undefined);
