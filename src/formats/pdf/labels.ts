import type { Decimal } from '../../lib/money.js';
import { amount2, plain } from '../../lib/money.js';

// What a person reads for the codes and numbers of an EN 16931 invoice: amounts with two decimals
// and thousands separators, ISO dates, names for the UNCL4461 payment means, UNCL5305 VAT
// categories and the commonest UN/ECE Rec. 20 units (others print as their code).

export function money(value: Decimal): string {
  return grouped(amount2(value));
}

/** A quantity: as many decimals as it has. */
export function quantity(value: Decimal): string {
  return grouped(plain(value));
}

/** A unit price: at least two decimals, more when it has them. */
export function price(value: Decimal): string {
  const p = plain(value);
  return grouped((p.split('.')[1]?.length ?? 0) >= 2 ? p : value.toFixed(2));
}

function grouped(s: string): string {
  const negative = s.startsWith('-');
  const [whole, fraction] = (negative ? s.slice(1) : s).split('.');
  const withCommas = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${withCommas}${fraction === undefined ? '' : `.${fraction}`}`;
}

export function percent(value: Decimal | undefined): string {
  return value === undefined ? '—' : `${plain(value)} %`;
}

const PAYMENT_MEANS: Readonly<Record<string, string>> = {
  '1': 'Payment',
  '10': 'Cash',
  '20': 'Cheque',
  '30': 'Credit transfer',
  '31': 'Debit transfer',
  '42': 'Payment to bank account',
  '48': 'Bank card',
  '49': 'Direct debit',
  '54': 'Credit card',
  '55': 'Debit card',
  '57': 'Standing agreement',
  '58': 'SEPA credit transfer',
  '59': 'SEPA direct debit',
  '68': 'Online payment service',
  '97': 'Clearing between partners',
  ZZZ: 'Mutually defined',
};

export function paymentMeansName(code: string): string {
  return PAYMENT_MEANS[code] ?? `Payment means ${code}`;
}

const CATEGORIES: Readonly<Record<string, string>> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  K: 'Intra-Community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
  L: 'Canary Islands (IGIC)',
  M: 'Ceuta and Melilla (IPSI)',
};

export function categoryName(code: string): string {
  return CATEGORIES[code] ?? code;
}

const UNITS: Readonly<Record<string, string>> = {
  C62: 'unit',
  H87: 'piece',
  EA: 'each',
  HUR: 'hour',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  KGM: 'kg',
  MTR: 'm',
  LTR: 'l',
  MTK: 'm²',
  KWH: 'kWh',
  E48: 'service',
};

export function unitName(code: string): string {
  return UNITS[code] ?? code;
}
