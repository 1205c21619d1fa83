import type { Database } from '../../../platform/store/db.js';

// The e-invoicing outbox: one row per SPI document the module submits to the adapter. A job is
// `queued` until the adapter accepts it (retried on network errors and 5xx), then `submitted`
// while the module waits for a status (polling /status when no callback comes in time), and
// ends `done` (a final status is known) or `failed` (refused, or retries ran out).

export type JobState = 'queued' | 'submitted' | 'done' | 'failed';
export type ResourceType = 'invoice' | 'credit_note';
export type JobKind = 'INVOICE' | 'CREDIT_NOTE' | 'APPLICATION_RESPONSE';

export interface JobRow {
  id: number;
  /** The queue worker's key: one job of a resource in hand at a time. */
  documentId: string;
  resourceType: ResourceType;
  resourceId: string;
  kind: JobKind;
  state: JobState;
  attempts: number;
  polls: number;
  document: string | null;
  adapterDocumentId: string | null;
  createdAt: string;
}

export interface JobUpdate {
  id: number;
  state: JobState;
  attempts: number;
  polls: number;
  nextAttemptAt: string | null;
  document: string | null;
  adapterDocumentId: string | null;
  lastError: string | null;
  at: string;
}

const COLUMNS = `id, resource_type || ':' || resource_id AS documentId, resource_type AS resourceType, resource_id AS resourceId, kind, state, attempts, polls, document, document_id AS adapterDocumentId, created_at AS createdAt`;

export function einvoiceJobs(db: Database) {
  const insert = db.prepare("INSERT INTO einvoice_jobs (resource_type, resource_id, kind, state, next_attempt_at, document, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)");
  const countKind = db.prepare<[string, string, string], { n: number }>('SELECT count(*) AS n FROM einvoice_jobs WHERE resource_type = ? AND resource_id = ? AND kind = ?');
  const due = db.prepare<[string, number], JobRow>(`SELECT ${COLUMNS} FROM einvoice_jobs WHERE state IN ('queued', 'submitted') AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`);
  const nextDue = db.prepare<[], { at: string | null }>("SELECT min(next_attempt_at) AS at FROM einvoice_jobs WHERE state IN ('queued', 'submitted')");
  const get = db.prepare<[number], JobRow>(`SELECT ${COLUMNS} FROM einvoice_jobs WHERE id = ?`);
  const latest = db.prepare<[string, string, string], JobRow>(`SELECT ${COLUMNS} FROM einvoice_jobs WHERE resource_type = ? AND resource_id = ? AND kind = ? ORDER BY id DESC LIMIT 1`);
  const update = db.prepare(
    'UPDATE einvoice_jobs SET state = @state, attempts = @attempts, polls = @polls, next_attempt_at = @nextAttemptAt, document = @document, document_id = @adapterDocumentId, last_error = @lastError, updated_at = @at WHERE id = @id',
  );
  const reschedule = db.prepare("UPDATE einvoice_jobs SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND state = 'submitted'");
  const finish = db.prepare("UPDATE einvoice_jobs SET state = 'done', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state IN ('queued', 'submitted')");
  const seen = db.prepare('INSERT INTO einvoice_statuses_seen (job_id, status) VALUES (?, ?) ON CONFLICT DO NOTHING');
  return {
    /** Queues a job due at once; returns its id. `document` when its body is fixed at queueing (an application response). */
    insert: (resourceType: ResourceType, resourceId: string, kind: JobKind, at: string, document: string | null = null) =>
      Number(insert.run(resourceType, resourceId, kind, at, document, at, at).lastInsertRowid),
    /** How many jobs of that kind the resource has had (numbers its application responses). */
    count: (resourceType: ResourceType, resourceId: string, kind: JobKind) => countKind.get(resourceType, resourceId, kind)!.n,
    due: (now: string, limit: number) => due.all(now, limit),
    nextDueAt: () => nextDue.get()?.at ?? undefined,
    get: (id: number) => get.get(id),
    /** The resource's newest job of that kind (the one callbacks for it belong to). */
    latest: (resourceType: ResourceType, resourceId: string, kind: JobKind) => latest.get(resourceType, resourceId, kind),
    update: (u: JobUpdate) => void update.run(u),
    /** A submitted job's next status check moves to `at` (a callback came: no need to poll yet). */
    pollLater: (id: number, at: string, now: string) => void reschedule.run(at, now, id),
    /** The job's status is final: no more polling. */
    finish: (id: number, now: string) => void finish.run(now, id),
    /** Records (job, status); false when it was already seen (the receivers' idempotency). */
    firstSight: (id: number, status: string) => seen.run(id, status).changes === 1,
  };
}

export type EinvoiceJobs = ReturnType<typeof einvoiceJobs>;
