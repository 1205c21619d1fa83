import type pg from 'pg';
import { CALLBACK_ORIGIN, type CallbackRow } from '../callbacks.js';
import { OWNER, OWNER_JOIN } from '../document-owner.js';
import type { InboxItem } from '../../../spi/driver.js';
import type { RelatedDocumentRow, StatusChange } from '../status-changes.js';
import { leaseAfter, LeaseLost, type Lease } from '../lease.js';
import { TRANSMISSION_ORIGIN, type TransmissionRow, type TransmissionStep } from '../transmissions.js';
import type { CallbackOperations, InboxOperations, SequenceOperations, StatusChangeOperations, TransmissionOperations } from '../store.js';
import { inTransaction, row, rows, run, type Db } from './pg-db.js';

// What happens to a document after it is stored, on PostgreSQL: statuses with their related
// documents and callbacks, the dispatcher's transmissions, the callback outbox, the network
// inbox and sequences. The statements are SQLite's (status-changes.ts, transmissions.ts …).

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** Numbered parameters for a statement built in parts: `p(value)` is its placeholder. */
function parameters(): { values: unknown[]; p: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, p: (value) => (values.push(value), `$${values.length}`) };
}

/** The transmission row's step, fenced by the claim: it changes no row when another process holds it. */
function stepUpdate(s: TransmissionStep, lease: Lease, p: (value: unknown) => string): string {
  return s.kind === 'failed'
    ? `UPDATE transmissions SET state = 'failed', attempts = attempts + 1, last_error = ${p(s.error)}, updated_at = ${p(s.at)} WHERE document_id = ${p(s.documentId)} AND claimed_by = ${p(lease.by)}`
    : `UPDATE transmissions SET events_seen = ${p(s.eventsSeen)}, state = ${p(s.done ? 'done' : 'sent')}, next_attempt_at = ${p(s.nextAt)}, lease_until = ${p(leaseAfter(s.nextAt, lease))},
         last_error = NULL, updated_at = ${p(s.at)} WHERE document_id = ${p(s.documentId)} AND claimed_by = ${p(lease.by)} AND events_seen = ${p(s.seenBefore)}`;
}

/**
 * A status change as one statement: the status row, and its related document and callback
 * read off the status's id. With a step, the step's UPDATE comes first and the rows are written
 * only when it changed its row, so a fenced-off process writes nothing, as a rolled-back
 * transaction would; `stepped` says which it was.
 */
async function recordChange(db: Db, c: StatusChange, s: TransmissionStep | undefined, lease: Lease): Promise<{ stepped: number }> {
  const { values, p } = parameters();
  const errors = c.errors && c.errors.length > 0 ? JSON.stringify(c.errors) : null;
  const refs = c.references && c.references.length > 0 ? JSON.stringify(c.references) : null;
  const parts = s ? [`u AS (${stepUpdate(s, lease, p)} RETURNING 1)`] : [];
  parts.push(`st AS (
    INSERT INTO document_statuses (document_id, status, source, errors, provider_payload, provider_references, created_at)
    SELECT ${p(c.documentId)}, ${p(c.status)}, ${p(c.source)}, ${p(errors)}::text, ${p(json(c.payload))}::text, ${p(refs)}::text, ${p(c.at)}
    ${s ? 'WHERE EXISTS (SELECT 1 FROM u) ' : ''}RETURNING id)`);
  if (c.related) {
    const r = c.related;
    parts.push(`r AS (
      INSERT INTO related_documents (id, document_id, status_id, document_type, flow, status, mime_type, content, provider_payload, provider_references, created_at)
      SELECT ${p(r.id)}, ${p(c.documentId)}, st.id, ${p(r.documentType)}, ${p(r.flow)}, ${p(r.status)}, ${p(r.mimeType)}, ${p(r.content)}, ${p(json(r.payload))}::text,
             ${p(r.references && r.references.length > 0 ? JSON.stringify(r.references) : null)}::text, ${p(c.at)} FROM st)`);
  }
  if (c.callback) {
    const cb = c.callback;
    parts.push(`cb AS (
      INSERT INTO callbacks (document_id, status_id, path, body, next_attempt_at, expires_at, created_at, request_id)
      SELECT ${p(c.documentId)}, st.id, ${p(cb.path)}, ${p(cb.body)}, ${p(c.at)}, ${p(cb.expiresAt)}, ${p(c.at)}, ${p(cb.requestId ?? null)}::text FROM st)`);
  }
  return (await row<{ stepped: number }>(db, `WITH ${parts.join(', ')} SELECT ${s ? '(SELECT count(*) FROM u)::int' : '1'} AS stepped`, values))!;
}

/** Every step is fenced by the claim: a process whose lease lapsed (and whose row another took) writes nothing. */
function fenced(documentId: string, changed: number): void {
  if (changed === 0) throw new LeaseLost(documentId);
}

async function step(db: Db, s: TransmissionStep, lease: Lease): Promise<void> {
  const { values, p } = parameters();
  fenced(s.documentId, await run(db, stepUpdate(s, lease, p), values));
}

