import type pg from 'pg';
import type { ChainWrites, WriteOutcome } from '../submission-write.js';
import { decideKeyReading } from '../submission-write.js';
import type { DocumentHead, ExistingDocument, NewDocument, StatusRecord, StoredArtifact, StoredDocument } from '../documents.js';
import type { ChainHead } from '../chains.js';
import type { ChainOperations, DocumentOperations } from '../store.js';
import { OWNER, OWNER_JOIN } from '../document-owner.js';
import { inTransaction, row, rows, run, type Db } from './pg-db.js';

// Documents on PostgreSQL: the same reads as SQLite's documents.ts, and the submission write,
// which several processes may run at once for one key or one chain.

const CURRENT_STATUS = '(SELECT s.status FROM document_statuses s WHERE s.document_id = d.id ORDER BY s.id DESC LIMIT 1)';
const DOCUMENT_COLUMNS = `d.id, d.platform_id AS "platformId", d.type, d.model, d.country, d.transaction_type AS "transactionType", d.document_type AS "documentType",
  d.business_entity_id AS "businessEntityId", ${OWNER} AS "merchantId", d.body, d.created_at AS "createdAt"`;
const STATUS_NAMES = [
  ['status', 'status'],
  ['source', 'source'],
  ['detail', 'detail'],
  ['errors', 'errors'],
  ['providerPayload', 'provider_payload'],
  ['providerReferences', 'provider_references'],
  ['createdAt', 'created_at'],
];
const STATUS_COLUMNS = STATUS_NAMES.map(([name, column]) => `${column} AS "${name}"`).join(', ');
/** The same columns as json_build_object's arguments (`s` is the document_statuses row). */
const STATUS_FIELDS = STATUS_NAMES.map(([name, column]) => `'${name}', s.${column}`).join(', ');

async function statusesOf(db: Db, id: string): Promise<StatusRecord[]> {
  return rows<StatusRecord>(db, `SELECT ${STATUS_COLUMNS} FROM document_statuses WHERE document_id = $1 ORDER BY id`, [id]);
}

