import { join } from 'node:path';
import { ensureInstanceId } from './adapter-meta.js';
import { openDatabase, type Database } from './db.js';
import { documentStatements, type DocumentStatements } from './documents.js';
import { GroupCommit } from './group-commit.js';
import { migrate, schemaVersion, type MigrationResult } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

/** Every SQL statement of the adapter lives behind this object (and the files it imports). */
export interface Store {
  readonly file: string;
  readonly instanceId: string;
  readonly migration: MigrationResult;
  /** Throws when the database cannot be used (closed, unreadable, locked past the timeout). */
  ping(): { schemaVersion: number };
  readonly documents: DocumentStatements;
  /** Write transactions shared by concurrent requests (see group-commit.ts). */
  readonly writes: GroupCommit;
  close(): void;
  /** For the store's own modules and tests; routes and services never touch SQL. */
  readonly db: Database;
}

export const ADAPTER_DB_FILE = 'adapter.sqlite';

export function openStore(dataDir: string, now: () => Date = () => new Date()): Store {
  const file = join(dataDir, ADAPTER_DB_FILE);
  const db = openDatabase(file);
  try {
    const migration = migrate(db, MIGRATIONS, now);
    const instanceId = ensureInstanceId(db, now());
    return {
      file,
      db,
      instanceId,
      migration,
      ping: () => ({ schemaVersion: schemaVersion(db) }),
      documents: documentStatements(db),
      writes: new GroupCommit(db),
      close: () => {
        if (db.open) db.close();
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
