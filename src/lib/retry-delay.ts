/** How long to wait before retry number `attempt` (1, 2, …) of the adapter's retry policy. */
export interface RetryPolicy {
  /** Wait before the first retry, in milliseconds; doubles with each further retry. */
  minMs: number;
  /** The longest wait between two retries. */
  maxMs: number;
  /** How long after the first attempt retries stop (the row then ends as failed). */
  horizonMs: number;
}

/**
 * Exponential backoff with jitter, the same curve p-retry uses with `randomize` (factor 2, a
 * random factor between 1 and 2), so persisted next-attempt times match what a live retry loop
 * would wait, and many rows failing together do not retry in lockstep.
 */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'minMs' | 'maxMs'>, random: () => number = Math.random): number {
  const base = policy.minMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(Math.round((1 + random()) * base), policy.maxMs);
}
