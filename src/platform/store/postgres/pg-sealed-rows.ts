import type pg from 'pg';
import { replaceSealedSql, sealedColumn, sealedRowOf, selectSealedSql } from '../sealed-rows.js';
import type { SealedRowOperations } from '../store.js';
import { inTransaction, rows, run } from './pg-db.js';

// The sealed columns on PostgreSQL: SQLite's sealed-rows.ts statements, from the same list.

export function pgSealedRows(pool: pg.Pool): SealedRowOperations {
  return {
    list: async (table) => {
      const c = sealedColumn(table);
      return (await rows<Record<string, unknown>>(pool, selectSealedSql(c))).map((r) => sealedRowOf(r, c));
    },
    replace: (table, key, old, next) =>
      inTransaction(pool, async (db) => {
        const done = (await run(db, replaceSealedSql(sealedColumn(table), (n) => `$${n}`), [next, ...key, old])) > 0;
        if (done) await run(db, 'UPDATE directory_version SET version = version + 1 WHERE id = 1');
        return done;
      }),
  };
}
