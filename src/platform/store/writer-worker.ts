import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, STORE_CACHE_KB } from './db.js';
import { GroupCommit } from './group-commit.js';
import { writeOperations } from './write-operations.js';
import { writeStatements } from './write-statements.js';
import { errorData, type WriteCall, type WriteResult, type WriterData } from './writer-thread.js';

// The writer thread's side (see writer-thread.ts): one connection, group commits, the store's
// writes by name over it.

const data = workerData as WriterData;
const db = openDatabase(data.file, { cacheKb: STORE_CACHE_KB });
// This thread waits for the write lock itself (GroupCommit's pollLock): SQLite's busy handler would sleep in steps of up to 100 ms.
const BUSY_MS = db.pragma('busy_timeout', { simple: true }) as number;
db.pragma('busy_timeout = 0');
const operations = writeOperations(writeStatements(db, data.lease, data.chainModules)) as unknown as Record<string, (...args: unknown[]) => unknown>;
const writes = new GroupCommit(db, undefined, { busyMs: BUSY_MS });

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