export function pgStatusChanges(pool: pg.Pool, lease: Lease): StatusChangeOperations {
  return {
    async record(changes, s) {
      if (changes.length === 0 && !s) return;
      // One change (the dispatcher's usual news) or none is one statement in autocommit: one
      // round trip and one commit. Several keep one transaction, their statuses in order.
      if (changes.length === 0) return step(pool, s!, lease);
      if (changes.length === 1) {
        const { stepped } = await recordChange(pool, changes[0]!, s, lease);
        if (s) fenced(s.documentId, stepped);
        return;
      }
      await inTransaction(pool, async (db) => {
        for (const c of changes) await recordChange(db, c, undefined, lease);
        if (s) await step(db, s, lease);
      });
    },
    related: (id) =>
      row<RelatedDocumentRow>(
        pool,
        'SELECT id, document_id AS "documentId", document_type AS "documentType", mime_type AS "mimeType", content, created_at AS "createdAt" FROM related_documents WHERE id = $1',
        [id],
      ),
    relatedOf: (documentId) =>
      rows(
        pool,
        'SELECT id, document_type AS "documentType", flow, status, created_at AS "createdAt" FROM related_documents WHERE document_id = $1 ORDER BY created_at, status_id, id',
        [documentId],
      ),
  };
}

const checkNow = (db: Db, documentId: string, at: string) =>
  run(db, "UPDATE transmissions SET next_attempt_at = $1, updated_at = $1 WHERE document_id = $2 AND state IN ('queued', 'sent')", [at, documentId]);

const documentsOfMessage = async (db: Db, messageId: string) =>
  (await rows<{ documentId: string }>(db, 'SELECT document_id AS "documentId" FROM transmissions WHERE message_id = $1', [messageId])).map((r) => r.documentId);

export function pgTransmissions(pool: pg.Pool, lease: Lease): TransmissionOperations {
  return {
    checkNow: async (documentId, at) => void (await checkNow(pool, documentId, at)),
    documentsOfMessage: (messageId) => documentsOfMessage(pool, messageId),
    // Claimed in one statement: rows another instance is claiming right now are skipped, not waited for.
    due: async (now, limit) =>
      (
        await rows<TransmissionRow & { next: string }>(
          pool,
          `WITH due AS (
             SELECT document_id FROM transmissions
             WHERE state IN ('queued', 'sent') AND next_attempt_at <= $1 AND (claimed_by IS NULL OR claimed_by = $3 OR lease_until <= $1)
             ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
           UPDATE transmissions t SET claimed_by = $3, lease_until = $4 FROM due, documents d ${OWNER_JOIN}
           WHERE t.document_id = due.document_id AND d.id = t.document_id
           RETURNING t.document_id AS "documentId", t.state, t.attempts, t.message_id AS "messageId", t.envelope, t.sent_at AS "sentAt",
                     t.events_seen AS "eventsSeen", d.created_at AS "createdAt", t.next_attempt_at AS next, ${TRANSMISSION_ORIGIN}`,
          [now, limit, lease.by, leaseAfter(now, lease)],
        )
      )
        .sort((a, b) => (a.next < b.next ? -1 : a.next > b.next ? 1 : 0))
        .map(({ next: _next, ...r }) => r),
    nextDueAt: async () =>
      (
        await row<{ at: string | null }>(
          pool,
          `SELECT min(CASE WHEN claimed_by IS NULL OR claimed_by = $1 THEN next_attempt_at ELSE greatest(next_attempt_at, lease_until) END) AS at
           FROM transmissions WHERE state IN ('queued', 'sent')`,
          [lease.by],
        )
      )?.at ?? undefined,
    state: (documentId) =>
      row(pool, 'SELECT state, events_seen AS "eventsSeen", message_id AS "messageId", envelope, sent_at AS "sentAt" FROM transmissions WHERE document_id = $1', [documentId]),
    sent: async (documentId, messageId, envelope, at, nextAt) =>
      fenced(
        documentId,
        await run(
          pool,
          "UPDATE transmissions SET state = 'sent', attempts = attempts + 1, message_id = $1, envelope = $2, sent_at = $3, next_attempt_at = $4, lease_until = $5, last_error = NULL, updated_at = $3 WHERE document_id = $6 AND claimed_by = $7",
          [messageId, envelope, at, nextAt, leaseAfter(nextAt, lease), documentId, lease.by],
        ),
      ),
    retryLater: async (documentId, nextAt, error, at) =>
      fenced(
        documentId,
        await run(pool, 'UPDATE transmissions SET attempts = attempts + 1, next_attempt_at = $1, lease_until = $2, last_error = $3, updated_at = $4 WHERE document_id = $5 AND claimed_by = $6', [
          nextAt,
          leaseAfter(nextAt, lease),
          error,
          at,
          documentId,
          lease.by,
        ]),
      ),
  };
}

