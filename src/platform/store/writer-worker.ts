import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './db.js';
import { documentStatements, type NewDocument } from './documents.js';
import { GroupCommit } from './group-commit.js';
import { chainStatements } from './chains.js';
import { writeSubmission, type ChainWrites } from './submission-write.js';
import { loadChainLinks, type ChainModules } from './chain-links.js';

// The writer thread's side (see writer-thread.ts): one connection, group commits.

const data = workerData as { file: string; chainModules: ChainModules };
const db = openDatabase(data.file);
const statements = documentStatements(db);
const writes = new GroupCommit(db);
// The chain steps the runtime named (chain-links.ts): functions cannot cross the thread boundary, so
// the thread loads the same modules the store's own thread does.
const chains: ChainWrites = { statements: chainStatements(db), linkOf: loadChainLinks(data.chainModules) };

parentPort!.on('message', (m: { seq: number; row: NewDocument } | { close: true }) => {
  if ('close' in m) {
    db.close();
    parentPort!.close();
    return;
  }
  writes.run(() => writeSubmission(statements, m.row, chains)).then(
    (outcome) => parentPort!.postMessage({ seq: m.seq, outcome }),
    (err: Error) => parentPort!.postMessage({ seq: m.seq, error: err.message }),
  );
});
