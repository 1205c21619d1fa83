import type { Database } from './db.js';
import { OWNER, OWNER_JOIN } from './document-owner.js';

// The documents table family: every SQL statement about submitted documents.

export interface NewDocument {
  id: string;
  platformId: string;
  type: string;
  model: string;
  country: string;
  transactionType: string;
  documentType: string;
  /** The issuing entity: the document is its, and its merchant (now) reads it and takes its callbacks. */
  businessEntityId: string;
  bodySha256: string;
  body: string;
  requestId: string;
  createdAt: string;
  artifacts: readonly StoredArtifact[];
  status: { status: string; source: string; detail?: string | undefined };
  /** The cancellation of the document stored under the same key (Driver.voidsByResubmission). */
  voids?: boolean | undefined;
  /** A chained document (ChainSpec): `artifacts` are replaced by what the driver's link makes of `input` and the chain's head. */
  chain?: { driver: string; key: string; input: unknown } | undefined;
}

/** An artifact as stored: text, or base64 (`encoding`) for binary documents. */
export interface StoredArtifact {
  documentType: string;
  mimeType: string;
  content: string;
  encoding?: 'base64' | undefined;
}

/** The idempotency key: the issuing entity's, whichever key (the operator's, its merchant's) submits. */
export interface DocumentKey {
  businessEntityId: string;
  platformId: string;
  type: string;
  model: string;
  country: string;
}

export interface ExistingDocument {
  id: string;
  bodySha256: string;
  requestId: string;
  /** Its newest status: after FAILED the key takes a new document. */
  currentStatus: string;
}

/** A stored document as read back: its row, its artifacts in order and its status history. */
export type StoredDocument = Pick<
  NewDocument,
  'id' | 'platformId' | 'type' | 'model' | 'country' | 'transactionType' | 'documentType' | 'businessEntityId' | 'body' | 'createdAt'
> & {
  /** The merchant that has the issuing entity now ('' for none). */
  merchantId: string;
  artifacts: StoredArtifact[];
  statuses: StatusRecord[];
};

/** A document's identity and current status, for work that needs nothing more. */
export interface DocumentHead {
  id: string;
  platformId: string;
  type: string;
  model: string;
  country: string;
  businessEntityId: string;
  createdAt: string;
  currentStatus: string;
}

/** One entry of a document's status history; the JSON columns as stored. */
export interface StatusRecord {
  status: string;
  source: string;
  detail: string | null;
  errors: string | null;
  providerPayload: string | null;
  providerReferences: string | null;
  createdAt: string;
}

