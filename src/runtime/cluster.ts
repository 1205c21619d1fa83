import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

// `--workers N`: N adapter processes on one port (node:cluster hands each accepted connection to
// one of them). Each worker is a whole adapter with its own background workers; they share the
// store and claim queue rows under leases, so no work is done twice. The primary only
// supervises: it replaces a worker that dies (the replacement takes the same slot, hence the
// same claimant, and takes the dead one's rows back at once) and passes a stop on to all.

/** The worker's slot (0…N-1), stable across replacements: part of its claimant name. */
export const WORKER_SLOT_ENV = 'EINVOICING_WORKER_SLOT';

export function workerSlot(): number {
  const v = process.env[WORKER_SLOT_ENV];
  return v && /^[0-9]+$/.test(v) ? Number(v) : 0;
}

export function workerCount(setting: string): number {
  return setting === 'auto' ? availableParallelism() : Number(setting);
}

export const isClusterWorker = () => cluster.isWorker;

/** What a worker tells the primary once it serves: its URL and the configuration it serves. */
export interface WorkerReady {
  kind: 'ready';
  url: string;
  configSource: string;
}

export interface WorkerPool {
  /** The first worker's report once it serves (has listened and answers the primary's messages). */
  readonly ready: Promise<WorkerReady>;
  /** Sends a message to one worker that serves and resolves with its answer (rejects if it exits first). */
  ask<T>(message: { kind: string }): Promise<T>;
  /** Passes `signal` to every worker and resolves once all have exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** Rejects when a worker fails before any worker served (a start that cannot succeed). */
  readonly failedStart: Promise<never>;
}

export function forkWorkers(count: number, env: Record<string, string>, say: (line: string) => void): WorkerPool {
  const slots = new Map<Worker, number>();
  // Only a worker that said `ready` is asked anything: before that it may not listen for messages yet.
  const serving = new Set<Worker>();
  let stopping = false;
  let started = false;
  let onReady!: (ready: WorkerReady) => void;
  let onFailedStart!: (err: Error) => void;
  const ready = new Promise<WorkerReady>((resolve) => (onReady = resolve));
  const failedStart = new Promise<never>((_, reject) => (onFailedStart = reject));
  failedStart.catch(() => undefined);
  const fork = (slot: number) => {
    const worker = cluster.fork({ ...env, [WORKER_SLOT_ENV]: String(slot) });
    slots.set(worker, slot);
    worker.on('message', (m: Partial<WorkerReady>) => {
      if (m?.kind !== 'ready') return;
      serving.add(worker);
      if (started) return;
      started = true;
      onReady(m as WorkerReady);
    });
    worker.on('exit', (code, signal) => {
      slots.delete(worker);
      serving.delete(worker);
      // Before any worker served, an exit ends the start, a stop's included: whoever waits for `ready` hears of it.
      if (!started) {
        onFailedStart(new Error(stopping ? 'stopped before any worker served' : `worker ${slot} exited before serving (${signal ?? `code ${code}`})`));
        return;
      }
      if (stopping) return;
      say(`einvoicing-adapter: worker ${slot} exited (${signal ?? `code ${code}`}); starting another in its slot`);
      fork(slot);
    });
  };
  for (let slot = 0; slot < count; slot++) fork(slot);
  return {
    ready,
    failedStart,
    ask<T>(message: { kind: string }) {
      const worker = [...serving].find((w) => w.isConnected());
      if (!worker) return Promise.reject(new Error('no worker is serving'));
      return new Promise<T>((resolve, reject) => {
        const done = () => {
          worker.off('message', onMessage);
          worker.off('exit', onExit);
        };
        const onMessage = (m: { kind: string; error?: string } & T) => {
          if (m.kind !== `${message.kind}:done`) return;
          done();
          if (m.error) reject(new Error(m.error));
          else resolve(m);
        };
        const onExit = () => {
          done();
          reject(new Error(`the worker asked to ${message.kind} exited before it answered`));
        };
        worker.on('message', onMessage);
        worker.on('exit', onExit);
        worker.send(message);
      });
    },
    async stop(signal) {
      stopping = true;
      const exits = [...slots.keys()].map((w) => new Promise((resolve) => (w.isDead() ? resolve(undefined) : w.once('exit', resolve))));
      for (const w of slots.keys()) w.process.kill(signal);
      await Promise.all(exits);
    },
  };
}

/** In a worker: tells the primary it serves (after `answerPrimary` is set up, so a question that follows finds its answerer). */
export function tellPrimaryReady(ready: Omit<WorkerReady, 'kind'>): void {
  process.send?.({ kind: 'ready', ...ready } satisfies WorkerReady);
}

/** In a worker: answers the primary's `kind` messages with `work`'s outcome. */
export function answerPrimary(kind: string, work: () => Promise<void>): void {
  process.on('message', (m: { kind?: string }) => {
    if (m?.kind !== kind) return;
    work().then(
      () => process.send?.({ kind: `${kind}:done` }),
      (err: unknown) => process.send?.({ kind: `${kind}:done`, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
