import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
import type { Store } from './store.js';

export interface StoreOptions extends SqliteStoreOptions {
  clock?: () => Date;
}

/** The adapter's store: the SQLite file under `dataDir`. */
export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  return openSqliteStore(dataDir, options.clock, options);
}
