import type { Database } from './db.js';
import type { SerialLock } from './serial-lock.js';

/**
 * Group commit: writes queued during one turn of the event loop share ONE transaction, so
 * concurrent requests pay for one fsync (synchronous=FULL) instead of one each. Every caller
 * still gets its answer only after its rows are durable. If the shared transaction fails, each
 * write is retried alone so that one bad write cannot fail its neighbours.
 */
export class GroupCommit {
  private queue: { work: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /**
   * With a lock, each commit waits for the connection's async transaction to end. `pollLock`: the
   * connection has no busy timeout and the write lock is polled for instead, every quarter of a
   * millisecond for up to `busyMs`, which only a thread of its own may do (it blocks the thread).
   * SQLite's own busy handler sleeps 1, 2, 5, 10… up to 100 ms between tries, so with two writers
   * (`--workers 2` on one file) a commit waited long after the other had released the lock.
   */
  constructor(
    private readonly db: Database,
    private readonly lock?: SerialLock,
    private readonly pollLock?: { busyMs: number },
  ) {}

  /** Runs `work` inside a write transaction and resolves with its result once committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => (this.lock ? void this.lock.run(async () => this.flush()) : this.flush()));
      }
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    let results: unknown[];
    try {
      results = this.transaction(() => batch.map((job) => job.work()));
    } catch (err) {
      // The write lock did not come within the busy timeout: so would it for each job alone.
      if (this.pollLock && (err as { code?: unknown }).code === 'SQLITE_BUSY') {
        for (const job of batch) job.reject(err);
        return;
      }
      for (const job of batch) {
        try {
          job.resolve(this.transaction(job.work));
        } catch (err) {
          job.reject(err);
        }
      }
      return;
    }
    batch.forEach((job, i) => job.resolve(results[i]));
  }

  private transaction<T>(work: () => T): T {
    if (!this.pollLock) return this.db.transaction(work).immediate();
    this.begin(this.pollLock.busyMs);
    try {
      // better-sqlite3 nests its transaction function as a savepoint inside the one begun here.
      const result = this.db.transaction(work)();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** BEGIN IMMEDIATE, trying again every 0.25 ms while another connection writes. */
  private begin(busyMs: number): void {
    const deadline = performance.now() + busyMs;
    for (;;) {
      try {
        this.db.exec('BEGIN IMMEDIATE');
        return;
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || performance.now() > deadline) throw err;
        Atomics.wait(PAUSE, 0, 0, 0.25);
      }
    }
  }
}

/** Something to wait on that nothing wakes: Atomics.wait as a sub-millisecond sleep. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
