import type { Database } from './db.js';
import { leaseAfter, LeaseLost, type Lease } from './lease.js';
import { OWNER, OWNER_JOIN } from './document-owner.js';
import type { QueueRowOrigin } from '../queue-worker.js';

// The dispatcher's queue: one row per document (written with the document), see migration 004.

export interface TransmissionRow extends QueueRowOrigin {
  documentId: string;
  state: 'queued' | 'sent';
  attempts: number;
  messageId: string | null;
  /** JSON of what the network needs to track the message (the transport's envelope). */
  envelope: string | null;
  sentAt: string | null;
  eventsSeen: number;
  createdAt: string;
  /** Where the dispatch retry horizon runs from: the operator's last retry of a failed transmission, else the document's acceptance. */
  horizonFrom: string;
}

/** How a status recording advances the document's transmission (in the same transaction). */
export type TransmissionStep =
  | { kind: 'failed'; documentId: string; error: string; at: string }
  | { kind: 'tracked'; documentId: string; eventsSeen: number; done: boolean; nextAt: string; at: string; /** As read: the step is refused when another pass counted more. */ seenBefore: number };

/** The due rows' origin (QueueRowOrigin) and horizon, the same on both stores: `t` the transmission, `d` its document, `be` its entity. */
export const TRANSMISSION_ORIGIN = `coalesce(t.retried_at, d.created_at) AS "horizonFrom", coalesce(t.request_id, d.request_id) AS "requestId", d.model, d.country, d.business_entity_id AS "businessEntityId", ${OWNER} AS "siteId"`;

export function transmissionStatements(db: Database, lease: Lease) {
  // Due, and not another process's while its lease runs (a row stays with its claimant between steps).
  const due = db.prepare<{ now: string; limit: number; me: string }, TransmissionRow>(
    `SELECT t.document_id AS documentId, t.state, t.attempts, t.message_id AS messageId, t.envelope, t.sent_at AS sentAt,
            t.events_seen AS eventsSeen, d.created_at AS createdAt, ${TRANSMISSION_ORIGIN}
     FROM transmissions t JOIN documents d ON d.id = t.document_id ${OWNER_JOIN}
     WHERE t.state IN ('queued', 'sent') AND t.next_attempt_at <= @now
       AND (t.claimed_by IS NULL OR t.claimed_by = @me OR t.lease_until <= @now)
     ORDER BY t.next_attempt_at LIMIT @limit`,
  );
  const claim = db.prepare('UPDATE transmissions SET claimed_by = ?, lease_until = ? WHERE document_id = ?');
  // Another process's row falls due for this one when its lease lapses.
  const nextDue = db.prepare<[string], { at: string | null }>(
    `SELECT min(CASE WHEN claimed_by IS NULL OR claimed_by = ? THEN next_attempt_at ELSE max(next_attempt_at, lease_until) END) AS at
     FROM transmissions WHERE state IN ('queued', 'sent')`,
  );
  const sent = db.prepare(
    "UPDATE transmissions SET state = 'sent', attempts = attempts + 1, message_id = ?, envelope = ?, sent_at = ?, next_attempt_at = ?, lease_until = ?, last_error = NULL, updated_at = ? WHERE document_id = ? AND claimed_by = ?",
  );
  // Every step is fenced by the claim: a process whose lease lapsed (and whose row another took) writes nothing.
  const retry = db.prepare('UPDATE transmissions SET attempts = attempts + 1, next_attempt_at = ?, lease_until = ?, last_error = ?, updated_at = ? WHERE document_id = ? AND claimed_by = ?');
  const tracked = db.prepare(
    'UPDATE transmissions SET events_seen = ?, state = ?, next_attempt_at = ?, lease_until = ?, last_error = NULL, updated_at = ? WHERE document_id = ? AND claimed_by = ? AND events_seen = ?',
  );
  const failed = db.prepare("UPDATE transmissions SET state = 'failed', attempts = attempts + 1, last_error = ?, updated_at = ? WHERE document_id = ? AND claimed_by = ?");
  const fenced = (documentId: string, changes: number) => {
    if (changes === 0) throw new LeaseLost(documentId);
  };
  const getState = db.prepare<[string], { state: string; eventsSeen: number; messageId: string | null; envelope: string | null; sentAt: string | null }>(
    'SELECT state, events_seen AS eventsSeen, message_id AS messageId, envelope, sent_at AS sentAt FROM transmissions WHERE document_id = ?',
  );
  const byMessage = db.prepare<[string], { documentId: string }>('SELECT document_id AS documentId FROM transmissions WHERE message_id = ?');
  const checkNow = db.prepare("UPDATE transmissions SET next_attempt_at = ?, updated_at = ? WHERE document_id = ? AND state IN ('queued', 'sent')");
  return {
    /** Makes the document due at once (after a sandbox fault changed what the network will say). */
    checkNow: (documentId: string, at: string) => void checkNow.run(at, at, documentId),
    /** The documents sent as this network message (one, unless two networks share an id form). */
    documentsOfMessage: (messageId: string) => byMessage.all(messageId).map((r) => r.documentId),
    /** Claims up to `limit` due rows for this process (call inside a write transaction). */
    due(now: string, limit: number): TransmissionRow[] {
      const rows = due.all({ now, limit, me: lease.by });
      for (const r of rows) claim.run(lease.by, leaseAfter(now, lease), r.documentId);
      return rows;
    },
    nextDueAt: () => nextDue.get(lease.by)?.at ?? undefined,
    state: (documentId: string) => getState.get(documentId),
    sent: (documentId: string, messageId: string, envelope: string, at: string, nextAt: string) =>
      fenced(documentId, sent.run(messageId, envelope, at, nextAt, leaseAfter(nextAt, lease), at, documentId, lease.by).changes),
    retryLater: (documentId: string, nextAt: string, error: string, at: string) => fenced(documentId, retry.run(nextAt, leaseAfter(nextAt, lease), error, at, documentId, lease.by).changes),
    step(s: TransmissionStep): void {
      const changed =
        s.kind === 'failed'
          ? failed.run(s.error, s.at, s.documentId, lease.by).changes
          : tracked.run(s.eventsSeen, s.done ? 'done' : 'sent', s.nextAt, leaseAfter(s.nextAt, lease), s.at, s.documentId, lease.by, s.seenBefore).changes;
      fenced(s.documentId, changed);
    },
  };
}

export type TransmissionStatements = ReturnType<typeof transmissionStatements>;
