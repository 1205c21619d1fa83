import { Worker } from 'node:worker_threads';
import type { ChainModules } from './chain-links.js';
import { LeaseLost, type Lease } from './lease.js';
import type { WriteName, WriteOperations } from './write-operations.js';

/** A write asked of the writer thread: a name of write-operations.ts and its arguments. */
export interface WriteCall {
  seq: number;
  op: WriteName;
  args: unknown[];
}

/** A write's outcome coming back: its value, or the error it threw, as data. */
export interface WriteResult {
  seq: number;
  value?: unknown;
  error?: { message: string; name: string; code?: string; leaseLost?: string };
}

/**
 * The writer thread's young generation, in MB (issue 45): three semi-spaces' worth, so 4 MB
 * semi-spaces where V8 would grow them to 16 MB. What the thread allocates (a write's message, its
 * statements' results, the answer) dies within the write, so a small young generation only
 * collects more often (about twice a second under load, a few ms each), and the thread's heap
 * holds 26 MB instead of 52.
 */
export const WRITER_YOUNG_GENERATION_MB = 12;

/** What the writer thread starts with. */
export interface WriterData {
  file: string;
  lease: Lease;
  chainModules: ChainModules;
}

/**
 * The writer thread seen from the thread serving HTTP: every write of the store goes in by name
 * (write-operations.ts), outcomes come back. The thread owns the write connection, so commits and
 * their fsync never stall request handling (a submission's, and the dispatcher's and callback
 * worker's steps after it), and its group commits take every write that arrived while the previous
 * commit ran.
 */
export class WriterThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private closing = false;

  constructor(private readonly data: WriterData) {}

  call<N extends WriteName>(op: N, args: Parameters<WriteOperations[N]>): Promise<ReturnType<WriteOperations[N]>> {
    // A write after close would start a thread nothing stops (and keep the process alive).
    if (this.closing) return Promise.reject(new Error('writer thread: the store is closed'));
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve: resolve as (v: unknown) => void, reject });
      try {
        // Posted at once: holding a turn's writes for one message saved copies but cost the
        // storage floor a quarter of its rate (each row waited out the turn before its commit).
        (this.worker ??= this.start()).postMessage({ calls: [{ seq, op, args }] });
      } catch (err) {
        // An argument that cannot cross (a function, a symbol) fails its own write, not the process.
        this.pending.delete(seq);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./writer-worker.js', import.meta.url), { workerData: this.data, resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB } });
    worker.on('message', (m: { results: WriteResult[] }) => {
      for (const r of m.results) {
        const p = this.pending.get(r.seq);
        this.pending.delete(r.seq);
        if (!r.error) p?.resolve(r.value);
        else p?.reject(errorOf(r.error));
      }
    });
    // A writer that dies fails what it held (those requests get a 500, nothing half stored:
    // each write is one transaction) and the next write starts a new one.
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

  /** Waits for the writes in flight, then stops the thread (its connection closes with it). */
  async close(): Promise<void> {
    this.closing = true;
    while (this.pending.size > 0) await new Promise((r) => setTimeout(r, 2));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      worker.postMessage({ close: true });
      await new Promise((r) => worker.once('exit', r));
    }
  }
}

/** The error a write threw, again: a lost lease as itself (the dispatcher acts on it), else its message, name and code. */
function errorOf(e: NonNullable<WriteResult['error']>): Error {
  if (e.leaseLost !== undefined) return new LeaseLost(e.leaseLost);
  return Object.assign(new Error(`writer thread: ${e.message}`), { name: e.name }, e.code === undefined ? {} : { code: e.code });
}

/** An error thrown by a write, as data that crosses to the thread that asked. */
export function errorData(err: unknown): NonNullable<WriteResult['error']> {
  if (err instanceof LeaseLost) return { message: err.message, name: err.name, leaseLost: err.documentId };
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  return { message: e.message, name: e.name, ...(typeof code === 'string' && { code }) };
}
