import { Worker } from 'node:worker_threads';
import type { ChainModules } from './chain-links.js';
import type { NewDocument } from './documents.js';
import type { WriteOutcome } from './submission-write.js';

/**
 * The writer thread seen from the thread serving HTTP: rows go in, outcomes come back. The
 * thread owns the write connection, so commits and their fsync never stall request handling,
 * and its group commits take every row that arrived while the previous commit ran.
 */
export class WriterThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (o: WriteOutcome) => void; reject: (e: Error) => void }>();
  private seq = 0;

  constructor(
    private readonly file: string,
    private readonly chainModules: ChainModules = {},
  ) {}

  write(row: NewDocument): Promise<WriteOutcome> {
    const worker = (this.worker ??= this.start());
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, row });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./writer-worker.js', import.meta.url), { workerData: { file: this.file, chainModules: this.chainModules } });
    worker.on('message', (m: { seq: number; outcome?: WriteOutcome; error?: string }) => {
      const p = this.pending.get(m.seq);
      this.pending.delete(m.seq);
      if (m.outcome) p?.resolve(m.outcome);
      else p?.reject(new Error(`writer thread: ${m.error}`));
    });
    // A writer that dies fails what it held (those requests get a 500, nothing half stored:
    // each row is one transaction) and the next write starts a new one.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`writer thread exited with code ${code}`)));
    return worker;
  }

  /** Waits for the rows in flight, then stops the thread (its connection closes with it). */
  async close(): Promise<void> {
    while (this.pending.size > 0) await new Promise((r) => setTimeout(r, 2));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      worker.postMessage({ close: true });
      await new Promise((r) => worker.once('exit', r));
    }
  }
}
