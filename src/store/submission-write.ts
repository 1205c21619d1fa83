import type { ChainSpec } from '../driver/types.js';
import { canonicalJson } from '../json-canonical.js';
import type { ChainStatements } from './chains.js';
import type { DocumentStatements, NewDocument } from './documents.js';

/** The chain step of a write: the chain tables and each chained driver's `link`, by model. */
export interface ChainWrites {
  statements: ChainStatements;
  linkOf(model: string): ChainSpec['link'] | undefined;
}

/** What storing a submission came to: a new row, the same document already stored, or a conflict. */
export type WriteOutcome = { id: string; created: boolean } | { conflictWith: string };

/**
 * Stores a prepared submission unless its key (id, type, model, country) is taken. Run inside
 * an IMMEDIATE transaction, so the lookup sees every committed writer. The same body again (byte
 * equal, or equal once keys are sorted) is the stored document; any other body is a conflict.
 * A key whose newest document FAILED is free again: the platform resubmits after fixing it.
 */
export function writeSubmission(statements: DocumentStatements, row: NewDocument, chains?: ChainWrites): WriteOutcome {
  const existing = statements.findByKey(row);
  const voiding = !!existing && !!row.voids && !isVoid(statements, existing.id);
  if (!existing || isResubmittable(existing) || voiding) {
    if (existing && !voiding) statements.supersede(existing.id, row.id, row.createdAt);
    if (!row.chain) {
      statements.insert(row);
    } else {
      // Read the head, link, store the document, advance the head: one transaction (the caller's).
      const { model, key, input } = row.chain;
      const link = chains?.linkOf(model);
      if (!chains || !link) throw new Error(`no chain step for model ${model} in this store`);
      const before = chains.statements.head(key);
      const linked = link(input, before ? (JSON.parse(before.head) as unknown) : undefined);
      statements.insert({ ...row, artifacts: linked.artifacts });
      chains.statements.append(key, row.id, JSON.stringify(linked.head), row.createdAt);
    }
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

/** Whether the stored document is itself a cancellation (its body has status VOIDED). */
export function isVoid(statements: Pick<DocumentStatements, 'bodyOf'>, id: string): boolean {
  const body = statements.bodyOf(id);
  return body !== undefined && (JSON.parse(body) as { status?: unknown }).status === 'VOIDED';
}
