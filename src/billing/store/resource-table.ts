import type { Database } from '../../store/db.js';

// One table of resources kept as JSON (see migrations/001-billing.ts). Every statement about
// such a table is built here from the table's name and its lookup columns, which are fixed
// identifiers from the code, never from a request.

export interface Page<T> {
  items: T[];
  /** The seq after which the next page starts; absent on the last page. */
  nextSeq?: number;
}

export interface ListQuery {
  /** Equality filters on lookup columns. */
  where?: Record<string, string>;
  limit: number;
  /** Rows are listed newest first: the page starts below this seq. */
  beforeSeq?: number;
}

export function resourceTable<T extends { id: string }>(db: Database, table: string, columns: readonly string[] = []) {
  const cols = ['id', ...columns, 'data'];
  const insert = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(`UPDATE ${table} SET ${[...columns, 'data'].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const get = db.prepare<[string], { data: string }>(`SELECT data FROM ${table} WHERE id = ?`);
  const listCache = new Map<string, ReturnType<Database['prepare']>>();
  const row = (resource: T, extra: Record<string, string | number | null>) => ({ ...extra, id: resource.id, data: JSON.stringify(resource) });
  return {
    insert: (resource: T, extra: Record<string, string | number | null> = {}) => void insert.run(row(resource, extra)),
    update: (resource: T, extra: Record<string, string | number | null> = {}) => void update.run(row(resource, extra)),
    get: (id: string): T | undefined => {
      const r = get.get(id);
      return r && (JSON.parse(r.data) as T);
    },
    list(q: ListQuery): Page<T> {
      const filters = Object.keys(q.where ?? {}).filter((k) => columns.includes(k));
      const key = filters.join(',') + (q.beforeSeq !== undefined ? ':before' : '');
      let stmt = listCache.get(key);
      if (!stmt) {
        const conds = [...filters.map((f) => `${f} = @${f}`), ...(q.beforeSeq !== undefined ? ['seq < @beforeSeq'] : [])];
        stmt = db.prepare(`SELECT seq, data FROM ${table}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT @take`);
        listCache.set(key, stmt);
      }
      const params: Record<string, unknown> = { take: q.limit + 1 };
      for (const f of filters) params[f] = q.where![f];
      if (q.beforeSeq !== undefined) params.beforeSeq = q.beforeSeq;
      const rows = stmt.all(params) as { seq: number; data: string }[];
      const more = rows.length > q.limit;
      const page = more ? rows.slice(0, q.limit) : rows;
      return { items: page.map((r) => JSON.parse(r.data) as T), ...(more && { nextSeq: page[page.length - 1]!.seq }) };
    },
  };
}
