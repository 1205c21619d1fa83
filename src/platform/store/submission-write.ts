import type { ChainSpec } from '../../spi/driver.js';
import { canonicalJson } from '../../lib/json-canonical.js';
import type { ChainStatements } from './chains.js';
import type { DocumentStatements, ExistingDocument, NewDocument } from './documents.js';

/** The chain step of a write: the chain tables and each chained driver's `link`, by driver id. */
export interface ChainWrites {
  statements: ChainStatements;
  linkOf(driver: string): ChainSpec['link'] | undefined;
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
  const decision = decideKey(statements, statements.findByKey(row), { sha: row.bodySha256, body: row.body, voids: !!row.voids });
  if (decision.kind === 'same') return { id: decision.id, created: false };
  if (decision.kind === 'conflict') return { conflictWith: decision.id };
  if (decision.supersedes) statements.supersede(decision.supersedes, row.id, row.createdAt);
  if (!row.chain) {
    statements.insert(row);
  } else {
    // Read the head, link, store the document, advance the head: one transaction (the caller's).
    const { driver, key, input } = row.chain;
    const link = chains?.linkOf(driver);
    if (!chains || !link) throw new Error(`no chain step for driver ${driver} in this store`);
    const before = chains.statements.head(key);
    const linked = link(input, before ? (JSON.parse(before.head) as unknown) : undefined);
    statements.insert({ ...row, artifacts: linked.artifacts });
    chains.statements.append(key, row.id, JSON.stringify(linked.head), row.createdAt);
  }
  return { id: row.id, created: true };
}

/** What a submission is, given the newest document under its key. */
export type KeyDecision = { kind: 'new'; supersedes?: string | undefined } | { kind: 'same'; id: string } | { kind: 'conflict'; id: string };

/**
 * The key's rule, the same for the early answer and for the write: no document yet → a new one;
 * the newest FAILED → a new one that supersedes it; the same body → that document; a VOIDED body
 * for a driver that cancels by resubmission → a new one (once: not after another void); any other
 * body → a conflict.
 */
export function decideKey(
  statements: Pick<DocumentStatements, 'bodyOf'>,
  existing: ExistingDocument | undefined,
  incoming: { sha: string; body: string; voids: boolean },
): KeyDecision {
  if (!existing) return { kind: 'new' };
  if (existing.currentStatus === 'FAILED') return { kind: 'new', supersedes: existing.id };
  if (sameBody(statements, existing, incoming.sha, incoming.body)) return { kind: 'same', id: existing.id };
  if (incoming.voids && !isVoid(statements, existing.id)) return { kind: 'new' };
  return { kind: 'conflict', id: existing.id };
}

/** The same rule where the stored body is read asynchronously: only when the hashes differ or the submission cancels. */
export async function decideKeyReading(
  bodyOf: (id: string) => Promise<string | undefined>,
  existing: ExistingDocument | undefined,
  incoming: { sha: string; body: string; voids: boolean },
): Promise<KeyDecision> {
  const stored = existing && (existing.bodySha256 !== incoming.sha || incoming.voids) ? await bodyOf(existing.id) : undefined;
  return decideKey({ bodyOf: () => stored }, existing, incoming);
}

/** Byte-equal JSON is the fast answer; otherwise key order and whitespace are ignored. */
export function sameBody(statements: Pick<DocumentStatements, 'bodyOf'>, existing: { id: string; bodySha256: string }, sha: string, bodyText: string): boolean {
  if (existing.bodySha256 === sha) return true;
  const stored = statements.bodyOf(existing.id);
  return stored !== undefined && canonicalJson(JSON.parse(stored)) === canonicalJson(JSON.parse(bodyText));
}

/** Whether the stored document is itself a cancellation (its body has status VOIDED). */
export function isVoid(statements: Pick<DocumentStatements, 'bodyOf'>, id: string): boolean {
  const body = statements.bodyOf(id);
  return body !== undefined && (JSON.parse(body) as { status?: unknown }).status === 'VOIDED';
}
