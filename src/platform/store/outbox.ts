import { OWNER, OWNER_JOIN } from './document-owner.js';

// The outbox as operators see and act on it (issue 44): the callback and transmission queues
// listed with their state, retried now or cancelled, each action recorded in `outbox_actions`
// (migration 14) in the transaction of the change. Written once here, run by both stores through
// an OutboxSql (SQLite's synchronous statements, PostgreSQL's client inside its transaction).
//
// Leases stay whole: a row a worker holds under a live lease is never reset under it. A pending
// callback so held is in its worker's retry loop (refused with 409, naming the worker); a
// transmission keeps its claim when made due now (only its claimant takes it before the lease
// ends), and a cancel clears the claim, so the dispatcher's next fenced step writes nothing.

export type CallbackListState = 'pending' | 'retrying' | 'held' | 'failed' | 'cancelled' | 'delivered';
export type TransmissionListState = 'queued' | 'retrying' | 'sent' | 'failed' | 'cancelled' | 'done';

export interface OutboxFilter {
  state?: string | undefined;
  /** The merchant that has the document's entity now ('' for the operator's own). */
  merchant?: string | undefined;
  businessEntityId?: string | undefined;
  /** The document's model (its driver's format). */
  model?: string | undefined;
  /** Rows created before this time. */
  createdBefore?: string | undefined;
  limit: number;
  /** The `next` of the page before (a cursor). */
  before?: string | undefined;
}

export interface OutboxCallback {
  id: number;
  documentId: string;
  site: string;
  businessEntityId: string;
  model: string;
  state: CallbackListState;
  attempts: number;
  nextAttemptAt: string;
  expiresAt: string;
  lastError: string | null;
  responseStatus: number | null;
  claimedBy: string | null;
  leaseUntil: string | null;
  cancelledBy: string | null;
  createdAt: string;
  endedAt: string | null;
}

