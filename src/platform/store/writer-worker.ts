import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './db.js';
import { GroupCommit } from './group-commit.js';
import { writeOperations } from './write-operations.js';
import { writeStatements } from './write-statements.js';
import { errorData, type WriteCall, type WriteResult, type WriterData } from './writer-thread.js';

// The writer thread's side (see writer-thread.ts): one connection, group commits, the store's
// writes by name over it.

const data = workerData as WriterData;
const db = openDatabase(data.file);
const operations = writeOperations(writeStatements(db, data.lease, data.chainModules)) as unknown as Record<string, (...args: unknown[]) => unknown>;
const writes = new GroupCommit(db);

parentPort!.on('message', (m: { calls: WriteCall[] } | { close: true }) => {
  if ('close' in m) {
    db.close();
    parentPort!.close();
    return;
  }
  // The calls of one message land in one group commit (GroupCommit gathers a turn): one answer for them all.
  void Promise.all(
    m.calls.map(({ seq, op, args }) =>
      writes.run(() => operations[op]!(...args)).then(
        (value): WriteResult => ({ seq, value }),
        (err: unknown): WriteResult => ({ seq, error: errorData(err) }),
      ),
    ),
  ).then((results) => parentPort!.postMessage({ results }));
});
