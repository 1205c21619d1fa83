import { OWNER, OWNER_JOIN } from './document-owner.js';
import type { DocumentHead } from './documents.js';
import type { OutboxPage, OutboxSql } from './outbox.js';

// The documents as the console lists them (issue 46): newest first, a page at a time, filtered by
// what people search with. Written once, run by both stores through their OutboxSql. The newest
// first is the id's order: ids are UUIDv7 (since issue 3), time-ordered, so the primary key pages
// them and a date is a range of it (a document of an older install with a random UUID is found
// by the other fields, not by date). Scoped to
// entities (a merchant's), each entity is read through its own index range (entity, id), newest
// first, and the ranges merged: never every document of a merchant sorted. The current status is
// not a column: a status filter looks at STATUS_WINDOW documents at a time and says where it
// stopped, so no search reads the whole table at once.

export interface DocumentSearch {
  /** The adapter's document id, exact. */
  id?: string | undefined;
  /** The platform's id (the invoice or credit note number), exact. */
  platformId?: string | undefined;
  /** Only documents of these entities (a merchant's, live or removed); an empty list finds nothing. */
  entities?: readonly string[] | undefined;
  /** The driver (the document's model). */
  model?: string | undefined;
  /** The current status. */
  status?: string | undefined;
  /** Created at or after / before these ISO times. */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  limit: number;
  /** The `next` of the page before: the last id it showed, or looked at. */
  before?: string | undefined;
}

export type DocumentListItem = DocumentHead & { merchantId: string };

/** A page, and whether a status filter stopped at its window before the page was full. */
export type DocumentPage = OutboxPage<DocumentListItem> & { windowEnded?: boolean };

/** Documents a status filter looks at per page. */
export const STATUS_WINDOW = 2500;

export const CURRENT_STATUS = '(SELECT s.status FROM document_statuses s WHERE s.document_id = d.id ORDER BY s.id DESC LIMIT 1)';
const COLUMNS = `d.id, d.platform_id AS "platformId", d.type, d.model, d.country, d.business_entity_id AS "businessEntityId", d.created_at AS "createdAt",
  ${OWNER} AS "merchantId", ${CURRENT_STATUS} AS "currentStatus"`;

/** The smallest UUIDv7 (as text) made at or after this ISO time: its 48-bit millisecond prefix. */
export function uuidv7Floor(iso: string): string {
  const hex = Math.max(0, Date.parse(iso)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

export async function searchDocuments(sql: OutboxSql, f: DocumentSearch): Promise<DocumentPage> {
  if (f.entities && f.entities.length === 0) return { items: [] };
  const values: unknown[] = [];
  const mark = (value: unknown) => {
    values.push(value);
    return sql.mark(values.length);
  };
  // Built again for each arm: SQLite's `?` takes the values in order, so each arm binds its own.
  const conditions = () => {
    const where: string[] = [];
    if (f.id !== undefined) where.push(`d.id = ${mark(f.id)}`);
    if (f.platformId !== undefined) where.push(`d.platform_id = ${mark(f.platformId)}`);
    if (f.model !== undefined) where.push(`d.model = ${mark(f.model)}`);
    // A date bound is also a bound on the id (UUIDv7: its first 48 bits are the creation time in
    // ms), so a day is read as a range of the key instead of the whole table.
    if (f.createdFrom !== undefined) where.push(`d.id >= ${mark(uuidv7Floor(f.createdFrom))}`, `d.created_at >= ${mark(f.createdFrom)}`);
    if (f.createdBefore !== undefined) where.push(`d.id < ${mark(uuidv7Floor(f.createdBefore))}`, `d.created_at < ${mark(f.createdBefore)}`);
    if (f.before !== undefined) where.push(`d.id < ${mark(f.before)}`);
    return where;
  };
  const take = f.status !== undefined ? STATUS_WINDOW : f.limit + 1;
  const arm = (entity?: string) => {
    const where = conditions();
    if (entity !== undefined) where.push(`d.business_entity_id = ${mark(entity)}`);
    return `SELECT ${COLUMNS} FROM documents d ${OWNER_JOIN} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.id DESC LIMIT ${mark(take)}`;
  };
  const text = f.entities
    ? `SELECT * FROM (${f.entities.map((e, i) => `SELECT * FROM (${arm(e)}) AS e${i}`).join(' UNION ALL ')}) AS merged ORDER BY id DESC LIMIT ${mark(take)}`
    : arm();
  const rows = await sql.all<DocumentListItem>(text, values);
  if (f.status === undefined) {
    const more = rows.length > f.limit;
    const items = more ? rows.slice(0, f.limit) : rows;
    return more ? { items, next: items[items.length - 1]!.id } : { items };
  }
  const matching = rows.filter((r) => r.currentStatus === f.status);
  if (matching.length > f.limit) return { items: matching.slice(0, f.limit), next: matching[f.limit - 1]!.id };
  // The window ended before the page filled: the next page looks further back from where it stopped.
  return rows.length === STATUS_WINDOW ? { items: matching, next: rows[rows.length - 1]!.id, windowEnded: true } : { items: matching };
}
