import { isCelError, run } from '@bufbuild/cel';

/**
 * Evaluates an override `expr` as CEL (https://cel.dev) against the override values. The
 * answer is a scalar or an error text; CEL reports its own errors as values, never throws on
 * bad input, and its ints (bigint) come back as numbers.
 */
export function evaluateCel(expr: string, bindings: Record<string, unknown>): { value: string | number | boolean | null } | { error: string } {
  let result: unknown;
  try {
    result = run(expr, bindings as Parameters<typeof run>[1]);
  } catch (err) {
    return { error: (err as Error).message };
  }
  if (isCelError(result)) return { error: (result as Error).message };
  if (typeof result === 'bigint') return { value: Number(result) };
  if (result === null || typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean') return { value: result };
  return { error: 'must evaluate to a string, number, boolean or null' };
}
