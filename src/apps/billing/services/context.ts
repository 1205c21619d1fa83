import type { EinvoicingSettings } from '../einvoicing/einvoicing-settings.js';
import type { Actor } from '../events/event-log.js';
import type { BillingSite } from '../site.js';
import type { BillingStore } from '../store/billing-store.js';

/** What every billing service needs: the store, the clock (tests fix it) and the site settings. */
export interface BillingContext {
  store: BillingStore;
  clock: () => Date;
  site: BillingSite;
  /** Whom the module e-invoices, and as whom; no e-invoicing when absent. */
  einvoicing?: EinvoicingSettings;
  /** Who the changes are made by (events' source and user); the API key when absent. */
  actor?: Actor;
  /** Told after an event with deliveries to make is written (wakes the webhook worker). */
  onEvent?: () => void;
  /** Told after an e-invoicing job is queued (wakes the e-invoicing worker). */
  onEinvoiceJob?: () => void;
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
