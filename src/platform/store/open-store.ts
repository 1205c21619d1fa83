import { openPostgresStore } from './postgres/pg-store.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
import type { Store } from './store.js';

export interface StoreOptions extends SqliteStoreOptions {
  clock?: () => Date;
  /** PostgreSQL instead of the SQLite file under the data directory (DATABASE_URL). */
  databaseUrl?: string | undefined;
}

/** The adapter's store: PostgreSQL when a URL is given, else the SQLite file under `dataDir`. */
export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, { clock: options.clock, chainModules: options.chainModules, claimant: options.claimant, leaseMs: options.leaseMs });
  return openSqliteStore(dataDir, options.clock, options);
}
