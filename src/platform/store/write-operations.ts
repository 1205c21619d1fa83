import type { callbackStatements } from './callbacks.js';
import type { directoryStatements } from './directory.js';
import type { DocumentStatements, NewDocument } from './documents.js';
import type { networkInboxStatements } from './network-inbox.js';
import type { receivedMessageStatements } from './received-messages.js';
import type { sealedRowStatements } from './sealed-rows.js';
import type { sequenceStatements } from './sequences.js';
import type { statusChangeStatements } from './status-changes.js';
import type { transmissionStatements } from './transmissions.js';
import { writeSubmission, type ChainWrites } from './submission-write.js';

// Every write of the SQLite store, by name: what runs inside a group commit. The names let a
// write cross to the writer thread (writer-thread.ts) as data, where the same table is built
// over the thread's own connection; without the thread, the store runs them on its own.

/** The statement groups writes are made of, over one connection. */
export interface WriteStatements {
  documents: DocumentStatements;
  transmissions: ReturnType<typeof transmissionStatements>;
  statusChanges: ReturnType<typeof statusChangeStatements>;
  callbacks: ReturnType<typeof callbackStatements>;
  inbox: ReturnType<typeof networkInboxStatements>;
  received: ReturnType<typeof receivedMessageStatements>;
  directory: ReturnType<typeof directoryStatements>;
  sealed: ReturnType<typeof sealedRowStatements>;
  sequences: ReturnType<typeof sequenceStatements>;
  chains: ChainWrites;
}

export const DIRECTORY_WRITES = ['putEntity', 'removeEntity', 'putMerchant', 'deleteMerchant', 'insertKey', 'revokeKey', 'putConnection', 'hold', 'putState', 'takeState', 'purgeStates', 'putSession', 'dropSession', 'purgeSessions', 'putDriverSettings', 'dropDriverSettings'] as const;

export function writeOperations(s: WriteStatements) {
  const { transmissions, statusChanges, callbacks, inbox } = s;
  return {
    submission: (row: NewDocument) => writeSubmission(s.documents, row, s.chains),
    'transmissions.due': transmissions.due,
    'transmissions.checkNow': transmissions.checkNow,
    'transmissions.sent': transmissions.sent,
    'transmissions.retryLater': transmissions.retryLater,
    'statusChanges.record': (changes: Parameters<typeof statusChanges.record>[0][], step?: Parameters<typeof transmissions.step>[0]) => {
      for (const c of changes) statusChanges.record(c);
      if (step) transmissions.step(step);
    },
    'callbacks.due': callbacks.due,
    'callbacks.attemptFailed': callbacks.attemptFailed,
    'callbacks.end': callbacks.end,
    'sequences.next': s.sequences.next,
    'inbox.add': (network: string, item: Parameters<typeof inbox.add>[1], at: string) => {
      const isNew = inbox.add(network, item);
      if (isNew) for (const id of transmissions.documentsOfMessage(item.messageId)) transmissions.checkNow(id, at);
      return isNew;
    },
    // keep reads the stored row back inside its group commit: a duplicate in the same group sees the first.
    'received.keep': s.received.keep,
    'sealedRows.replace': s.sealed.replace,
    ...(Object.fromEntries(DIRECTORY_WRITES.map((k) => [`directory.${k}`, s.directory[k]])) as {
      [K in (typeof DIRECTORY_WRITES)[number] as `directory.${K}`]: WriteStatements['directory'][K];
    }),
  };
}

export type WriteOperations = ReturnType<typeof writeOperations>;
export type WriteName = keyof WriteOperations;
