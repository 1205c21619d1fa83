import { join } from 'node:path';
import { ensureInstanceId } from './adapter-meta.js';
import { openDatabase, type Database } from './db.js';
import { documentStatements, type DocumentStatements } from './documents.js';
import { GroupCommit } from './group-commit.js';
import { writeSubmission, type WriteOutcome } from './submission-write.js';
import { WriterThread } from './writer-thread.js';
import type { NewDocument } from './documents.js';
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
  /** Stores a submission (idempotently): in the writer thread when the store has one, else here. */
  writeSubmission(row: NewDocument): Promise<WriteOutcome>;
  close(): Promise<void>;
  /** For the store's own modules and tests; routes and services never touch SQL. */
  readonly db: Database;
}

export const ADAPTER_DB_FILE = 'adapter.sqlite';

export interface StoreOptions {
  /** Commit submissions in a writer thread, off the thread serving HTTP (the service does). */
  writerThread?: boolean;
}

export function openStore(dataDir: string, now: () => Date = () => new Date(), options: StoreOptions = {}): Store {
  const file = join(dataDir, ADAPTER_DB_FILE);
  const db = openDatabase(file);
  try {
    const migration = migrate(db, MIGRATIONS, now);
    const instanceId = ensureInstanceId(db, now());
    const documents = documentStatements(db);
    const writes = new GroupCommit(db);
    const writer = options.writerThread ? new WriterThread(file) : undefined;
    return {
      file,
      db,
      instanceId,
      migration,
      ping: () => ({ schemaVersion: schemaVersion(db) }),
      documents,
      writeSubmission: writer ? (row) => writer.write(row) : (row) => writes.run(() => writeSubmission(documents, row)),
      // Synchronous without a writer thread, so a closed store is closed on return.
      close: () => {
        const closeDb = () => {
          if (db.open) db.close();
        };
        if (!writer) return Promise.resolve(closeDb());
        return writer.close().then(closeDb);
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