export function documentStatements(db: Database) {
  // The newest document under the key (there are several only when earlier ones FAILED).
  const findByKey = db.prepare<[string, string, string, string, string], ExistingDocument>(
    `SELECT d.id, d.body_sha256 AS bodySha256, d.request_id AS requestId,
            (SELECT s.status FROM document_statuses s WHERE s.document_id = d.id ORDER BY s.id DESC LIMIT 1) AS currentStatus
     FROM documents d WHERE d.platform_id = ? AND d.type = ? AND d.model = ? AND d.country = ? AND d.business_entity_id = ?
     ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
  );
  const insertDoc = db.prepare(
    `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
     VALUES (@id, @platformId, @type, @model, @country, @transactionType, @documentType, @businessEntityId, @bodySha256, @body, @requestId, @createdAt)`,
  );
  const insertArtifact = db.prepare(
    'INSERT INTO document_artifacts (document_id, seq, document_type, mime_type, content, encoding, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertStatus = db.prepare('INSERT INTO document_statuses (document_id, status, source, detail, created_at) VALUES (?, ?, ?, ?, ?)');
  // Every document is queued for transmission in its own transaction (DESIGN: side effects are rows).
  const queueTransmission = db.prepare("INSERT INTO transmissions (document_id, state, next_attempt_at, updated_at, request_id) VALUES (?, 'queued', ?, ?, ?)");
  const supersede = db.prepare(
    "UPDATE callbacks SET state = 'failed', last_error = ?, ended_at = ? WHERE document_id = ? AND state = 'pending'",
  );
  const getBody = db.prepare<[string], { body: string }>('SELECT body FROM documents WHERE id = ?');
  const getDoc = db.prepare<[string], Omit<StoredDocument, 'artifacts' | 'statuses'>>(
    `SELECT d.id, d.platform_id AS platformId, d.type, d.model, d.country, d.transaction_type AS transactionType, d.document_type AS documentType,
            d.business_entity_id AS businessEntityId, ${OWNER} AS merchantId, d.body, d.created_at AS createdAt FROM documents d ${OWNER_JOIN} WHERE d.id = ?`,
  );
  const getArtifacts = db.prepare<[string], StoredArtifact & { encoding: string }>(
    'SELECT document_type AS documentType, mime_type AS mimeType, content, encoding FROM document_artifacts WHERE document_id = ? ORDER BY seq',
  );
  const getStatuses = db.prepare<[string], StatusRecord>(
    `SELECT status, source, detail, errors, provider_payload AS providerPayload, provider_references AS providerReferences, created_at AS createdAt
     FROM document_statuses WHERE document_id = ? ORDER BY id`,
  );
  const getHead = db.prepare<[string], DocumentHead>(
    `SELECT d.id, d.platform_id AS platformId, d.type, d.model, d.country, d.business_entity_id AS businessEntityId, d.created_at AS createdAt,
            (SELECT s.status FROM document_statuses s WHERE s.document_id = d.id ORDER BY s.id DESC LIMIT 1) AS currentStatus
     FROM documents d WHERE d.id = ?`,
  );
  const getMerchant = db.prepare<[string], { merchantId: string }>(`SELECT ${OWNER} AS merchantId FROM documents d ${OWNER_JOIN} WHERE d.id = ?`);
  const getSubmitted = db.prepare<[string], { id: string; createdAt: string }>('SELECT id, created_at AS createdAt FROM documents WHERE id = ?');
  // The newest SUCCESS status with references of the entity's invoice of that number (documents_by_key).
  const getAccepted = db.prepare<[string, string, string, string], { refs: string }>(
    `SELECT s.provider_references AS refs FROM documents d JOIN document_statuses s ON s.document_id = d.id
     WHERE d.platform_id = ? AND d.type = 'INVOICE' AND d.model = ? AND d.country = ? AND d.business_entity_id = ?
       AND s.status = 'SUCCESS' AND s.provider_references IS NOT NULL
     ORDER BY s.id DESC LIMIT 1`,
  );
  return {
    findByKey: (k: DocumentKey) => findByKey.get(k.platformId, k.type, k.model, k.country, k.businessEntityId),
    /** The network's references on an invoice the network accepted (a corrective invoice names its KSeF number). */
    acceptedReferences(k: Omit<DocumentKey, 'type'>): { key: string; value: string }[] | undefined {
      const row = getAccepted.get(k.platformId, k.model, k.country, k.businessEntityId);
      return row && (JSON.parse(row.refs) as { key: string; value: string }[]);
    },
    /** The merchant that has the document's issuing entity now ('' for none); undefined when there is no such document. */
    merchantOf: (id: string) => getMerchant.get(id)?.merchantId,
    bodyOf: (id: string) => getBody.get(id)?.body,
    /** Document, artifacts, first status and transmission row; the caller wraps it in a transaction. */
    insert(d: NewDocument): void {
      const { artifacts, status, chain: _chain, voids: _voids, ...row } = d;
      insertDoc.run(row);
      artifacts.forEach((a, i) => insertArtifact.run(d.id, i + 1, a.documentType, a.mimeType, a.content, a.encoding ?? 'utf8', d.createdAt));
      insertStatus.run(d.id, status.status, status.source, status.detail ?? null, d.createdAt);
      queueTransmission.run(d.id, d.createdAt, d.createdAt, d.requestId);
    },
    /**
     * A FAILED document was submitted again as `by`: callbacks of the old one still waiting
     * for the platform end unsent, so a late FAILED never lands on the new submission (the
     * callback names the platform's document, not ours).
     */
    supersede: (id: string, by: string, at: string) => void supersede.run(`superseded by document ${by}`, at, id),
    /** The document's submission time and its status history, oldest first (for `/status`). */
    statusHistory(id: string): { id: string; createdAt: string; statuses: StatusRecord[] } | undefined {
      const doc = getSubmitted.get(id);
      return doc && { ...doc, statuses: getStatuses.all(id) };
    },
    /** Who the document is and where it stands, without its body, artifacts or history (tracking). */
    head: (id: string) => getHead.get(id),
    get(id: string): StoredDocument | undefined {
      const doc = getDoc.get(id);
      // Text artifacts read back exactly as they were given (no `encoding` key).
      const artifacts = getArtifacts.all(id).map(({ encoding, ...a }): StoredArtifact => (encoding === 'base64' ? { ...a, encoding: 'base64' } : a));
      return doc && { ...doc, artifacts, statuses: getStatuses.all(id) };
    },
  };
}

export type DocumentStatements = ReturnType<typeof documentStatements>;
