import { OWNER, OWNER_JOIN } from './document-owner.js';
import type { DocumentHead } from './documents.js';
import type { OutboxPage, OutboxSql } from './outbox.js';

// The documents as the console lists them (issue 46): newest first, a page at a time, filtered by
// what people search with. Written once, run by both stores through their OutboxSql. The newest
// first is the id's order: ids are UUIDv7, time-ordered, so the primary key pages them and a
// date bound is a bound on the key's range; the entity filter has its own index (migration 18).

export interface DocumentSearch {
  /** The adapter's document id, exact. */
  id?: string | undefined;
  /** The platform's id (the invoice or credit note number), exact. */
  platformId?: string | undefined;
  businessEntityId?: string | undefined;
  /** Documents whose entity this merchant has now. */
  merchant?: string | undefined;
  /** The driver (the document's model). */
  model?: string | undefined;
  /** The current status. */
  status?: string | undefined;
  /** Created at or after / before these ISO times. */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  limit: number;
  /** The `next` of the page before: the last id it showed. */
  before?: string | undefined;
}

export type DocumentListItem = DocumentHead & { merchantId: string };

const CURRENT_STATUS = '(SELECT s.status FROM document_statuses s WHERE s.document_id = d.id ORDER BY s.id DESC LIMIT 1)';

export async function searchDocuments(sql: OutboxSql, f: DocumentSearch): Promise<OutboxPage<DocumentListItem>> {
  const values: unknown[] = [];
  const where: string[] = [];
  const add = (expr: (mark: string) => string, value: unknown) => {
    if (value === undefined || value === '') return;
    values.push(value);
    where.push(expr(sql.mark(values.length)));
  };
  add((m) => `d.id = ${m}`, f.id);
  add((m) => `d.platform_id = ${m}`, f.platformId);
  add((m) => `d.business_entity_id = ${m}`, f.businessEntityId);
  add((m) => `d.business_entity_id IN (SELECT id FROM business_entities WHERE merchant_id = ${m})`, f.merchant);
  add((m) => `d.model = ${m}`, f.model);
  add((m) => `d.created_at >= ${m}`, f.createdFrom);
  add((m) => `d.created_at < ${m}`, f.createdBefore);
  add((m) => `d.id < ${m}`, f.before);
  add((m) => `${CURRENT_STATUS} = ${m}`, f.status);
  values.push(f.limit + 1);
  const rows = await sql.all<DocumentListItem>(
    `SELECT d.id, d.platform_id AS "platformId", d.type, d.model, d.country, d.business_entity_id AS "businessEntityId", d.created_at AS "createdAt",
            ${OWNER} AS "merchantId", ${CURRENT_STATUS} AS "currentStatus"
     FROM documents d ${OWNER_JOIN}
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY d.id DESC LIMIT ${sql.mark(values.length)}`,
    values,
  );
  const more = rows.length > f.limit;
  const items = more ? rows.slice(0, f.limit) : rows;
  return more ? { items, next: items[items.length - 1]!.id } : { items };
}
