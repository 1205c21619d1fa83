import { ZERO, type Decimal } from '../../../src/lib/money.js';
import type { DailyPayments, InvoicePayment, PaymentSubtotal } from './report-model.js';

// Sub-flows 10.2 (one international invoice's collection) and 10.4 (the B2C collections of a day)
// from what the caller knows: the SPI carries no payment event, so the driver passes the date and
// the amounts collected per VAT rate, in euro (G6.27). Amounts per rate are summed; nothing is
// derived from the invoice's totals, as a collection may be partial.

/** What was collected at one VAT rate, in euro, VAT included. */
export interface Collected {
  percent: Decimal;
  amount: Decimal;
}

/** 10.2: the collection on `date` of the invoice `invoiceId` issued on `issueDate`. */
export function invoicePayment(invoice: { id: string; issueDate: string }, date: string, collected: readonly Collected[]): InvoicePayment {
  return { invoiceId: invoice.id, issueDate: invoice.issueDate, date, subtotals: perRate(collected) };
}

/** 10.4: one entry per day, its collections summed per rate, days in order. */
export function dailyPayments(collections: readonly { date: string; collected: readonly Collected[] }[]): DailyPayments[] {
  const days = new Map<string, Collected[]>();
  for (const c of collections) days.set(c.date, [...(days.get(c.date) ?? []), ...c.collected]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, collected]) => ({ date, subtotals: perRate(collected) }));
}

function perRate(collected: readonly Collected[]): PaymentSubtotal[] {
  const rates = new Map<string, PaymentSubtotal>();
  for (const c of collected) {
    const key = c.percent.toFixed();
    const r = rates.get(key) ?? { percent: c.percent, currency: 'EUR', amount: ZERO };
    rates.set(key, { ...r, amount: r.amount.plus(c.amount) });
  }
  return [...rates.values()].sort((a, b) => a.percent.cmp(b.percent));
}
