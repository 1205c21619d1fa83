import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The fields every log line carries while some work runs: the request's id, and in the
 * background the document, driver, entity and site a queue row is about. Kept in an
 * AsyncLocalStorage read by the logger's mixin (src/lib/log.ts), so a driver's or a network's
 * line names the request that caused it without a logger being threaded through.
 */
export type LogFields = Readonly<Record<string, string | number | undefined>>;

const store = new AsyncLocalStorage<LogFields>();

/** Runs `fn` with the current fields and `fields` (which win); undefined values are dropped. */
export function withLogContext<T>(fields: LogFields, fn: () => T): T {
  const merged: Record<string, string | number> = { ...store.getStore() } as Record<string, string | number>;
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) merged[k] = v;
  return store.run(merged, fn);
}

/** The fields of the work running now (empty outside any). */
export function logContext(): LogFields {
  return store.getStore() ?? {};
}

/**
 * Runs `fn` with no fields but `fields`: for what is shared by many documents (a batch's timer, a
 * network session, a token refresh), made while one of them is worked on but not about it alone,
 * so that one document's id is not stamped on the lines of the others; `fields` says what it is
 * about instead (its driver, its site).
 */
export function outsideLogContext<T>(fn: () => T, fields?: LogFields): T {
  return store.exit(() => (fields ? withLogContext(fields, fn) : fn()));
}

/** A site as log lines name it: a merchant's id, or BILLING_URL for the operator's own (''). */
export const siteName = (siteId: string): string => (siteId === '' ? 'BILLING_URL' : siteId);
