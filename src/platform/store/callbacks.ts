import type { Database } from './db.js';
import { OWNER, OWNER_JOIN } from './document-owner.js';
import { leaseAfter, type Lease } from './lease.js';
import type { QueueRowOrigin } from '../queue-worker.js';

// The callback outbox (migration 004): rows are the queue, so a crash loses nothing; the
// worker keeps which rows are in flight in memory and re-reads the rest.

export interface CallbackRow extends Omit<QueueRowOrigin, 'siteId'> {
  id: number;
  documentId: string;
  /** Where it goes: the merchant that has the document's entity as the row is read, '' for the operator's own site (BILLING_URL). */
  siteId: string;
  path: string;
  body: string;
  attempts: number;
  expiresAt: string;
}

export interface CallbackEnd {
  id: number;
  attempts: number;
  state: 'delivered' | 'failed';
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  at: string;
}

/** The due rows' origin but the site (QueueRowOrigin), the same on both stores: `c` the callback, `d` its document. */
export const CALLBACK_ORIGIN = `coalesce(c.request_id, d.request_id) AS "requestId", d.model, d.country, d.business_entity_id AS "businessEntityId"`;

export function callbackStatements(db: Database, lease: Lease) {
  // The oldest pending row of each document only: a document's callbacks go out in order, on
  // whichever process claims it, since the next row is not due until this one ended. Rows of
  // held sites (a JSON array of site ids: no token, a refresh refused) wait where they are, and
  // rows another process holds wait for its lease. The site is the document's merchant as the
  // row is read: rows queued before its entity moved go to the merchant that has it now.
  const due = db.prepare<{ now: string; held: string; limit: number; me: string }, CallbackRow>(
    `SELECT c.id, c.document_id AS documentId, ${OWNER} AS siteId, c.path, c.body, c.attempts, c.expires_at AS expiresAt, ${CALLBACK_ORIGIN}
     FROM callbacks c INDEXED BY callbacks_queue JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
     WHERE c.state = 'pending' AND c.next_attempt_at <= @now
       AND (c.claimed_by IS NULL OR c.claimed_by = @me OR c.lease_until <= @now)
       AND ${OWNER} NOT IN (SELECT value FROM json_each(@held))
       AND NOT EXISTS (SELECT 1 FROM callbacks e WHERE e.document_id = c.document_id AND e.state = 'pending' AND e.id < c.id)
     ORDER BY c.id LIMIT @limit`,
  );
  const claim = db.prepare('UPDATE callbacks SET claimed_by = ?, lease_until = ? WHERE id = ?');
  const nextDue = db.prepare<[string, string], { at: string | null }>(
    `SELECT min(CASE WHEN c.claimed_by IS NULL OR c.claimed_by = ? THEN c.next_attempt_at ELSE max(c.next_attempt_at, c.lease_until) END) AS at
     FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
     WHERE c.state = 'pending' AND ${OWNER} NOT IN (SELECT value FROM json_each(?))`,
  );
  const heldCount = db.prepare<[string], { site: string; n: number }>(
    `SELECT ${OWNER} AS site, count(*) AS n FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
     WHERE c.state = 'pending' AND ${OWNER} IN (SELECT value FROM json_each(?)) GROUP BY site`,
  );
  const attempt = db.prepare('UPDATE callbacks SET attempts = ?, next_attempt_at = ?, lease_until = ?, last_error = ?, response_status = ? WHERE id = ?');
  const end = db.prepare(
    'UPDATE callbacks SET state = @state, attempts = @attempts, response_status = @responseStatus, response_body = @responseBody, last_error = @error, ended_at = @at WHERE id = @id',
  );
  const count = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM callbacks WHERE state = ?');
  const ofDocument = db.prepare<[string], { id: number; state: string; attempts: number; body: string; responseStatus: number | null; responseBody: string | null; lastError: string | null }>(
    'SELECT id, state, attempts, body, response_status AS responseStatus, response_body AS responseBody, last_error AS lastError FROM callbacks WHERE document_id = ? ORDER BY id',
  );
  return {
    /** Up to `limit` deliverable rows, oldest first, at most one per document, none of a held site. */
    /** Claims up to `limit` deliverable rows for this process (call inside a write transaction). */
    due(now: string, limit: number, held: readonly string[] = []): CallbackRow[] {
      const rows = due.all({ now, held: JSON.stringify(held), limit, me: lease.by });
      for (const r of rows) claim.run(lease.by, leaseAfter(now, lease), r.id);
      return rows;
    },
    nextDueAt: (held: readonly string[] = []) => nextDue.get(lease.by, JSON.stringify(held))?.at ?? undefined,
    /** Pending callbacks per held site. */
    waiting: (held: readonly string[]) => new Map(heldCount.all(JSON.stringify(held)).map((r) => [r.site, r.n])),
    /** A failed attempt that will be retried (by this process, its lease lengthened): kept so a restart resumes where this one stopped. */
    attemptFailed: (id: number, attempts: number, nextAt: string, error: string, responseStatus: number | null) =>
      void attempt.run(attempts, nextAt, leaseAfter(nextAt, lease), error, responseStatus, id),
    /** Ends rows (delivered or failed for good); the caller batches them in one transaction. */
    end: (e: CallbackEnd) => void end.run(e),
    count: (state: 'pending' | 'delivered' | 'failed') => count.get(state)!.n,
    ofDocument: (documentId: string) => ofDocument.all(documentId),
  };
}

export type CallbackStatements = ReturnType<typeof callbackStatements>;
