import type { Database } from '../../../platform/store/db.js';

// One table of resources kept as JSON (see migrations/001-billing.ts). Every statement about
// such a table is built here from the table's name and its lookup columns, which are fixed
// identifiers from the code, never from a request; values are always bound parameters.

export interface Page<T> {
  items: T[];
  /** The seq of the last row shown, where the next page continues; absent on the last page. */
  nextSeq?: number;
}

/** A list filter on a lookup column (the platform's `status[in]`, `date[between]`, …). */
export type Condition =
  | { column: string; op: 'is' | 'is_not' | 'starts_with' | 'after' | 'before'; value: string | number }
  | { column: string; op: 'in' | 'not_in'; value: readonly (string | number)[] }
  | { column: string; op: 'between'; value: readonly [number, number] }
  | { column: string; op: 'is_present'; value: boolean };

export interface ListQuery {
  /** Equality filters on lookup columns. */
  where?: Record<string, string>;
  conditions?: readonly Condition[];
  limit: number;
  /** `desc` (default): newest first. */
  order?: 'asc' | 'desc';
  /** The page continues after this seq in the list's order. */
  cursor?: number;
}

type Row = Record<string, string | number | null>;

export function resourceTable<T extends { id: string }>(db: Database, table: string, columns: readonly string[] = []) {
  const cols = ['id', ...columns, 'data'];
  const insert = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(`UPDATE ${table} SET ${[...columns, 'data'].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
  const get = db.prepare<[string], { data: string }>(`SELECT data FROM ${table} WHERE id = ?`);
  const listCache = new Map<string, ReturnType<Database['prepare']>>();
  const row = (resource: T, extra: Row) => ({ ...extra, id: resource.id, data: JSON.stringify(resource) });
  return {
    insert: (resource: T, extra: Row = {}) => void insert.run(row(resource, extra)),
    update: (resource: T, extra: Row = {}) => void update.run(row(resource, extra)),
    remove: (id: string) => void remove.run(id),
    get: (id: string): T | undefined => {
      const r = get.get(id);
      return r && (JSON.parse(r.data) as T);
    },
    list(q: ListQuery): Page<T> {
      const params: Record<string, unknown> = { take: q.limit + 1 };
      const conds: string[] = [];
      const all: Condition[] = [...Object.entries(q.where ?? {}).map(([column, value]) => ({ column, op: 'is' as const, value })), ...(q.conditions ?? [])];
      const indexed = chooseIndexed(all, columns);
      all.forEach((c, i) => {
        if (c.column !== 'id' && !columns.includes(c.column)) throw new Error(`${table} has no lookup column ${c.column}`);
        conds.push(conditionSql(c, `p${i}`, params, c !== indexed));
      });
      const desc = q.order !== 'asc';
      if (q.cursor !== undefined) {
        conds.push(desc ? 'seq < @cursor' : 'seq > @cursor');
        params.cursor = q.cursor;
      }
      const sql = `SELECT seq, data FROM ${table}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''} ORDER BY seq ${desc ? 'DESC' : 'ASC'} LIMIT @take`;
      let stmt = listCache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        if (listCache.size < 500) listCache.set(sql, stmt);
      }
      const rows = stmt.all(params) as { seq: number; data: string }[];
      const more = rows.length > q.limit;
      const page = more ? rows.slice(0, q.limit) : rows;
      return { items: page.map((r) => JSON.parse(r.data) as T), ...(more && { nextSeq: page[page.length - 1]!.seq }) };
    },
  };
}

/**
 * The one condition an index may serve: an equality (or `in`) on the first lookup column in
 * the table's order (id, then the columns as declared, most selective first). Every other
 * condition is written `+column` so SQLite filters rows instead of picking that index: without
 * statistics it cannot tell that 100 invoices of one customer beat 50,000 of one status, and a
 * range on `date` would make it sort the whole range instead of walking `seq` in order.
 */
function chooseIndexed(conditions: readonly Condition[], columns: readonly string[]): Condition | undefined {
  const rank = (c: Condition) => (c.column === 'id' ? -1 : columns.indexOf(c.column));
  return conditions.filter((c) => c.op === 'is' || c.op === 'in').sort((a, b) => rank(a) - rank(b))[0];
}

/** One condition as SQL with its values bound into `params`; `filterOnly` keeps SQLite off the column's index. */
export function conditionSql(c: Condition, name: string, params: Record<string, unknown>, filterOnly: boolean): string {
  const col = filterOnly ? `+${c.column}` : c.column;
  switch (c.op) {
    case 'is':
    case 'is_not':
    case 'after':
    case 'before':
      params[name] = c.value;
      return `${col} ${{ is: '=', is_not: 'IS NOT', after: '>', before: '<' }[c.op]} @${name}`;
    case 'starts_with':
      params[name] = c.value;
      return `substr(${col}, 1, length(@${name})) = @${name}`;
    case 'between':
      params[`${name}a`] = c.value[0];
      params[`${name}b`] = c.value[1];
      return `${col} BETWEEN @${name}a AND @${name}b`;
    case 'is_present':
      return `${col} IS ${c.value ? 'NOT ' : ''}NULL`;
    case 'in':
    case 'not_in': {
      if (c.value.length === 0) return c.op === 'in' ? '0' : '1';
      c.value.forEach((v, j) => (params[`${name}_${j}`] = v));
      return `${col} ${c.op === 'in' ? 'IN' : 'NOT IN'} (${c.value.map((_, j) => `@${name}_${j}`).join(', ')})`;
    }
  }
}