export interface OutboxTransmission {
  documentId: string;
  site: string;
  businessEntityId: string;
  model: string;
  state: TransmissionListState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  messageId: string | null;
  claimedBy: string | null;
  leaseUntil: string | null;
  cancelledBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OutboxAction {
  id: number;
  at: string;
  actor: string;
  action: 'retry' | 'retry-failed' | 'cancel';
  targetKind: 'callback' | 'transmission' | 'site';
  targetId: string;
  detail: string;
}

export interface OutboxPage<T> {
  items: T[];
  next?: string;
}

/** What an action did: done (with the row as it is now, or how many rows), or why not. */
export type OutboxOutcome<T> = { kind: 'done'; item: T; action: OutboxAction } | { kind: 'not-found' } | { kind: 'conflict'; reason: string };

/** How a store runs the outbox's statements, inside one transaction for the actions. */
export interface OutboxSql {
  /** The n-th parameter (`?`, `$n`). */
  mark(n: number): string;
  /** `column IN (the JSON array of strings in parameter n)`. */
  inJson(n: number): string;
  /** A lock on the rows read (PostgreSQL's FOR UPDATE; SQLite's transaction holds the write lock already). */
  forUpdate: string;
  all<T>(sql: string, values: unknown[]): Promise<T[]>;
  run(sql: string, values: unknown[]): Promise<number>;
}

export const CALLBACK_CURSOR = '^[1-9][0-9]{0,14}$';
export const TRANSMISSION_CURSOR = '^[A-Za-z0-9_-]{1,400}$';

const CALLBACK_COLUMNS = (held: string) => `c.id, c.document_id AS "documentId", ${OWNER} AS site, d.business_entity_id AS "businessEntityId", d.model,
  CASE WHEN c.state = 'failed' AND c.cancelled_by IS NOT NULL THEN 'cancelled'
       WHEN c.state = 'pending' AND ${OWNER} ${held} THEN 'held'
       WHEN c.state = 'pending' AND c.attempts > 0 THEN 'retrying' ELSE c.state END AS state,
  c.attempts, c.next_attempt_at AS "nextAttemptAt", c.expires_at AS "expiresAt", c.last_error AS "lastError", c.response_status AS "responseStatus",
  c.claimed_by AS "claimedBy", c.lease_until AS "leaseUntil", c.cancelled_by AS "cancelledBy", c.created_at AS "createdAt", c.ended_at AS "endedAt"`;

const TRANSMISSION_COLUMNS = `t.document_id AS "documentId", ${OWNER} AS site, d.business_entity_id AS "businessEntityId", d.model,
  CASE WHEN t.state = 'failed' AND t.cancelled_by IS NOT NULL THEN 'cancelled'
       WHEN t.state = 'queued' AND t.attempts > 0 THEN 'retrying' ELSE t.state END AS state,
  t.attempts, t.next_attempt_at AS "nextAttemptAt", t.last_error AS "lastError", t.message_id AS "messageId",
  t.claimed_by AS "claimedBy", t.lease_until AS "leaseUntil", t.cancelled_by AS "cancelledBy", d.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

/** The filters every listing shares, on the document's columns and the row's creation time. */
function filtered(sql: OutboxSql, f: OutboxFilter, created: string, values: unknown[]): string[] {
  const where: string[] = [];
  const when = (expr: string, value: unknown) => {
    if (value === undefined) return;
    values.push(value);
    where.push(`${expr} = ${sql.mark(values.length)}`);
  };
  when(OWNER, f.merchant);
  when('d.business_entity_id', f.businessEntityId);
  when('d.model', f.model);
  if (f.createdBefore !== undefined) {
    values.push(f.createdBefore);
    where.push(`${created} < ${sql.mark(values.length)}`);
  }
  return where;
}

function page<T>(rows: T[], limit: number, cursor: (last: T) => string): OutboxPage<T> {
  const items = rows.slice(0, limit);
  return { items, ...(rows.length > limit && { next: cursor(items[items.length - 1]!) }) };
}

const transmissionCursor = (t: { createdAt: string; documentId: string }) => Buffer.from(JSON.stringify([t.createdAt, t.documentId])).toString('base64url');

/** A transmissions cursor as [created_at, document_id]; undefined when it is not one. */
export function readTransmissionCursor(cursor: string): [string, string] | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string') ? (v as [string, string]) : undefined;
  } catch {
    return undefined;
  }
}

/** Newest first (by id); `held` is the held sites, whose pending rows are listed as held. */
export async function listCallbacks(sql: OutboxSql, f: OutboxFilter, held: readonly string[]): Promise<OutboxPage<OutboxCallback>> {
  const values: unknown[] = [JSON.stringify(held)];
  const where = filtered(sql, f, 'c.created_at', values);
  const outer: string[] = [];
  if (f.state !== undefined) outer.push(`x.state = ${sql.mark(values.push(f.state))}`);
  if (f.before !== undefined) outer.push(`x.id < ${sql.mark(values.push(Number(f.before)))}`);
  const text = `SELECT * FROM (SELECT ${CALLBACK_COLUMNS(sql.inJson(1))} FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) x ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''} ORDER BY x.id DESC LIMIT ${sql.mark(values.push(f.limit + 1))}`;
  return page(await sql.all<OutboxCallback>(text, values), f.limit, (c) => String(c.id));
}

/** Newest document first. */
export async function listTransmissions(sql: OutboxSql, f: OutboxFilter): Promise<OutboxPage<OutboxTransmission>> {
  const values: unknown[] = [];
  const where = filtered(sql, f, 'd.created_at', values);
  const outer: string[] = [];
  if (f.state !== undefined) outer.push(`x.state = ${sql.mark(values.push(f.state))}`);
  const after = f.before === undefined ? undefined : readTransmissionCursor(f.before);
  if (after) outer.push(`(x."createdAt" < ${sql.mark(values.push(after[0]))} OR (x."createdAt" = ${sql.mark(values.push(after[0]))} AND x."documentId" < ${sql.mark(values.push(after[1]))}))`);
  const text = `SELECT * FROM (SELECT ${TRANSMISSION_COLUMNS} FROM transmissions t JOIN documents d ON d.id = t.document_id ${OWNER_JOIN}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) x ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''} ORDER BY x."createdAt" DESC, x."documentId" DESC LIMIT ${sql.mark(values.push(f.limit + 1))}`;
  return page(await sql.all<OutboxTransmission>(text, values), f.limit, transmissionCursor);
}

/** The recorded actions, newest first. */
export async function listActions(sql: OutboxSql, limit: number, after?: string): Promise<OutboxPage<OutboxAction>> {
  const values: unknown[] = [];
  const where = after === undefined ? '' : `WHERE id < ${sql.mark(values.push(Number(after)))}`;
  const text = `SELECT ${ACTION_COLUMNS} FROM outbox_actions ${where} ORDER BY id DESC LIMIT ${sql.mark(values.push(limit + 1))}`;
  return page(await sql.all<OutboxAction>(text, values), limit, (a) => String(a.id));
}

const ACTION_COLUMNS = 'id, at, actor, action, target_kind AS "targetKind", target_id AS "targetId", detail';

async function record(sql: OutboxSql, a: Omit<OutboxAction, 'id'>): Promise<OutboxAction> {
  const m = sql.mark;
  const [row] = await sql.all<OutboxAction>(
    `INSERT INTO outbox_actions (at, actor, action, target_kind, target_id, detail) VALUES (${m(1)}, ${m(2)}, ${m(3)}, ${m(4)}, ${m(5)}, ${m(6)}) RETURNING ${ACTION_COLUMNS}`,
    [a.at, a.actor, a.action, a.targetKind, a.targetId, a.detail],
  );
  return row!;
}

/** Who acts, when, and (for callbacks made pending again) the horizon of their new retries. */
export interface OutboxActor {
  actor: string;
  at: string;
  /** A failed callback made pending again is retried until then (CALLBACK_RETRY_HORIZON from now). */
  callbackExpiresAt: string;
  /** The request asking (the admin API's): the retried row's lines name it from then on; absent (the CLI), the row keeps its own. */
  requestId?: string | undefined;
}

interface QueueState {
  state: string;
  claimedBy: string | null;
  leaseUntil: string | null;
  cancelledBy: string | null;
}

/** A queue row's state as an action reads it, locked where the store can. */
async function queueState(sql: OutboxSql, table: 'callbacks' | 'transmissions', key: number | string): Promise<QueueState | undefined> {
  const column = table === 'callbacks' ? 'id' : 'document_id';
  const [row] = await sql.all<QueueState>(
    `SELECT state, claimed_by AS "claimedBy", lease_until AS "leaseUntil", cancelled_by AS "cancelledBy" FROM ${table} WHERE ${column} = ${sql.mark(1)}${sql.forUpdate}`,
    [key],
  );
  return row;
}

const heldByWorker = (r: QueueState, at: string) => r.claimedBy !== null && r.leaseUntil !== null && r.leaseUntil > at;

async function oneCallback(sql: OutboxSql, id: number): Promise<OutboxCallback | undefined> {
  const [c] = await sql.all<OutboxCallback>(`SELECT ${CALLBACK_COLUMNS(sql.inJson(1))} FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN} WHERE c.id = ${sql.mark(2)}`, ['[]', id]);
  return c;
}

async function oneTransmission(sql: OutboxSql, documentId: string): Promise<OutboxTransmission | undefined> {
  const [t] = await sql.all<OutboxTransmission>(`SELECT ${TRANSMISSION_COLUMNS} FROM transmissions t JOIN documents d ON d.id = t.document_id ${OWNER_JOIN} WHERE t.document_id = ${sql.mark(1)}`, [documentId]);
  return t;
}

/**
 * A callback posted now: a failed (or cancelled) one becomes pending again, its attempts kept (they
 * count every POST) and its horizon renewed; a pending one is made due now unless a worker holds it.
 */
export async function retryCallback(sql: OutboxSql, id: number, who: OutboxActor): Promise<OutboxOutcome<OutboxCallback>> {
  const m = sql.mark;
  const row = await queueState(sql, 'callbacks', id);
  if (!row) return { kind: 'not-found' };
  if (row.state === 'delivered') return { kind: 'conflict', reason: `callback ${id} was delivered: there is nothing to retry` };
  if (row.state === 'pending' && heldByWorker(row, who.at)) {
    return { kind: 'conflict', reason: `callback ${id} is being retried by ${row.claimedBy} (its lease runs until ${row.leaseUntil}): it is not reset under that worker` };
  }
  const changed =
    row.state === 'failed'
      ? await sql.run(
          `UPDATE callbacks SET state = 'pending', next_attempt_at = ${m(1)}, expires_at = ${m(2)}, ended_at = NULL, claimed_by = NULL, lease_until = NULL, cancelled_by = NULL,
             request_id = coalesce(${m(3)}, request_id) WHERE id = ${m(4)} AND state = 'failed'`,
          [who.at, who.callbackExpiresAt, who.requestId ?? null, id],
        )
      : await sql.run(`UPDATE callbacks SET next_attempt_at = ${m(1)}, request_id = coalesce(${m(2)}, request_id) WHERE id = ${m(3)} AND state = 'pending'`, [who.at, who.requestId ?? null, id]);
  if (changed === 0) return { kind: 'conflict', reason: `callback ${id} changed while it was being retried: try again` };
  const from = row.cancelledBy !== null ? 'cancelled' : row.state;
  const action = await record(sql, { at: who.at, actor: who.actor, action: 'retry', targetKind: 'callback', targetId: String(id), detail: JSON.stringify({ from }) });
  return { kind: 'done', item: (await oneCallback(sql, id))!, action };
}

/** Every failed callback of a site (not the cancelled ones) made pending again: how many. */
export async function retryFailedCallbacks(sql: OutboxSql, site: string, who: OutboxActor): Promise<{ count: number; action: OutboxAction }> {
  const m = sql.mark;
  const count = await sql.run(
    `UPDATE callbacks SET state = 'pending', next_attempt_at = ${m(1)}, expires_at = ${m(2)}, ended_at = NULL, claimed_by = NULL, lease_until = NULL, request_id = coalesce(${m(3)}, request_id)
     WHERE state = 'failed' AND cancelled_by IS NULL AND id IN (SELECT c.id FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN} WHERE c.state = 'failed' AND ${OWNER} = ${m(4)})`,
    [who.at, who.callbackExpiresAt, who.requestId ?? null, site],
  );
  const action = await record(sql, { at: who.at, actor: who.actor, action: 'retry-failed', targetKind: 'site', targetId: site, detail: JSON.stringify({ count }) });
  return { count, action };
}

/** A pending callback ended for good, never posted: failed, marked with who cancelled it. */
export async function cancelCallback(sql: OutboxSql, id: number, who: OutboxActor): Promise<OutboxOutcome<OutboxCallback>> {
  const m = sql.mark;
  const row = await queueState(sql, 'callbacks', id);
  if (!row) return { kind: 'not-found' };
  if (row.state !== 'pending') return { kind: 'conflict', reason: `callback ${id} has ended (${row.cancelledBy !== null ? 'cancelled' : row.state}): there is nothing to cancel` };
  if (heldByWorker(row, who.at)) return { kind: 'conflict', reason: `callback ${id} is being posted by ${row.claimedBy} (its lease runs until ${row.leaseUntil}): it is not ended under that worker` };
  const changed = await sql.run(
    `UPDATE callbacks SET state = 'failed', cancelled_by = ${m(1)}, last_error = ${m(2)}, ended_at = ${m(3)} WHERE id = ${m(4)} AND state = 'pending'`,
    [who.actor, `cancelled by ${who.actor}`, who.at, id],
  );
  if (changed === 0) return { kind: 'conflict', reason: `callback ${id} changed while it was being cancelled: try again` };
  const action = await record(sql, { at: who.at, actor: who.actor, action: 'cancel', targetKind: 'callback', targetId: String(id), detail: JSON.stringify({ from: row.state }) });
  return { kind: 'done', item: (await oneCallback(sql, id))!, action };
}

/**
 * A transmission tried now: a failed (or cancelled) one goes back to the queue (sent again when
 * the network never took it, tracked again otherwise), its attempts kept; a queued or sent one
 * is made due now, its claim kept (its claimant takes it at once, another process after the lease).
 */
export async function retryTransmission(sql: OutboxSql, documentId: string, who: OutboxActor): Promise<OutboxOutcome<OutboxTransmission>> {
  const m = sql.mark;
  const row = await queueState(sql, 'transmissions', documentId);
  if (!row) return { kind: 'not-found' };
  if (row.state === 'done') return { kind: 'conflict', reason: `the transmission of document ${documentId} is done: there is nothing to retry` };
  const changed =
    row.state === 'failed'
      ? await sql.run(
          // The retry horizon runs again from now (retried_at): a document failed at its horizon gets its retries again.
          `UPDATE transmissions SET state = CASE WHEN message_id IS NULL THEN 'queued' ELSE 'sent' END, next_attempt_at = ${m(1)}, updated_at = ${m(2)}, retried_at = ${m(3)}, claimed_by = NULL, lease_until = NULL, cancelled_by = NULL,
             request_id = coalesce(${m(4)}, request_id) WHERE document_id = ${m(5)} AND state = 'failed'`,
          [who.at, who.at, who.at, who.requestId ?? null, documentId],
        )
      : await sql.run(`UPDATE transmissions SET next_attempt_at = ${m(1)}, updated_at = ${m(2)}, request_id = coalesce(${m(3)}, request_id) WHERE document_id = ${m(4)} AND state IN ('queued', 'sent')`, [
          who.at,
          who.at,
          who.requestId ?? null,
          documentId,
        ]);
  if (changed === 0) return { kind: 'conflict', reason: `the transmission of document ${documentId} changed while it was being retried: try again` };
  const from = row.cancelledBy !== null ? 'cancelled' : row.state;
  const action = await record(sql, { at: who.at, actor: who.actor, action: 'retry', targetKind: 'transmission', targetId: documentId, detail: JSON.stringify({ from }) });
  return { kind: 'done', item: (await oneTransmission(sql, documentId))!, action };
}

/**
 * A queued or sent transmission ended: failed, marked with who cancelled it, its claim cleared so
 * the dispatcher's next step on it (fenced by the claim) writes nothing. The document's statuses
 * are left as they are: no status is invented for the platform.
 */
export async function cancelTransmission(sql: OutboxSql, documentId: string, who: OutboxActor): Promise<OutboxOutcome<OutboxTransmission>> {
  const m = sql.mark;
  const row = await queueState(sql, 'transmissions', documentId);
  if (!row) return { kind: 'not-found' };
  if (row.state !== 'queued' && row.state !== 'sent') {
    return { kind: 'conflict', reason: `the transmission of document ${documentId} has ended (${row.cancelledBy !== null ? 'cancelled' : row.state}): there is nothing to cancel` };
  }
  await sql.run(
    `UPDATE transmissions SET state = 'failed', cancelled_by = ${m(1)}, last_error = ${m(2)}, updated_at = ${m(3)}, claimed_by = NULL, lease_until = NULL WHERE document_id = ${m(4)}`,
    [who.actor, `cancelled by ${who.actor}`, who.at, documentId],
  );
  const action = await record(sql, { at: who.at, actor: who.actor, action: 'cancel', targetKind: 'transmission', targetId: documentId, detail: JSON.stringify({ from: row.state }) });
  return { kind: 'done', item: (await oneTransmission(sql, documentId))!, action };
}

/** The store's outbox: the listings and the actions, each action one transaction. */
export interface OutboxOperations {
  callbacks(filter: OutboxFilter, held: readonly string[]): Promise<OutboxPage<OutboxCallback>>;
  transmissions(filter: OutboxFilter): Promise<OutboxPage<OutboxTransmission>>;
  actions(limit: number, after?: string): Promise<OutboxPage<OutboxAction>>;
  retryCallback(id: number, who: OutboxActor): Promise<OutboxOutcome<OutboxCallback>>;
  retryFailedCallbacks(site: string, who: OutboxActor): Promise<{ count: number; action: OutboxAction }>;
  cancelCallback(id: number, who: OutboxActor): Promise<OutboxOutcome<OutboxCallback>>;
  retryTransmission(documentId: string, who: OutboxActor): Promise<OutboxOutcome<OutboxTransmission>>;
  cancelTransmission(documentId: string, who: OutboxActor): Promise<OutboxOutcome<OutboxTransmission>>;
}

/** The operations over a store's way of running SQL: `read` for listings, `write` runs one transaction. */
export function outboxOperations(read: OutboxSql, write: <T>(work: (sql: OutboxSql) => Promise<T>) => Promise<T>): OutboxOperations {
  return {
    callbacks: (f, held) => listCallbacks(read, f, held),
    transmissions: (f) => listTransmissions(read, f),
    actions: (limit, after) => listActions(read, limit, after),
    retryCallback: (id, who) => write((sql) => retryCallback(sql, id, who)),
    retryFailedCallbacks: (site, who) => write((sql) => retryFailedCallbacks(sql, site, who)),
    cancelCallback: (id, who) => write((sql) => cancelCallback(sql, id, who)),
    retryTransmission: (id, who) => write((sql) => retryTransmission(sql, id, who)),
    cancelTransmission: (id, who) => write((sql) => cancelTransmission(sql, id, who)),
  };
}
