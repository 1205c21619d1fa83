import { createHash, randomUUID } from 'node:crypto';
import type { ConfigFile } from '../../config/config-file-schema.js';
import { errorsOf, issueMessage } from '../../driver/issues.js';
import type { DriverRegistry } from '../../driver/registry.js';
import { SpiError } from '../../http/errors.js';
import type { ExistingDocument } from '../../store/documents.js';
import type { Store } from '../../store/store.js';
import { intake, parseEnvelope } from './intake.js';

export interface SubmitDeps {
  config: ConfigFile;
  drivers: DriverRegistry;
  store: Store;
  clock: () => Date;
}

export interface SubmissionResult {
  document_id: string;
  status: 'ACCEPTED';
  request_id: string;
}

/**
 * POST /einvoicing/documents: validate, render, and store document + artifacts + first status
 * in one transaction. The SPI's idempotency key is (id, type, model, country): the same body
 * again answers the stored document_id and stores nothing; a different body is a 400.
 */
export async function submitDocument(body: unknown, deps: SubmitDeps, requestId: string): Promise<SubmissionResult> {
  const envelope = parseEnvelope(body);
  const key: Key = { platformId: envelope.id, type: envelope.type, model: envelope.model, country: envelope.country };
  const bodyText = JSON.stringify(body);
  const sha = createHash('sha256').update(bodyText).digest('hex');
  const same = (existing: ExistingDocument) => sameBodyOrThrow(existing, sha, body, key, deps);
  // A resubmission answers what was stored, even if configuration changed since.
  const existing = deps.store.documents.findByKey(key);
  if (existing) return { document_id: same(existing), status: 'ACCEPTED', request_id: requestId };
  const { doc, driver, ctx, transactionType, documentType, issues } = intake(body, deps.config, deps.drivers);
  const errors = errorsOf(issues);
  if (errors.length > 0) throw new SpiError(400, errors.map((i) => ({ code: i.kind, message: issueMessage(i) })));
  const now = deps.clock();
  const id = randomUUID();
  const artifacts = driver.render(doc, { ...ctx, now, documentId: id });
  const warnings = issues.filter((i) => i.severity === 'warning');
  const documentId = await deps.store.writes.run(() => {
    // Two identical requests in one group commit: the second finds the first's row here.
    const again = deps.store.documents.findByKey(key);
    if (again) return same(again);
    deps.store.documents.insert({
      id,
      ...key,
      transactionType,
      documentType,
      businessEntityId: ctx.entity.id,
      bodySha256: sha,
      body: bodyText,
      requestId,
      createdAt: now.toISOString(),
      artifacts,
      status: { status: 'ACCEPTED', source: 'adapter', detail: warnings.length > 0 ? JSON.stringify(warnings) : undefined },
    });
    return id;
  });
  return { document_id: documentId, status: 'ACCEPTED', request_id: requestId };
}

type Key = { platformId: string; type: string; model: string; country: string };

/**
 * The same document again? Byte-identical JSON is the fast answer; otherwise the stored body
 * is compared with key order and whitespace ignored, so a re-serialized body still matches.
 */
function sameBodyOrThrow(existing: ExistingDocument, sha: string, body: unknown, key: Key, deps: SubmitDeps): string {
  if (existing.bodySha256 === sha) return existing.id;
  const stored = deps.store.documents.bodyOf(existing.id);
  if (stored !== undefined && canonicalJson(JSON.parse(stored)) === canonicalJson(body)) return existing.id;
  throw SpiError.one(400, 'INVALID_DATA', `id: ${key.type} ${key.platformId} (${key.model}, ${key.country}) was already submitted as document ${existing.id} with a different body; submit a correction under a new id`);
}

/** JSON with object keys sorted: equal for documents that differ only in key order. */
function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonicalJson(v[i]);
    return `${out}]`;
  }
  const keys = Object.keys(v).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out += `${i ? ',' : ''}${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`;
  }
  return `${out}}`;
}
