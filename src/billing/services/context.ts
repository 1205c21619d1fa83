import type { BillingSite } from '../site.js';
import type { BillingStore } from '../store/billing-store.js';

/** What every billing service needs: the store, the clock (tests fix it) and the site settings. */
export interface BillingContext {
  store: BillingStore;
  clock: () => Date;
  site: BillingSite;
}

/** Seconds since the epoch, the platform's timestamp unit. */
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * A write's stamp: `updated_at` in seconds and `resource_version` in milliseconds, strictly
 * increasing per resource even for two writes within one millisecond (receivers compare it to
 * order webhook deliveries).
 */
export function touch<T extends { resource_version?: number }>(previous: T | undefined, now: Date): { updated_at: number; resource_version: number } {
  const ms = now.getTime();
  const before = previous?.resource_version ?? 0;
  return { updated_at: seconds(now), resource_version: ms > before ? ms : before + 1 };
}

/** A generated id: prefix, then time and randomness in base 36 (unique, roughly ordered). */
export function newId(prefix: string, now: Date): string {
  return `${prefix}${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
