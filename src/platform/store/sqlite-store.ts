import { join } from 'node:path';
import { ensureInstanceId, ensureSecret } from './adapter-meta.js';
import { openDatabase, STORE_CACHE_KB, type Database } from './db.js';
import { queueDepthStatements } from './queue-depths.js';
import { DEFAULT_LEASE_MS, defaultClaimant, type Lease } from './lease.js';
import { GroupCommit } from './group-commit.js';
import { WriterThread } from './writer-thread.js';
import type { ChainModules } from './chain-links.js';
import { migrate, schemaVersion } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Store, StoreTransaction } from './store.js';
import { SerialLock } from './serial-lock.js';
import { outboxOperations } from './outbox.js';
import { sqliteOutboxSql } from './outbox-sqlite.js';
import { searchDocuments } from './document-search.js';
import { countDocuments } from './document-counts.js';
import { DIRECTORY_WRITES, writeOperations, type WriteName, type WriteOperations } from './write-operations.js';
import { writeStatements } from './write-statements.js';

// The embedded store: one SQLite file under DATA_DIR. Its statements are synchronous
// (better-sqlite3); this file gives them the Store's asynchronous shape. Reads run at once.
// Writes share a transaction with the other writes of the same event-loop turn (group commit:
// one fsync for many); with a writer thread (the service's), every write is committed there, by
// name (write-operations.ts), so no commit or fsync runs on the thread serving HTTP.

/** The SQLite store, with its connection for the store's own tests. */
export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  readonly file: string;
  readonly db: Database;
}

export const ADAPTER_DB_FILE = 'adapter.sqlite';

export interface SqliteStoreOptions {
  /** Commit every write in a writer thread, off the thread serving HTTP (the service does). */
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

const DIRECTORY_READS = ['version', 'entities', 'merchants', 'keys', 'connection', 'connections', 'driverSettings', 'session'] as const;

export function openSqliteStore(dataDir: string, clock: () => Date = () => new Date(), options: SqliteStoreOptions = {}): SqliteStore {
  const file = join(dataDir, ADAPTER_DB_FILE);
  const db = openDatabase(file, { cacheKb: STORE_CACHE_KB });
  try {
    const migration = migrate(db, MIGRATIONS, clock);
    const instanceId = ensureInstanceId(db, clock());
    const lease: Lease = { by: options.claimant ?? defaultClaimant(), ms: options.leaseMs ?? DEFAULT_LEASE_MS };
    const statements = writeStatements(db, lease, options.chainModules);
    const { documents, transmissions, statusChanges, callbacks, inbox, received, directory, sealed } = statements;
    const operations = writeOperations(statements);
    const lock = new SerialLock();
    const writes = new GroupCommit(db, lock);
    const writer = options.writerThread ? new WriterThread({ file, lease, chainModules: options.chainModules ?? {} }) : undefined;
    /** A write by name: in the writer thread when there is one, else in this thread's group commit. */
    const run = <N extends WriteName>(op: N, ...args: Parameters<WriteOperations[N]>): Promise<ReturnType<WriteOperations[N]>> =>
      writer ? writer.call(op, args) : writes.run(() => (operations[op] as (...a: unknown[]) => ReturnType<WriteOperations[N]>)(...args));
    /** The named writes of one group, as the store's asynchronous functions. */
    const written = <G extends string, K extends string>(group: G, keys: readonly K[]) =>
      Object.fromEntries(keys.map((k) => [k, (...args: unknown[]) => (run as (op: string, ...a: unknown[]) => Promise<unknown>)(`${group}.${k}`, ...args)])) as unknown as {
        [P in K]: `${G}.${P}` extends WriteName ? WriteOperations[`${G}.${P}`] extends (...a: infer A) => infer R ? (...args: A) => Promise<R> : never : never;
      };
    const tx: StoreTransaction = { directory: promised(directory, [...DIRECTORY_READS, ...DIRECTORY_WRITES]) };
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
      keyDecidedByWrite: false,
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
        ...written('statusChanges', ['record']),
      },
      transmissions: {
        ...promised(transmissions, ['documentsOfMessage', 'nextDueAt', 'state']),
        ...written('transmissions', ['due', 'checkNow', 'sent', 'retryLater']),
      },
      callbacks: {
        ...promised(callbacks, ['nextDueAt', 'waiting', 'count', 'ofDocument']),
        ...written('callbacks', ['due', 'attemptFailed', 'end']),
      },
      queues: promised(queueDepthStatements(db), ['depths']),
      chains: promised(statements.chains.statements, ['head', 'links']),
      sequences: written('sequences', ['next']),
      inbox: {
        ...promised(inbox, ['of']),
        ...written('inbox', ['add']),
      },
      received: {
        ...promised(received, ['get', 'list']),
        ...written('received', ['keep']),
      },
      directory: {
        ...promised(directory, DIRECTORY_READS),
        ...written('directory', DIRECTORY_WRITES),
      },
      sealedRows: {
        ...promised(sealed, ['list']),
        ...written('sealedRows', ['replace']),
      },
      outbox: outboxOperations(outboxSql, (work) => exclusive(() => work(outboxSql))),
      searchDocuments: (filter) => searchDocuments(outboxSql, filter),
      countDocuments: (filter) => countDocuments(outboxSql, filter),
      transaction: (work) => exclusive(() => work(tx)),
      writeSubmission: (row) => run('submission', row),
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

