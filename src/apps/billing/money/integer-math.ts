// Amounts are integers of cents. Products with rates can pass 2^53, so the arithmetic that
// multiplies goes through BigInt and comes back as a safe integer.

/** a × numerator ÷ denominator, rounded half away from zero (amounts here are never negative). */
export function mulDivRound(a: number, numerator: number, denominator: number): number {
  const n = BigInt(a) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/**
 * Splits `total` over `weights` in proportion, in whole cents, so that the parts add up to
 * `total` exactly: each part is rounded down, and the cents left go to the largest remainders
 * (the earliest first on a tie). Zero weights get nothing unless all weights are zero.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => (T * BigInt(w)) / S);
  const remainders = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = Number(T - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** A percentage with at most two decimals (12.5) as hundredths of a percent (1250). */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);
