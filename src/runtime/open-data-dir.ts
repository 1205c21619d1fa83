import { join } from 'node:path';
import { ConfigError } from '../config/config-error.js';
import { openStore, type StoreOptions } from '../store/open-store.js';
import { ADAPTER_DB_FILE } from '../store/sqlite-store.js';
import type { Store } from '../store/store.js';

/**
 * Opens the adapter's store under DATA_DIR for a command. What goes wrong there is the
 * operator's to fix (a file where the directory should be, a file that is not a database, a
 * database from a newer version), so it is one line naming DATA_DIR, not a stack trace.
 */
export async function openDataDirStore(dataDir: string, options?: StoreOptions): Promise<Store> {
  try {
    return await openStore(dataDir, options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code && !e.code.startsWith('SQLITE') ? `${e.code}: ${e.message}` : e.message;
    throw new ConfigError([`DATA_DIR (${dataDir}): cannot use ${join(dataDir, ADAPTER_DB_FILE)}: ${reason}`]);
  }
}
