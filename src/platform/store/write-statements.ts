import type { Database } from './db.js';
import { callbackStatements } from './callbacks.js';
import { chainStatements } from './chains.js';
import { loadChainLinks, type ChainModules } from './chain-links.js';
import { directoryStatements } from './directory.js';
import { documentStatements } from './documents.js';
import type { Lease } from './lease.js';
import { networkInboxStatements } from './network-inbox.js';
import { receivedMessageStatements } from './received-messages.js';
import { sealedRowStatements } from './sealed-rows.js';
import { sequenceStatements } from './sequences.js';
import { statusChangeStatements } from './status-changes.js';
import { transmissionStatements } from './transmissions.js';
import type { WriteStatements } from './write-operations.js';

/**
 * The statement groups of one connection: the store's own thread reads and writes through them,
 * and the writer thread builds the same over its connection. The chain steps the runtime named
 * (chain-links.ts) are loaded by module, since functions cannot cross the thread boundary.
 */
export function writeStatements(db: Database, lease: Lease, chainModules: ChainModules = {}): WriteStatements {
  return {
    documents: documentStatements(db),
    transmissions: transmissionStatements(db, lease),
    statusChanges: statusChangeStatements(db),
    callbacks: callbackStatements(db, lease),
    inbox: networkInboxStatements(db),
    received: receivedMessageStatements(db),
    directory: directoryStatements(db),
    sealed: sealedRowStatements(db),
    sequences: sequenceStatements(db),
    chains: { statements: chainStatements(db), linkOf: loadChainLinks(chainModules) },
  };
}
