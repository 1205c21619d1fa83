import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './db.js';
import { documentStatements, type NewDocument } from './documents.js';
import { GroupCommit } from './group-commit.js';
import { drivers } from '../../drivers/index.js';
import { chainStatements } from './chains.js';
import { writeSubmission, type ChainWrites } from './submission-write.js';
import { driverId } from '../driver/types.js';

// The writer thread's side (see writer-thread.ts): one connection, group commits.

const db = openDatabase((workerData as { file: string }).file);
const statements = documentStatements(db);
const writes = new GroupCommit(db);
// The registered drivers' chain steps: functions cannot cross the thread boundary, so the thread
// takes them from the same registry the service uses.
const chains: ChainWrites = { statements: chainStatements(db), linkOf: (id) => drivers.find((d) => driverId(d) === id)?.chain?.link };

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
