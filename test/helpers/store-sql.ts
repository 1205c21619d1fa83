import type { SqliteStore } from '../../src/store/sqlite-store.js';
import type { Store } from '../../src/store/store.js';

// Tests look at rows the API does not show (a transmission's attempts, a callback's answer)
// with plain SQL that both stores read alike (`?` placeholders; CAST(count(*) AS INTEGER) for
// a number on both).

export async function queryRows<T = Record<string, unknown>>(store: Store, sql: string, ...params: unknown[]): Promise<T[]> {
  return sqliteOf(store).db.prepare(sql).all(...params) as T[];
}

export async function queryRow<T = Record<string, unknown>>(store: Store, sql: string, ...params: unknown[]): Promise<T | undefined> {
  return (await queryRows<T>(store, sql, ...params))[0];
}

export async function execute(store: Store, sql: string, ...params: unknown[]): Promise<void> {
  sqliteOf(store).db.prepare(sql).run(...params);
}

/** Makes the store unusable in place (its connection closed), as a broken database would be. */
export async function breakStore(store: Store): Promise<void> {
  sqliteOf(store).db.close();
}

function sqliteOf(store: Store): SqliteStore {
  if (store.kind !== 'sqlite') throw new Error(`no SQL helper for a ${store.kind} store`);
  return store as SqliteStore;
}
