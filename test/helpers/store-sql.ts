import type { PostgresStore } from '../../src/platform/store/postgres/pg-store.js';
import type { SqliteStore } from '../../src/platform/store/sqlite-store.js';
import type { Store } from '../../src/platform/store/store.js';

// Tests look at rows the API does not show (a transmission's attempts, a callback's answer)
// with plain SQL that both stores read alike (`?` placeholders; CAST(count(*) AS INTEGER) for
// a number on both).

export async function queryRows<T = Record<string, unknown>>(store: Store, sql: string, ...params: unknown[]): Promise<T[]> {
  if (store.kind === 'sqlite') {
    const statement = (store as SqliteStore).db.prepare(sql);
    if (!statement.reader) return void statement.run(...params), [];
    return statement.all(...params) as T[];
  }
  let n = 0;
  return (await (store as PostgresStore).pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
}

export async function queryRow<T = Record<string, unknown>>(store: Store, sql: string, ...params: unknown[]): Promise<T | undefined> {
  return (await queryRows<T>(store, sql, ...params))[0];
}

export async function execute(store: Store, sql: string, ...params: unknown[]): Promise<void> {
  await queryRows(store, sql, ...params);
}

/** Makes the store unusable in place (its connection closed), as a broken database would be. */
export async function breakStore(store: Store): Promise<void> {
  if (store.kind === 'sqlite') (store as SqliteStore).db.close();
  else await (store as PostgresStore).pool.end();
}
