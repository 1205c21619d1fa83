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

  /** With a lock, each commit waits for the connection's async transaction to end. */
  constructor(
    private readonly db: Database,
    private readonly lock?: SerialLock,
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
      results = this.db.transaction(() => batch.map((job) => job.work())).immediate();
    } catch {
      for (const job of batch) {
        try {
          job.resolve(this.db.transaction(job.work).immediate());
        } catch (err) {
          job.reject(err);
        }
      }
      return;
    }
    batch.forEach((job, i) => job.resolve(results[i]));
  }
}
