import { canonicalJson } from '../json-canonical.js';
import type { DocumentStatements, NewDocument } from './documents.js';

/** What storing a submission came to: a new row, the same document already stored, or a conflict. */
export type WriteOutcome = { id: string; created: boolean } | { conflictWith: string };

/**
 * Stores a prepared submission unless its key (id, type, model, country) is taken. Run inside
 * an IMMEDIATE transaction, so the lookup sees every committed writer. The same body again (byte
 * equal, or equal once keys are sorted) is the stored document; any other body is a conflict.
 * A key whose newest document FAILED is free again: the platform resubmits after fixing it.
 */
export function writeSubmission(statements: DocumentStatements, row: NewDocument): WriteOutcome {
  const existing = statements.findByKey(row);
  if (!existing || isResubmittable(existing)) {
    if (existing) statements.supersede(existing.id, row.id, row.createdAt);
    statements.insert(row);
    return { id: row.id, created: true };
  }
  return sameBody(statements, existing, row.bodySha256, row.body) ? { id: existing.id, created: false } : { conflictWith: existing.id };
}

/** Byte-equal JSON is the fast answer; otherwise key order and whitespace are ignored. */
export function sameBody(statements: DocumentStatements, existing: { id: string; bodySha256: string }, sha: string, bodyText: string): boolean {
  if (existing.bodySha256 === sha) return true;
  const stored = statements.bodyOf(existing.id);
  return stored !== undefined && canonicalJson(JSON.parse(stored)) === canonicalJson(JSON.parse(bodyText));
}

/** The adapter gave up on the document, so its key may carry a new submission (SPI: FAILED is final). */
export const isResubmittable = (existing: { currentStatus: string }) => existing.currentStatus === 'FAILED';
