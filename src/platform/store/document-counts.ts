import { CURRENT_STATUS, uuidv7Floor } from './document-search.js';
import type { OutboxSql } from './outbox.js';

// The console's overview counts the documents of the last hours by driver and current status
// (issue 46). Written once, run by both stores through their OutboxSql. Only the documents made
// since then are read: ids are UUIDv7, so "since" is a range of the primary key (or, for a
// merchant's entities, of the index by entity), never the whole table; each document's current
// status is its newest status row, read through the statuses' index.

export interface DocumentCount {
  model: string;
  status: string;
  count: number;
}

export interface DocumentCountFilter {
  /** Documents created at or after this ISO time. */
  since: string;
  /** Only documents of these entities (a merchant's); an empty list counts nothing. */
  entities?: readonly string[] | undefined;
}

export async function countDocuments(sql: OutboxSql, f: DocumentCountFilter): Promise<DocumentCount[]> {
  if (f.entities && f.entities.length === 0) return [];
  const values: unknown[] = [uuidv7Floor(f.since), f.since];
  const where = [`d.id >= ${sql.mark(1)}`, `d.created_at >= ${sql.mark(2)}`];
  if (f.entities) {
    values.push(JSON.stringify(f.entities));
    where.push(`d.business_entity_id ${sql.inJson(3)}`);
  }
  const rows = await sql.all<{ model: string; status: string; count: number | string }>(
    `SELECT model, status, count(*) AS count FROM (SELECT d.model, ${CURRENT_STATUS} AS status FROM documents d WHERE ${where.join(' AND ')}) AS recent
     GROUP BY model, status ORDER BY model, status`,
    values,
  );
  // PostgreSQL's count is a bigint, which its driver hands over as text.
  return rows.map((r) => ({ model: r.model, status: r.status, count: Number(r.count) }));
}
