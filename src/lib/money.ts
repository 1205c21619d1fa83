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
  if (typeof value !== 'number') return D(value);
  const text = String(value);
  return decimalText(text) ?? D(text);
}

/**
 * The Big of a number's shortest text in plain notation (`-12.50` never: `String` writes `-12.5`),
 * its digits, exponent and sign (the representation big.js documents) set on a copy of ZERO: what
 * big.js's own parse makes, without its regex tests and string surgery (every amount, quantity and
 * rate of a rendered document passes here, issue 45). Exponent notation (`1e-7`, `1e+21`) and
 * NaN are left to big.js (undefined).
 */
function decimalText(text: string): Big | undefined {
  const negative = text.charCodeAt(0) === 45; // '-'
  const first = negative ? 1 : 0;
  let point = text.length;
  const digits: number[] = [];
  for (let i = first; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 && point === text.length) point = i; // '.'
    else if (code >= 48 && code <= 57) digits.push(code - 48);
    else return undefined;
  }
  if (digits.length === 0) return undefined;
  // Leading zeros move the exponent; trailing ones are dropped (a zero is [0] at exponent 0).
  let lead = 0;
  while (lead < digits.length && digits[lead] === 0) lead++;
  const x = new D(ZERO);
  if (lead === digits.length) return x;
  let end = digits.length;
  while (digits[end - 1] === 0) end--;
  x.c = lead === 0 && end === digits.length ? digits : digits.slice(lead, end);
  x.e = point - first - lead - 1;
  x.s = negative ? -1 : 1;
  return x;
}

/** Rounded to `dp` decimals, half away from zero; a value already that exact is itself (big.js values never change). */
export function round(value: Big, dp = 2): Big {
  return value.c.length - 1 - value.e <= dp ? value : value.round(dp, Big.roundHalfUp);
}

const HUNDRED = D(100);
const HUNDREDTH = D('0.01');

/**
 * `value.div(100)` as big.js gives it (to D.DP decimals), by a multiplication when the quotient is
 * exact within them, as a percentage of money always is: big.js divides digit by digit to D.DP
 * places (issue 45: every line's VAT is a percentage).
 */
export function hundredth(value: Big): Big {
  return value.c.length - 1 - value.e + 2 <= D.DP ? value.times(HUNDREDTH) : value.div(HUNDRED);
}

/**
 * -1, 0 or 1 as the value is below, at or above zero: `value.cmp(0)` without the Big that
 * comparing with a number parses for every call (issue 45: the rendered documents' checks ask it
 * of every line).
 */
export function signOf(value: Big): -1 | 0 | 1 {
  return value.c[0] === 0 ? 0 : value.s < 0 ? -1 : 1;
}

/** The amount as UBL writes it: exactly two decimals (`14` → `14.00`). */
export function amount2(value: Big): string {
  return fixed(value, 2);
}

/** `round(value, dp).toFixed(dp)`: rounded to `dp` decimals, half away from zero, and written with exactly `dp`. */
export function fixed(value: Big, dp: number): string {
  return fixedText(round(value, dp), dp);
}

/** A quantity, price or percentage without trailing zeros (`1.50` → `1.5`, `19` → `19`). */
export function plain(value: Big): string {
  const decimals = value.c.length - 1 - value.e;
  return fixedText(value, decimals > 0 ? decimals : 0);
}

/**
 * Rounded to at most `max` decimals and written without trailing zeros, but with at least `min`
 * (`1.5` → `1.50`, `0.123456789` → `0.12345679` for 2 to 8): FatturaPA's Amount8DecimalType,
 * read from the rounded value's digits instead of stripping a written text's zeros (issue 45).
 */
export function fixedBetween(value: Big, min: number, max: number): string {
  const r = round(value, max);
  const decimals = r.c.length - 1 - r.e;
  return fixedText(r, decimals < min ? min : decimals);
}

const DIGITS = '0123456789';

/**
 * `value.toFixed(dp)` for a value with at most `dp` decimals, read from its digits (`c`), exponent
 * (`e`) and sign (`s`): what big.js writes, without the copy it rounds and the array join it
 * stringifies through (the amounts of every rendered document pass here, issue 45). Zero has no
 * sign, as big.js writes a rounded zero.
 */
function fixedText(value: Big, dp: number): string {
  const { c, e } = value;
  let out = '';
  if (e < 0) out = '0';
  else for (let i = 0; i <= e; i++) out += i < c.length ? DIGITS[c[i]!] : '0';
  if (dp > 0) {
    out += '.';
    for (let i = e + 1; i <= e + dp; i++) out += i >= 0 && i < c.length ? DIGITS[c[i]!] : '0';
  }
  return value.s < 0 && c[0] !== 0 ? '-' + out : out;
}

export function sum(values: Iterable<Big>): Big {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
