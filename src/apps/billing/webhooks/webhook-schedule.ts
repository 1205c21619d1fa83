// When a failed webhook delivery is tried again: the platform's published schedule, seven
// automatic retries, each counted from the previous attempt. With near-instant attempts the
// retries fall 2 min, 8 min, 38 min, 1 h 38 min, 6 h 38 min, 1 d 6 h 38 min and 3 d 6 h 38 min
// after the first one: "about 2 days" of retries after the first day, the last about 3 days
// 7 hours after the event.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([2 * MINUTE, 6 * MINUTE, 30 * MINUTE, HOUR, 5 * HOUR, DAY, 2 * DAY]);

/** The wait before automatic retry `retry` (1-based), or undefined when the retries are spent. */
export function webhookRetryDelay(retry: number): number | undefined {
  return WEBHOOK_RETRY_DELAYS_MS[retry - 1];
}
