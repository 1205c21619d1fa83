import type { CallbackStatements } from './callbacks.js';
import type { ChainStatements } from './chains.js';
import type { DirectoryStatements } from './directory.js';
import type { DocumentStatements, NewDocument } from './documents.js';
import type { MigrationResult } from './migrate.js';
import type { NetworkInboxStatements } from './network-inbox.js';
import type { OutboxOperations } from './outbox.js';
import type { ReceivedMessages } from '../../spi/driver.js';
import type { SealedRowStatements } from './sealed-rows.js';
import type { QueueDepthStatements } from './queue-depths.js';
import type { SequenceStatements } from './sequences.js';
import type { StatusChange, StatusChangeStatements } from './status-changes.js';
import type { WriteOutcome } from './submission-write.js';
import type { DocumentPage, DocumentSearch } from './document-search.js';
import type { DocumentCount, DocumentCountFilter } from './document-counts.js';
import type { TransmissionStatements, TransmissionStep } from './transmissions.js';

// The store as the adapter sees it: every operation is asynchronous and atomic on its own, so
// the same interface is answered by the embedded SQLite file (sqlite-store.ts, whose statements
// are the synchronous files beside this one) and by a shared PostgreSQL (postgres/). The
// signatures are those of the SQLite statements, promised: one contract, checked by the compiler.

type Promised<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
type Operations<T, K extends keyof T> = { readonly [P in K]: Promised<T[P]> };

export type DocumentOperations = Operations<DocumentStatements, 'findByKey' | 'acceptedReferences' | 'merchantOf' | 'bodyOf' | 'statusHistory' | 'head' | 'get'>;
export type TransmissionOperations = Operations<TransmissionStatements, 'checkNow' | 'documentsOfMessage' | 'due' | 'nextDueAt' | 'state' | 'sent' | 'retryLater'>;
export type CallbackOperations = Operations<CallbackStatements, 'due' | 'nextDueAt' | 'waiting' | 'attemptFailed' | 'end' | 'count' | 'ofDocument'>;
export type QueueDepthOperations = Operations<QueueDepthStatements, 'depths'>;
export type ChainOperations = Operations<ChainStatements, 'head' | 'links'>;
export type SequenceOperations = Operations<SequenceStatements, 'next'>;
export type InboxOperations = Operations<NetworkInboxStatements, 'of'> & {
  /**
   * Keeps the item unless its dedupe key is known and, when it is new, makes the documents
   * sent as its message due at `at`: one transaction. True when the item is new.
   */
  add(network: string, item: Parameters<NetworkInboxStatements['add']>[1], at: string): Promise<boolean>;
};
export type DirectoryOperations = Operations<DirectoryStatements, keyof DirectoryStatements>;
export type SealedRowOperations = Operations<SealedRowStatements, keyof SealedRowStatements>;
export type StatusChangeOperations = Operations<StatusChangeStatements, 'related' | 'relatedOf'> & {
  /**
   * The statuses (each with its related document and callback row) and the step of the
   * document's transmission that goes with them: one transaction, so a status is never
   * recorded without its callback nor the queue advanced without its status.
   */
  record(changes: readonly StatusChange[], step?: TransmissionStep): Promise<void>;
};

/** What a transaction sees: the directory, for the admin paths that read before they write. */
export interface StoreTransaction {
  readonly directory: DirectoryOperations;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data is, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  readonly location: string;
  readonly instanceId: string;
  /** The key that signs download links: random, made once per installation. */
  readonly linkKey: string;
  readonly migration: MigrationResult;
  /** Rejects when the database cannot be used (closed, unreachable, locked past the timeout). */
  ping(): Promise<{ schemaVersion: number }>;
  readonly documents: DocumentOperations;
  readonly statusChanges: StatusChangeOperations;
  readonly transmissions: TransmissionOperations;
  readonly callbacks: CallbackOperations;
  /** The live rows of the dispatcher's and the callback worker's queues, for the metrics' gauges. */
  readonly queues: QueueDepthOperations;
  readonly chains: ChainOperations;
  /** Numbers unique per key (Driver.sequence): each call reserves the next one, committed. */
  readonly sequences: SequenceOperations;
  /** What networks pushed (the SDI's notifications). */
  readonly inbox: InboxOperations;
  /** What networks delivered (AS4 user messages), each kept once with the answer its sender got. */
  readonly received: ReceivedMessages;
  /** Business entities, merchants, keys and OAuth connections; each write is its own transaction. */
  readonly directory: DirectoryOperations;
  /** The queues as operators list them, retry and cancel them (outbox.ts), each action recorded. */
  readonly outbox: OutboxOperations;
  /** The documents as the console lists them (document-search.ts): newest first, filtered, paged. */
  searchDocuments(filter: DocumentSearch): Promise<DocumentPage>;
  /** The documents made since a time by driver and current status, for the console's overview (document-counts.ts). */
  countDocuments(filter: DocumentCountFilter): Promise<DocumentCount[]>;
  /** The sealed values of every sealed column (sealed-rows.ts), for rotating the sealing key. */
  readonly sealedRows: SealedRowOperations;
  /**
   * Runs `work` in one write transaction. Keep it to store calls: on SQLite the transaction
   * holds the database's one write lock until `work` settles.
   */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** Stores a submission (idempotently across every process sharing the store). */
  writeSubmission(row: NewDocument): Promise<WriteOutcome>;
  /**
   * Whether a submission's key is left to writeSubmission: read before intake only when the
   * refused submission may be one already stored, or when a number is reserved for it. True on
   * PostgreSQL, where that read is a round trip of its own beside the one-statement write; false
   * on SQLite, where it is a read on the serving thread and spares rendering a repeated body.
   */
  readonly keyDecidedByWrite: boolean;
  close(): Promise<void>;
}
