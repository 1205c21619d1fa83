import { join } from 'node:path';
import { ensureInstanceId, ensureSecret } from './adapter-meta.js';
import { openDatabase, type Database } from './db.js';
import { callbackStatements } from './callbacks.js';
import { queueDepthStatements } from './queue-depths.js';
import { documentStatements } from './documents.js';
import { statusChangeStatements } from './status-changes.js';
import { transmissionStatements } from './transmissions.js';
import { DEFAULT_LEASE_MS, defaultClaimant, type Lease } from './lease.js';
import { sequenceStatements } from './sequences.js';
import { networkInboxStatements } from './network-inbox.js';
import { receivedMessageStatements } from './received-messages.js';
import { GroupCommit } from './group-commit.js';
import { chainStatements } from './chains.js';
import { directoryStatements } from './directory.js';
import { sealedRowStatements } from './sealed-rows.js';
import { writeSubmission, type ChainWrites } from './submission-write.js';
import { WriterThread } from './writer-thread.js';
import { loadChainLinks, type ChainModules } from './chain-links.js';
import { migrate, schemaVersion } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import type { DirectoryOperations, Store, StoreTransaction } from './store.js';
import { SerialLock } from './serial-lock.js';
import { outboxOperations } from './outbox.js';
import { sqliteOutboxSql } from './outbox-sqlite.js';

// The embedded store: one SQLite file under DATA_DIR. Its statements are synchronous
// (better-sqlite3); this file gives them the Store's asynchronous shape. Reads run at once.
// Writes share a transaction with the other writes of the same event-loop turn (group commit:
// one fsync for many), and submissions are committed by a writer thread when asked.

/** The SQLite store, with its connection for the store's own tests. */
export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  readonly file: string;
  readonly db: Database;
}

export const ADAPTER_DB_FILE = 'adapter.sqlite';

export interface SqliteStoreOptions {
  /** Commit submissions in a writer thread, off the thread serving HTTP (the service does). */
  writerThread?: boolean;
  /** The modules of chained drivers' chain steps (chain-links.ts), for this thread and the writer thread alike. */
  chainModules?: ChainModules;
  /** This process's name on the rows it claims (default: host, pid and a random suffix). */
  claimant?: string;
  /** How long a claim holds without news (WORK_LEASE). */
  leaseMs?: number;
}

type Fn = (...args: never[]) => unknown;

/** A read: at once, on the caller's turn, as a promise. */
function now(call: () => unknown): Promise<unknown> {
  try {
    return Promise.resolve(call());
  } catch (err) {
    return Promise.reject(err);
  }
}

/** The same functions, answering promises (a thrown error becomes a rejection). */
function promised<T extends Record<string, Fn>, K extends keyof T>(group: T, keys: readonly K[], run: (call: () => unknown) => Promise<unknown> = now) {
  return Object.fromEntries(keys.map((k) => [k, (...args: never[]) => run(() => group[k]!(...args))])) as unknown as {
    [P in K]: (...args: Parameters<T[P]>) => Promise<ReturnType<T[P]>>;
  };
}

const DIRECTORY_READS = ['version', 'entities', 'merchants', 'keys', 'connection', 'connections', 'driverSettings'] as const;
const DIRECTORY_WRITES = ['putEntity', 'removeEntity', 'putMerchant', 'deleteMerchant', 'insertKey', 'revokeKey', 'putConnection', 'hold', 'putState', 'takeState', 'purgeStates', 'putDriverSettings', 'dropDriverSettings'] as const;

export function openSqliteStore(dataDir: string, clock: () => Date = () => new Date(), options: SqliteStoreOptions = {}): SqliteStore {
  const file = join(dataDir, ADAPTER_DB_FILE);
  const db = openDatabase(file);
  try {
    const migration = migrate(db, MIGRATIONS, clock);
    const instanceId = ensureInstanceId(db, clock());
    const documents = documentStatements(db);
    const lease: Lease = { by: options.claimant ?? defaultClaimant(), ms: options.leaseMs ?? DEFAULT_LEASE_MS };
    const transmissions = transmissionStatements(db, lease);
    const statusChanges = statusChangeStatements(db);
    const callbacks = callbackStatements(db, lease);
    const inbox = networkInboxStatements(db);
    const received = receivedMessageStatements(db);
    const directory = directoryStatements(db);
    const sealed = sealedRowStatements(db);
    const lock = new SerialLock();
    const writes = new GroupCommit(db, lock);
    const write = (call: () => unknown) => writes.run(call);
    const writer = options.writerThread ? new WriterThread(file, options.chainModules) : undefined;
    const chains = chainStatements(db);
    const chainWrites: ChainWrites = { statements: chains, linkOf: loadChainLinks(options.chainModules) };
    const directoryOps = (run?: (call: () => unknown) => Promise<unknown>): DirectoryOperations => ({
      ...promised(directory, DIRECTORY_READS),
      ...promised(directory, DIRECTORY_WRITES, run),
    });
    const tx: StoreTransaction = { directory: directoryOps() };
    // The write lock is taken once for the whole of `work`; group commits wait for it.
    const exclusive = <T>(work: () => Promise<T>) =>
      lock.run(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work();
          db.exec('COMMIT');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw err;
        }
      });
    const outboxSql = sqliteOutboxSql(db);
    return {
      kind: 'sqlite',
      file,
      location: file,
      db,
      instanceId,
      linkKey: ensureSecret(db, 'download_link_key', clock()),
      migration,
      ping: () => Promise.resolve().then(() => ({ schemaVersion: schemaVersion(db) })),
      documents: promised(documents, ['findByKey', 'acceptedReferences', 'merchantOf', 'bodyOf', 'statusHistory', 'head', 'get']),
      statusChanges: {
        ...promised(statusChanges, ['related', 'relatedOf']),
        record: (changes, step) =>
          writes.run(() => {
            for (const c of changes) statusChanges.record(c);
            if (step) transmissions.step(step);
          }),
      },
      transmissions: {
        ...promised(transmissions, ['documentsOfMessage', 'nextDueAt', 'state']),
        ...promised(transmissions, ['due', 'checkNow', 'sent', 'retryLater'], write),
      },
      callbacks: {
        ...promised(callbacks, ['nextDueAt', 'waiting', 'count', 'ofDocument']),
        ...promised(callbacks, ['due', 'attemptFailed', 'end'], write),
      },
      queues: promised(queueDepthStatements(db), ['depths']),
      chains: promised(chains, ['head', 'links']),
      sequences: promised(sequenceStatements(db), ['next'], write),
      inbox: {
        ...promised(inbox, ['of']),
        add: (network, item, at) =>
          writes.run(() => {
            const isNew = inbox.add(network, item);
            if (isNew) for (const id of transmissions.documentsOfMessage(item.messageId)) transmissions.checkNow(id, at);
            return isNew;
          }),
      },
      // keep reads the stored row back inside its group commit: a duplicate in the same group sees the first.
      received: {
        ...promised(received, ['get', 'list']),
        ...promised(received, ['keep'], write),
      },
      directory: directoryOps(write),
      sealedRows: {
        ...promised(sealed, ['list']),
        ...promised(sealed, ['replace'], write),
      },
      outbox: outboxOperations(outboxSql, (work) => exclusive(() => work(outboxSql))),
      transaction: (work) => exclusive(() => work(tx)),
      writeSubmission: writer ? (row) => writer.write(row) : (row) => writes.run(() => writeSubmission(documents, row, chainWrites)),
      close: async () => {
        await writer?.close();
        await lock.run(async () => {
          if (db.open) db.close();
        });
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}

