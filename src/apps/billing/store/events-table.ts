import type { Database } from '../../../platform/store/db.js';
import type { WebhookStatus } from '../events/event-types.js';
import { conditionSql, type Condition } from './resource-table.js';

// The event log. Rows are written once (in the transaction of the change they record); only
// `webhook_status` and `webhooks` move afterwards, as deliveries end. Lists are ordered by
// (occurred_at, seq) and continue after a cursor of both, so a page is stable while events
// are added and ties within one second keep their order.

export interface EventRow {
  id: string;
  occurred_at: number;
  event_type: string;
  source: string;
  webhook_status: WebhookStatus;
  /** `[{id, webhook_status, object: 'webhook'}]` as JSON. */
  webhooks: string;
  /** The event without webhook_status and webhooks, as JSON. */
  data: string;
}

export interface EventCursor {
  occurredAt: number;
  seq: number;
}

export interface EventListQuery {
  conditions: readonly Condition[];
  limit: number;
  order: 'asc' | 'desc';
  cursor?: EventCursor;
}

/** Columns with an index of their own (each ending in occurred_at, the list's order). */
const INDEXED = ['event_type', 'source', 'webhook_status'];
const COLUMNS = new Set(['id', 'occurred_at', ...INDEXED]);

export function eventsTable(db: Database) {
  const insert = db.prepare('INSERT INTO events (id, occurred_at, event_type, source, webhook_status, webhooks, data) VALUES (@id, @occurred_at, @event_type, @source, @webhook_status, @webhooks, @data)');
  const get = db.prepare<[string], EventRow>('SELECT id, occurred_at, event_type, source, webhook_status, webhooks, data FROM events WHERE id = ?');
  const setWebhooks = db.prepare('UPDATE events SET webhook_status = ?, webhooks = ? WHERE id = ?');
  const statements = new Map<string, ReturnType<Database['prepare']>>();
  return {
    insert: (row: EventRow) => void insert.run(row),
    get: (id: string) => get.get(id),
    setWebhooks: (id: string, status: WebhookStatus, webhooks: string) => void setWebhooks.run(status, webhooks, id),
    list(q: EventListQuery): { rows: EventRow[]; next?: EventCursor } {
      const params: Record<string, unknown> = { take: q.limit + 1 };
      const indexed = chooseIndexed(q.conditions);
      const where = q.conditions.map((c, i) => {
        if (!COLUMNS.has(c.column)) throw new Error(`events cannot be filtered on ${c.column}`);
        if (c.column === 'id' && c.op === 'starts_with') return idPrefix(String(c.value), `p${i}`, params, c !== indexed);
        return conditionSql(c, `p${i}`, params, c !== indexed && c.column !== 'occurred_at');
      });
      const desc = q.order === 'desc';
      if (q.cursor) {
        where.push(`(occurred_at, seq) ${desc ? '<' : '>'} (@at, @seq)`);
        params.at = q.cursor.occurredAt;
        params.seq = q.cursor.seq;
      }
      const dir = desc ? 'DESC' : 'ASC';
      const sql = `SELECT seq, id, occurred_at, event_type, source, webhook_status, webhooks, data FROM events${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY occurred_at ${dir}, seq ${dir} LIMIT @take`;
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        if (statements.size < 500) statements.set(sql, stmt);
      }
      const rows = stmt.all(params) as (EventRow & { seq: number })[];
      const more = rows.length > q.limit;
      const page = more ? rows.slice(0, q.limit) : rows;
      const last = page[page.length - 1];
      return { rows: page, ...(more && last && { next: { occurredAt: last.occurred_at, seq: last.seq } }) };
    },
  };
}

export type EventsTable = ReturnType<typeof eventsTable>;

/**
 * The one equality SQLite may take an index for; every other filter is written `+column`.
 * An `is` on an indexed column walks that column's (column, occurred_at) index already in the
 * list's order. Without one, an id prefix seeks the id index (its few rows are then sorted);
 * else the time index serves the order and the filters are checked row by row: an `in` of two
 * types would otherwise make SQLite gather and sort every matching row.
 */
function chooseIndexed(conditions: readonly Condition[]): Condition | undefined {
  return conditions.find((c) => c.op === 'is' && INDEXED.includes(c.column)) ?? conditions.find((c) => c.column === 'id' && c.op === 'starts_with');
}

/**
 * `id[starts_with]` as a range of the id index (ids from `prefix` up to `prefix` followed by the
 * highest code point), which SQLite can seek, instead of testing every row's prefix.
 */
function idPrefix(prefix: string, name: string, params: Record<string, unknown>, filterOnly: boolean): string {
  params[`${name}a`] = prefix;
  params[`${name}b`] = `${prefix}\u{10FFFF}`;
  const col = filterOnly ? '+id' : 'id';
  return `${col} >= @${name}a AND ${col} < @${name}b`;
}
