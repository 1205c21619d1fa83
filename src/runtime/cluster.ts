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

export interface WorkerPool {
  /** The URL the workers listen on, once the first one does. */
  readonly listening: Promise<string>;
  /** Sends a message to one live worker and resolves with its answer. */
  ask<T>(message: { kind: string }): Promise<T>;
  /** Passes `signal` to every worker and resolves once all have exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** Rejects when a worker fails before any worker listened (a start that cannot succeed). */
  readonly failedStart: Promise<never>;
}

export function forkWorkers(count: number, env: Record<string, string>, host: string, say: (line: string) => void): WorkerPool {
  const slots = new Map<Worker, number>();
  let stopping = false;
  let listened = false;
  let onListening!: (url: string) => void;
  let onFailedStart!: (err: Error) => void;
  const listening = new Promise<string>((resolve) => (onListening = resolve));
  const failedStart = new Promise<never>((_, reject) => (onFailedStart = reject));
  failedStart.catch(() => undefined);
  const fork = (slot: number) => {
    const worker = cluster.fork({ ...env, [WORKER_SLOT_ENV]: String(slot) });
    slots.set(worker, slot);
    worker.on('listening', (address) => {
      if (listened) return;
      listened = true;
      onListening(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    });
    worker.on('exit', (code, signal) => {
      slots.delete(worker);
      if (stopping) return;
      if (!listened) {
        onFailedStart(new Error(`worker ${slot} exited before listening (${signal ?? `code ${code}`})`));
        return;
      }
      say(`einvoicing-adapter: worker ${slot} exited (${signal ?? `code ${code}`}); starting another in its slot`);
      fork(slot);
    });
  };
  for (let slot = 0; slot < count; slot++) fork(slot);
  return {
    listening,
    failedStart,
    ask<T>(message: { kind: string }) {
      const worker = [...slots.keys()].find((w) => w.isConnected());
      if (!worker) return Promise.reject(new Error('no worker is running'));
      return new Promise<T>((resolve, reject) => {
        const onMessage = (m: { kind: string; error?: string } & T) => {
          if (m.kind !== `${message.kind}:done`) return;
          worker.off('message', onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve(m);
        };
        worker.on('message', onMessage);
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
