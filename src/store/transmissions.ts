import type { Database } from './db.js';

// The dispatcher's queue: one row per document (written with the document), see migration 004.

export interface TransmissionRow {
  documentId: string;
  state: 'queued' | 'sent';
  attempts: number;
  messageId: string | null;
  /** JSON of what the network needs to track the message (the transport's envelope). */
  envelope: string | null;
  sentAt: string | null;
  eventsSeen: number;
  createdAt: string;
}

/** How a status recording advances the document's transmission (in the same transaction). */
export type TransmissionStep =
  | { kind: 'failed'; documentId: string; error: string; at: string }
  | { kind: 'tracked'; documentId: string; eventsSeen: number; done: boolean; nextAt: string; at: string };

export function transmissionStatements(db: Database) {
  const due = db.prepare<[string, number], TransmissionRow>(
    `SELECT t.document_id AS documentId, t.state, t.attempts, t.message_id AS messageId, t.envelope, t.sent_at AS sentAt,
            t.events_seen AS eventsSeen, d.created_at AS createdAt
     FROM transmissions t JOIN documents d ON d.id = t.document_id
     WHERE t.state IN ('queued', 'sent') AND t.next_attempt_at <= ? ORDER BY t.next_attempt_at LIMIT ?`,
  );
  const nextDue = db.prepare<[], { at: string | null }>("SELECT min(next_attempt_at) AS at FROM transmissions WHERE state IN ('queued', 'sent')");
  const sent = db.prepare(
    "UPDATE transmissions SET state = 'sent', attempts = attempts + 1, message_id = ?, envelope = ?, sent_at = ?, next_attempt_at = ?, last_error = NULL, updated_at = ? WHERE document_id = ?",
  );
  const retry = db.prepare('UPDATE transmissions SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE document_id = ?');
  const tracked = db.prepare('UPDATE transmissions SET events_seen = ?, state = ?, next_attempt_at = ?, last_error = NULL, updated_at = ? WHERE document_id = ?');
  const failed = db.prepare("UPDATE transmissions SET state = 'failed', attempts = attempts + 1, last_error = ?, updated_at = ? WHERE document_id = ?");
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
    due: (now: string, limit: number) => due.all(now, limit),
    nextDueAt: () => nextDue.get()?.at ?? undefined,
    state: (documentId: string) => getState.get(documentId),
    sent: (documentId: string, messageId: string, envelope: string, at: string, nextAt: string) => void sent.run(messageId, envelope, at, nextAt, at, documentId),
    retryLater: (documentId: string, nextAt: string, error: string, at: string) => void retry.run(nextAt, error, at, documentId),
    step(s: TransmissionStep): void {
      if (s.kind === 'failed') failed.run(s.error, s.at, s.documentId);
      else tracked.run(s.eventsSeen, s.done ? 'done' : 'sent', s.nextAt, s.at, s.documentId);
    },
  };
}

export type TransmissionStatements = ReturnType<typeof transmissionStatements>;
