import { join } from 'node:path';
import { ConfigError } from '../platform/config/config-error.js';
import type { Settings } from '../platform/config/settings.js';
import { openStore, type StoreOptions } from '../platform/store/open-store.js';
import { redactedUrl } from '../platform/store/postgres/pg-db.js';
import { ADAPTER_DB_FILE } from '../platform/store/sqlite-store.js';
import type { Store } from '../platform/store/store.js';

/**
 * Opens the adapter's store for a command: DATABASE_URL's PostgreSQL, else the SQLite file
 * under DATA_DIR. What goes wrong there is the operator's to fix (a file where the directory
 * should be, a database from a newer version, a server that refuses), so it is one line naming
 * the setting, never the password, not a stack trace.
 */
export async function openDataDirStore(settings: Pick<Settings, 'dataDir' | 'databaseUrl'>, options: Omit<StoreOptions, 'databaseUrl'> = {}): Promise<Store> {
  try {
    return await openStore(settings.dataDir, { ...options, databaseUrl: settings.databaseUrl });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code && !e.code.startsWith('SQLITE') && !/^[0-9A-Z]{5}$/.test(e.code) ? `${e.code}: ${e.message}` : e.message;
    if (settings.databaseUrl) throw new ConfigError([`DATABASE_URL (${redactedUrl(settings.databaseUrl)}): cannot use the database: ${reason}`]);
    throw new ConfigError([`DATA_DIR (${settings.dataDir}): cannot use ${join(settings.dataDir, ADAPTER_DB_FILE)}: ${reason}`]);
  }
}