export function pgDocuments(pool: pg.Pool): DocumentOperations {
  return {
    findByKey: (k) =>
      row<ExistingDocument>(
        pool,
        `SELECT d.id, d.body_sha256 AS "bodySha256", d.request_id AS "requestId", ${CURRENT_STATUS} AS "currentStatus"
         FROM documents d WHERE d.platform_id = $1 AND d.type = $2 AND d.model = $3 AND d.country = $4 AND d.business_entity_id = $5
         ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
        [k.platformId, k.type, k.model, k.country, k.businessEntityId],
      ),
    async acceptedReferences(k) {
      const found = await row<{ refs: string }>(
        pool,
        `SELECT s.provider_references AS refs FROM documents d JOIN document_statuses s ON s.document_id = d.id
         WHERE d.platform_id = $1 AND d.type = 'INVOICE' AND d.model = $2 AND d.country = $3 AND d.business_entity_id = $4
           AND s.status = 'SUCCESS' AND s.provider_references IS NOT NULL
         ORDER BY s.id DESC LIMIT 1`,
        [k.platformId, k.model, k.country, k.businessEntityId],
      );
      return found && (JSON.parse(found.refs) as { key: string; value: string }[]);
    },
    merchantOf: async (id) => (await row<{ m: string }>(pool, `SELECT ${OWNER} AS m FROM documents d ${OWNER_JOIN} WHERE d.id = $1`, [id]))?.m,
    bodyOf: async (id) => (await row<{ body: string }>(pool, 'SELECT body FROM documents WHERE id = $1', [id]))?.body,
    async statusHistory(id) {
      const doc = await row<{ id: string; createdAt: string }>(pool, 'SELECT id, created_at AS "createdAt" FROM documents WHERE id = $1', [id]);
      return doc && { ...doc, statuses: await statusesOf(pool, id) };
    },
    head: (id) =>
      row<DocumentHead>(
        pool,
        `SELECT d.id, d.platform_id AS "platformId", d.type, d.model, d.country, d.business_entity_id AS "businessEntityId", d.created_at AS "createdAt",
                ${CURRENT_STATUS} AS "currentStatus" FROM documents d WHERE d.id = $1`,
        [id],
      ),
    // One query: the artifacts and the statuses as JSON arrays beside the document's row (text
    // columns read back from JSON exactly as they were stored).
    async get(id) {
      const doc = await row<Omit<StoredDocument, 'artifacts' | 'statuses'> & { artifacts: (StoredArtifact & { encoding: string })[]; statuses: StatusRecord[] }>(
        pool,
        `SELECT ${DOCUMENT_COLUMNS},
           (SELECT coalesce(json_agg(json_build_object('documentType', a.document_type, 'mimeType', a.mime_type, 'content', a.content, 'encoding', a.encoding) ORDER BY a.seq), '[]')
            FROM document_artifacts a WHERE a.document_id = d.id) AS artifacts,
           (SELECT coalesce(json_agg(json_build_object(${STATUS_FIELDS}) ORDER BY s.id), '[]')
            FROM document_statuses s WHERE s.document_id = d.id) AS statuses
         FROM documents d ${OWNER_JOIN} WHERE d.id = $1`,
        [id],
      );
      if (!doc) return undefined;
      // Text artifacts read back exactly as they were given (no `encoding` key).
      const artifacts = doc.artifacts.map(({ encoding, ...a }): StoredArtifact => (encoding === 'base64' ? { ...a, encoding: 'base64' } : a));
      return { ...doc, artifacts };
    },
  };
}

export function pgChains(pool: pg.Pool): ChainOperations {
  return {
    head: (key) => headOf(pool, key),
    links: (key) => rows<{ documentId: string; position: number }>(pool, 'SELECT document_id AS "documentId", position FROM chain_links WHERE chain_key = $1 ORDER BY position', [key]),
  };
}

async function headOf(db: Db, key: string, lock = false): Promise<ChainHead | undefined> {
  const found = await row<{ position: number; documentId: string | null; head: string | null }>(
    db,
    `SELECT position, document_id AS "documentId", head FROM chain_heads WHERE chain_key = $1${lock ? ' FOR UPDATE' : ''}`,
    [key],
  );
  return found && found.position > 0 && found.documentId !== null && found.head !== null ? { position: found.position, documentId: found.documentId, head: found.head } : undefined;
}

/**
 * Stores a submission unless its key is taken, across every process sharing the database: the
 * key is a row (submission_keys) that the first writer creates and every writer locks, so two
 * identical requests on two instances store one document. A key no one has used yet is stored
 * by one statement (storeNew); a key that exists, and a chained document, take the locking path.
 */
export async function pgWriteSubmission(pool: pg.Pool, d: NewDocument, chains: Pick<ChainWrites, 'linkOf'>): Promise<WriteOutcome> {
  if (!d.chain && (await storeNew(pool, d))) return { id: d.id, created: true };
  return lockedWrite(pool, d, chains);
}

/**
 * A new key's document in one statement, in autocommit: one round trip and one commit where the
 * locking path costs nine. The key row is inserted first (ON CONFLICT DO NOTHING) and every other
 * row is read off its RETURNING, so when the key exists nothing is written and the caller takes
 * the locking path. Two writers of one new key are decided by the key's unique index: the second
 * waits for the first's commit, inserts nothing, and finds the first's document. The key row
 * names its document at once (the foreign key is checked at the statement's end, when the
 * document exists). The rows are the ones insertDocument writes.
 */
async function storeNew(pool: pg.Pool, d: NewDocument): Promise<boolean> {
  const stored = await row<{ n: number }>(
    pool,
    `WITH k AS (
       INSERT INTO submission_keys (business_entity_id, platform_id, type, model, country, document_id)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING document_id),
     d AS (
       INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
       SELECT k.document_id, $2, $3, $4, $5, $7, $8, $1, $9, $10, $11, $12 FROM k RETURNING id),
     arts AS (
       INSERT INTO document_artifacts (document_id, seq, document_type, mime_type, content, encoding, created_at)
       SELECT d.id, a.seq, a.document_type, a.mime_type, a.content, a.encoding, $12
       FROM d, unnest($16::int[], $17::text[], $18::text[], $19::text[], $20::text[]) AS a(seq, document_type, mime_type, content, encoding)),
     s AS (
       INSERT INTO document_statuses (document_id, status, source, detail, created_at) SELECT d.id, $13, $14, $15::text, $12 FROM d),
     t AS (
       INSERT INTO transmissions (document_id, state, next_attempt_at, updated_at, request_id) SELECT d.id, 'queued', $12, $12, $11 FROM d)
     SELECT count(*)::int AS n FROM d`,
    [
      d.businessEntityId,
      d.platformId,
      d.type,
      d.model,
      d.country,
      d.id,
      d.transactionType,
      d.documentType,
      d.bodySha256,
      d.body,
      d.requestId,
      d.createdAt,
      d.status.status,
      d.status.source,
      d.status.detail ?? null,
      ...artifactColumns(d),
    ],
  );
  return stored!.n === 1;
}

/**
 * The key's row locked for the rest of the transaction, then the key's rule (the same body, a
 * conflict, a resubmission after FAILED, a cancellation). A chained document locks its chain's
 * head row (created empty on first use) before it reads it, so two instances never fork a chain.
 */
async function lockedWrite(pool: pg.Pool, d: NewDocument, chains: Pick<ChainWrites, 'linkOf'>): Promise<WriteOutcome> {
  return inTransaction(pool, async (db) => {
    const key = [d.businessEntityId, d.platformId, d.type, d.model, d.country];
    await run(db, 'INSERT INTO submission_keys (business_entity_id, platform_id, type, model, country) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', key);
    const held = await row<{ documentId: string | null }>(
      db,
      'SELECT document_id AS "documentId" FROM submission_keys WHERE business_entity_id = $1 AND platform_id = $2 AND type = $3 AND model = $4 AND country = $5 FOR UPDATE',
      key,
    );
    const existing = held?.documentId
      ? await row<ExistingDocument>(
          db,
          `SELECT d.id, d.body_sha256 AS "bodySha256", d.request_id AS "requestId", ${CURRENT_STATUS} AS "currentStatus" FROM documents d WHERE d.id = $1`,
          [held.documentId],
        )
      : undefined;
    const bodyOf = async (id: string) => (await row<{ body: string }>(db, 'SELECT body FROM documents WHERE id = $1', [id]))?.body;
    const decision = await decideKeyReading(bodyOf, existing, { sha: d.bodySha256, body: d.body, voids: !!d.voids });
    if (decision.kind === 'same') return { id: decision.id, created: false };
    if (decision.kind === 'conflict') return { conflictWith: decision.id };
    if (decision.supersedes) {
      await run(db, "UPDATE callbacks SET state = 'failed', last_error = $1, ended_at = $2 WHERE document_id = $3 AND state = 'pending'", [
        `superseded by document ${d.id}`,
        d.createdAt,
        decision.supersedes,
      ]);
    }
    let artifacts = d.artifacts;
    let chained: { key: string; head: string } | undefined;
    if (d.chain) {
      const { driver, key: chainKey, input } = d.chain;
      const link = chains.linkOf(driver);
      if (!link) throw new Error(`no chain step for driver ${driver} in this store`);
      await run(db, 'INSERT INTO chain_heads (chain_key, position, updated_at) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING', [chainKey, d.createdAt]);
      const before = await headOf(db, chainKey, true);
      const linked = link(input, before ? (JSON.parse(before.head) as unknown) : undefined);
      artifacts = linked.artifacts;
      chained = { key: chainKey, head: JSON.stringify(linked.head) };
    }
    await insertDocument(db, { ...d, artifacts });
    if (chained) {
      const { position } = (await row<{ position: number }>(
        db,
        'UPDATE chain_heads SET position = position + 1, document_id = $2, head = $3, updated_at = $4 WHERE chain_key = $1 RETURNING position',
        [chained.key, d.id, chained.head, d.createdAt],
      ))!;
      await run(db, 'INSERT INTO chain_links (document_id, chain_key, position) VALUES ($1, $2, $3)', [d.id, chained.key, position]);
    }
    await run(db, 'UPDATE submission_keys SET document_id = $6 WHERE business_entity_id = $1 AND platform_id = $2 AND type = $3 AND model = $4 AND country = $5', [...key, d.id]);
    return { id: d.id, created: true };
  });
}

async function insertDocument(db: Db, d: NewDocument): Promise<void> {
  await run(
    db,
    `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [d.id, d.platformId, d.type, d.model, d.country, d.transactionType, d.documentType, d.businessEntityId, d.bodySha256, d.body, d.requestId, d.createdAt],
  );
  if (d.artifacts.length > 0) {
    await run(
      db,
      `INSERT INTO document_artifacts (document_id, seq, document_type, mime_type, content, encoding, created_at)
       SELECT $1, a.seq, a.document_type, a.mime_type, a.content, a.encoding, $2
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS a(seq, document_type, mime_type, content, encoding)`,
      [d.id, d.createdAt, ...artifactColumns(d)],
    );
  }
  await run(db, 'INSERT INTO document_statuses (document_id, status, source, detail, created_at) VALUES ($1, $2, $3, $4, $5)', [d.id, d.status.status, d.status.source, d.status.detail ?? null, d.createdAt]);
  await run(db, "INSERT INTO transmissions (document_id, state, next_attempt_at, updated_at, request_id) VALUES ($1, 'queued', $2, $2, $3)", [d.id, d.createdAt, d.requestId]);
}

/** The artifacts as the columns of an unnest: seq, document_type, mime_type, content, encoding. */
function artifactColumns(d: NewDocument): [number[], string[], string[], string[], string[]] {
  return [
    d.artifacts.map((_, i) => i + 1),
    d.artifacts.map((a) => a.documentType),
    d.artifacts.map((a) => a.mimeType),
    d.artifacts.map((a) => a.content),
    d.artifacts.map((a) => a.encoding ?? 'utf8'),
  ];
}