export function pgCallbacks(pool: pg.Pool, lease: Lease): CallbackOperations {
  return {
    // The oldest pending row of each document only (a document's callbacks go out in order, on
    // whichever instance claims it: the next row is not due until this one ended); none of a
    // held site; none another instance holds or is claiming right now. The site is the document's
    // merchant as the row is read: rows queued before its entity moved go to the one that has it now.
    due: async (now, limit, held = []) =>
      (
        await rows<CallbackRow>(
          pool,
          `WITH due AS (
             SELECT c.id, ${OWNER} AS site FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
             WHERE c.state = 'pending' AND c.next_attempt_at <= $1 AND (c.claimed_by IS NULL OR c.claimed_by = $4 OR c.lease_until <= $1)
               AND ${OWNER} <> ALL($2::text[])
               AND NOT EXISTS (SELECT 1 FROM callbacks e WHERE e.document_id = c.document_id AND e.state = 'pending' AND e.id < c.id)
             ORDER BY c.id LIMIT $3 FOR UPDATE OF c SKIP LOCKED)
           UPDATE callbacks c SET claimed_by = $4, lease_until = $5 FROM due, documents d
           WHERE c.id = due.id AND d.id = c.document_id
           RETURNING c.id, c.document_id AS "documentId", due.site AS "siteId", c.path, c.body, c.attempts, c.expires_at AS "expiresAt", ${CALLBACK_ORIGIN}`,
          [now, [...held], limit, lease.by, leaseAfter(now, lease)],
        )
      ).sort((a, b) => a.id - b.id),
    nextDueAt: async (held = []) =>
      (
        await row<{ at: string | null }>(
          pool,
          `SELECT min(CASE WHEN c.claimed_by IS NULL OR c.claimed_by = $2 THEN c.next_attempt_at ELSE greatest(c.next_attempt_at, c.lease_until) END) AS at
           FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN} WHERE c.state = 'pending' AND ${OWNER} <> ALL($1::text[])`,
          [[...held], lease.by],
        )
      )?.at ?? undefined,
    waiting: async (held) =>
      new Map(
        (
          await rows<{ site: string; n: number }>(
            pool,
            `SELECT ${OWNER} AS site, count(*) AS n FROM callbacks c JOIN documents d ON d.id = c.document_id ${OWNER_JOIN}
             WHERE c.state = 'pending' AND ${OWNER} = ANY($1::text[]) GROUP BY site`,
            [[...held]],
          )
        ).map((r) => [r.site, r.n]),
      ),
    attemptFailed: async (id, attempts, nextAt, error, responseStatus) =>
      void (await run(pool, 'UPDATE callbacks SET attempts = $1, next_attempt_at = $2, lease_until = $3, last_error = $4, response_status = $5 WHERE id = $6', [
        attempts,
        nextAt,
        leaseAfter(nextAt, lease),
        error,
        responseStatus,
        id,
      ])),
    end: async (e) =>
      void (await run(pool, 'UPDATE callbacks SET state = $1, attempts = $2, response_status = $3, response_body = $4, last_error = $5, ended_at = $6 WHERE id = $7', [
        e.state,
        e.attempts,
        e.responseStatus,
        e.responseBody,
        e.error,
        e.at,
        e.id,
      ])),
    count: async (state) => (await row<{ n: number }>(pool, 'SELECT count(*) AS n FROM callbacks WHERE state = $1', [state]))!.n,
    ofDocument: (documentId) =>
      rows(
        pool,
        'SELECT id, state, attempts, body, response_status AS "responseStatus", response_body AS "responseBody", last_error AS "lastError" FROM callbacks WHERE document_id = $1 ORDER BY id',
        [documentId],
      ),
  };
}

export function pgSequences(pool: pg.Pool): SequenceOperations {
  return {
    next: async (key, at) =>
      (await row<{ value: number }>(
        pool,
        `INSERT INTO sequences (sequence_key, last_value, updated_at) VALUES ($1, 1, $2)
         ON CONFLICT (sequence_key) DO UPDATE SET last_value = sequences.last_value + 1, updated_at = excluded.updated_at
         RETURNING last_value AS value`,
        [key, at],
      ))!.value,
  };
}

export function pgInbox(pool: pg.Pool): InboxOperations {
  return {
    add: (network, item, at) =>
      inTransaction(pool, async (db) => {
        const isNew =
          (await run(
            db,
            `INSERT INTO network_inbox (network, message_id, dedupe_key, document_type, mime_type, content, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (network, dedupe_key) DO NOTHING`,
            [network, item.messageId, item.dedupeKey, item.documentType, item.mimeType, item.content, item.receivedAt],
          )) === 1;
        if (isNew) for (const id of await documentsOfMessage(db, item.messageId)) await checkNow(db, id, at);
        return isNew;
      }),
    of: (network, messageId) =>
      rows<InboxItem>(
        pool,
        `SELECT message_id AS "messageId", dedupe_key AS "dedupeKey", document_type AS "documentType", mime_type AS "mimeType", content, received_at AS "receivedAt"
         FROM network_inbox WHERE network = $1 AND message_id = $2 ORDER BY seq`,
        [network, messageId],
      ),
  };
}
