import Big from 'big.js';

// Money and quantities are decimals, never floats in arithmetic. JSON numbers arrive as IEEE
// doubles; `String(n)` gives the shortest text that reads back as the same double (0.1 → "0.1"),
// so converting through the string keeps exactly what the sender wrote.

export type Decimal = Big;

/** Big with half-away-from-zero rounding: the rule EN 16931 / UBL amounts follow. */
const D = Big();
D.RM = Big.roundHalfUp; // "rounds away from zero if equidistant"
D.DP = 20;
D.NE = -30; // never switch to exponent notation in toString
D.PE = 40;

export const ZERO = D(0);

export function dec(value: number | string | Big): Big {
  return D(typeof value === 'number' ? String(value) : value);
}

/** Rounded to `dp` decimals, half away from zero. */
export function round(value: Big, dp = 2): Big {
  return value.round(dp, Big.roundHalfUp);
}

/** The amount as UBL writes it: exactly two decimals (`14` → `14.00`). */
export function amount2(value: Big): string {
  return round(value, 2).toFixed(2);
}

/** A quantity, price or percentage without trailing zeros (`1.50` → `1.5`, `19` → `19`). */
export function plain(value: Big): string {
  return value.toFixed();
}

export function sum(values: Iterable<Big>): Big {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
