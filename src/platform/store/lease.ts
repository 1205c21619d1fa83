import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { hostname } from 'node:os';

// Leases on the queues several processes share (migration 10): a process claims a due row under
// its name for `ms`; the others skip it until then, so a crashed process's rows are taken over
// after at most one lease, and a live one keeps what it holds by writing a new end at each step.

/** Who claims queue rows (one name per process) and for how long a claim holds without news. */
export interface Lease {
  by: string;
  ms: number;
}

export const DEFAULT_LEASE_MS = 120_000;

/** The lease's end when the row is next due at `at`. */
export const leaseAfter = (at: string, lease: Lease) => new Date(Date.parse(at) + lease.ms).toISOString();

/**
 * A step on a row as this process no longer finds it: its lease lapsed and another process
 * claimed the row, or the events it counted were already counted. The step is not written (its
 * transaction rolls back), so each status is recorded once.
 */
export class LeaseLost extends Error {
  constructor(readonly documentId: string) {
    super(`document ${documentId}: the transmission is no longer this process's as it was read (another process, or pass, took the step)`);
  }
}

/** A name no other process has: host, pid and a random suffix (tools and tests). */
export function defaultClaimant(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * The name of an adapter process on the rows it claims: its host, its data directory and its
 * worker slot. A restart in the same place (or the worker that replaces a dead one) is the same
 * claimant and takes its predecessor's rows back at once; another instance takes them only when
 * their lease lapses. Instances on one host therefore each need a DATA_DIR of their own.
 */
export function processClaimant(dataDir: string, slot: number): string {
  return `${hostname()}:${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 8)}:${slot}`;
}
