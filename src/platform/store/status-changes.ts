import type { Database } from './db.js';
import type { ProviderReference } from '../../spi/transport.js';

// Writing a document's next status: the status row, the related document it came with, and the
// callback that tells the platform, all in the caller's transaction, so the platform is never
// told of a status /status does not show and no status is ever left without its callback.


/** A document that arrived about one of ours (e.g. the buyer's Invoice Response) or left with it. */
export interface NewRelatedDocument {
  id: string;
  documentType: string;
  flow: 'INBOUND' | 'OUTBOUND';
  status: 'SUCCESS' | 'IN_PROGRESS' | 'FAILED';
  mimeType: string;
  content: string;
  payload?: unknown;
  references?: readonly ProviderReference[];
}

export interface StatusChange {
  documentId: string;
  status: string;
  /** Who reported it: `adapter`, or the transport's name (`sandbox`). */
  source: string;
  /** ISO 8601 UTC with milliseconds. */
  at: string;
  errors?: readonly { code: string; message: string; help_url?: string }[];
  /** The raw payload as the network or provider sent it, kept for audits. */
  payload?: unknown;
  references?: readonly ProviderReference[];
  related?: NewRelatedDocument;
  /** The form body to POST to the platform, and until when to try; absent when no callback is due. */
  /** `requestId`: the request whose work recorded the status (its log context), named on the worker's lines about the callback. */
  callback?: { path: string; body: string; expiresAt: string; requestId?: string | undefined };
}

export interface RelatedDocumentRow {
  id: string;
  documentId: string;
  documentType: string;
  mimeType: string;
  content: string;
  createdAt: string;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export function statusChangeStatements(db: Database) {
  const insertStatus = db.prepare(
    `INSERT INTO document_statuses (document_id, status, source, errors, provider_payload, provider_references, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRelated = db.prepare(
    `INSERT INTO related_documents (id, document_id, status_id, document_type, flow, status, mime_type, content, provider_payload, provider_references, created_at)
     VALUES (@id, @documentId, @statusId, @documentType, @flow, @status, @mimeType, @content, @payload, @references, @createdAt)`,
  );
  const insertCallback = db.prepare(
    'INSERT INTO callbacks (document_id, status_id, path, body, next_attempt_at, expires_at, created_at, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const getRelated = db.prepare<[string], RelatedDocumentRow>(
    `SELECT id, document_id AS documentId, document_type AS documentType, mime_type AS mimeType, content, created_at AS createdAt
     FROM related_documents WHERE id = ?`,
  );
  const relatedOfStatuses = db.prepare<[string], { id: string; documentType: string; flow: string; status: string; createdAt: string }>(
    `SELECT id, document_type AS documentType, flow, status, created_at AS createdAt FROM related_documents WHERE document_id = ? ORDER BY created_at, status_id, id`,
  );
  return {
    /** Records one status; the caller runs it inside its write transaction. Returns the status row id. */
    record(c: StatusChange): number {
      const errors = c.errors && c.errors.length > 0 ? JSON.stringify(c.errors) : null;
      const refs = c.references && c.references.length > 0 ? JSON.stringify(c.references) : null;
      const statusId = Number(insertStatus.run(c.documentId, c.status, c.source, errors, json(c.payload), refs, c.at).lastInsertRowid);
      if (c.related) {
        const r = c.related;
        insertRelated.run({
          id: r.id,
          documentId: c.documentId,
          statusId,
          documentType: r.documentType,
          flow: r.flow,
          status: r.status,
          mimeType: r.mimeType,
          content: r.content,
          payload: json(r.payload),
          references: r.references && r.references.length > 0 ? JSON.stringify(r.references) : null,
          createdAt: c.at,
        });
      }
      if (c.callback) insertCallback.run(c.documentId, statusId, c.callback.path, c.callback.body, c.at, c.callback.expiresAt, c.at, c.callback.requestId ?? null);
      return statusId;
    },
    related: (id: string) => getRelated.get(id),
    relatedOf: (documentId: string) => relatedOfStatuses.all(documentId),
  };
}

export type StatusChangeStatements = ReturnType<typeof statusChangeStatements>;
