import type { SpiErrorItem } from '../../../spi/error-item.js';

// `overrides.values` carry the platform's own resources (invoice, credit_note, line_items,
// customer …), but the platform's examples send some numbers as strings (`"tax_rate": "14"`), and
// a CEL expression cannot compare the string "14" with 0.0. Before anything is evaluated, each
// value is read as the type the platform's resources document for its field name: amounts,
// rates and quantities as numbers, dates as `YYYY-MM-DD` (a timestamp in seconds, as the
// platform's API has `date` and `due_date`, becomes its UTC day). Other fields stay as sent.

const NUMBERS = new Set([
  'amount', 'amount_due', 'amount_paid', 'amount_adjusted', 'amount_available', 'amount_refunded', 'credits_applied', 'sub_total', 'total', 'tax', 'tax_total',
  'tax_amount', 'taxable_amount', 'unit_price', 'unit_amount', 'quantity', 'tax_rate', 'percentage', 'discount', 'discount_amount', 'item_level_discount_amount',
  'exchange_rate', 'write_off_amount', 'round_off_amount',
]);
const DATES = new Set(['issue_date', 'tax_date', 'due_date', 'date', 'paid_at', 'voided_at']);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `values` with every documented field read as its type; one INVALID_DATA per value that cannot be. */
export function typedValues(values: Record<string, unknown>, errors: SpiErrorItem[]): Record<string, unknown> {
  return typed(values, 'overrides.values', errors) as Record<string, unknown>;
}

function typed(value: unknown, path: string, errors: SpiErrorItem[], key?: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => typed(v, `${path}[${i}]`, errors));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = typed(v, `${path}.${k}`, errors, k);
    return out;
  }
  // A dotted key (`invoice.amount`) is typed by its last part.
  const field = key?.split('.').pop();
  if (value === null || value === undefined || field === undefined) return value;
  if (NUMBERS.has(field)) return asNumber(value, path, errors);
  if (DATES.has(field)) return asDate(value, path, errors);
  return value;
}

function asNumber(value: unknown, path: string, errors: SpiErrorItem[]): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const n = typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (Number.isFinite(n)) return n;
  errors.push({ code: 'INVALID_DATA', message: `${path}: must be a number (got ${JSON.stringify(value)})` });
  return value;
}

function asDate(value: unknown, path: string, errors: SpiErrorItem[]): unknown {
  if (typeof value === 'string' && isCalendarDate(value)) return value;
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(seconds) && seconds >= 0) return new Date(seconds * 1000).toISOString().slice(0, 10);
  errors.push({ code: 'INVALID_DATA', message: `${path}: must be a date, YYYY-MM-DD or a timestamp in seconds (got ${JSON.stringify(value)})` });
  return value;
}

function isCalendarDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
