import { join } from 'node:path';
import { ensureInstanceId, ensureSecret } from './adapter-meta.js';
import { openDatabase, type Database } from './db.js';
import { callbackStatements, type CallbackStatements } from './callbacks.js';
import { documentStatements, type DocumentStatements } from './documents.js';
import { statusChangeStatements, type StatusChangeStatements } from './status-changes.js';
import { transmissionStatements, type TransmissionStatements } from './transmissions.js';
import { sequenceStatements, type SequenceStatements } from './sequences.js';
import { networkInboxStatements, type NetworkInboxStatements } from './network-inbox.js';
import { GroupCommit } from './group-commit.js';
import { chainStatements, type ChainStatements } from './chains.js';
import { directoryStatements, type DirectoryStatements } from './directory.js';
import { writeSubmission, type ChainWrites, type WriteOutcome } from './submission-write.js';
import { WriterThread } from './writer-thread.js';
import type { NewDocument } from './documents.js';
import { migrate, schemaVersion, type MigrationResult } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

/** Every SQL statement of the adapter lives behind this object (and the files it imports). */
export interface Store {
  readonly file: string;
  readonly instanceId: string;
  /** The key that signs download links: random, made once per installation. */
  readonly linkKey: string;
  readonly migration: MigrationResult;
  /** Throws when the database cannot be used (closed, unreadable, locked past the timeout). */
  ping(): { schemaVersion: number };
  readonly documents: DocumentStatements;
  readonly statusChanges: StatusChangeStatements;
  readonly transmissions: TransmissionStatements;
  readonly callbacks: CallbackStatements;
  readonly chains: ChainStatements;
  /** Numbers unique per key (Driver.sequence); reserve inside `transaction`. */
  readonly sequences: SequenceStatements;
  /** What networks pushed (the SDI's notifications); add inside `transaction`. */
  readonly inbox: NetworkInboxStatements;
  /** Business entities, merchants, keys and OAuth connections (wrap writes in `transaction`). */
  readonly directory: DirectoryStatements;
  /** Runs `work` in one IMMEDIATE write transaction on this thread's connection, now. */
  transaction<T>(work: () => T): T;
  /** Runs `work` in a write transaction shared with the other writes of this event-loop turn. */
  batched<T>(work: () => T): Promise<T>;
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
  /**
   * The chain step of chained drivers, by model, for writes on this thread. The writer thread
   * takes the registered drivers' (drivers/index.ts).
   */
  chainLinks?: ChainWrites['linkOf'];
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
    const chains = chainStatements(db);
    const chainWrites: ChainWrites = { statements: chains, linkOf: options.chainLinks ?? (() => undefined) };
    return {
      file,
      db,
      instanceId,
      linkKey: ensureSecret(db, 'download_link_key', now()),
      migration,
      ping: () => ({ schemaVersion: schemaVersion(db) }),
      documents,
      statusChanges: statusChangeStatements(db),
      transmissions: transmissionStatements(db),
      callbacks: callbackStatements(db),
      chains,
      sequences: sequenceStatements(db),
      inbox: networkInboxStatements(db),
      directory: directoryStatements(db),
      transaction: (work) => db.transaction(work).immediate(),
      batched: (work) => writes.run(work),
      writeSubmission: writer ? (row) => writer.write(row) : (row) => writes.run(() => writeSubmission(documents, row, chainWrites)),
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
