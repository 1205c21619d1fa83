import type { Database } from './db.js';

// Every column that holds sealed values (src/platform/crypto/sealing.ts), so rotating the
// sealing key reaches them all: one more sealed table is one more line here. Both stores build
// their statements from this list (postgres/pg-sealed-rows.ts with $n placeholders).

export interface SealedColumn {
  readonly table: string;
  /** The primary key's columns (text), in order. */
  readonly keys: readonly string[];
  readonly column: string;
}

export const SEALED_COLUMNS = Object.freeze([
  { table: 'oauth_connections', keys: ['site_id'], column: 'sealed' },
  { table: 'oauth_states', keys: ['state_sha256'], column: 'sealed' },
  { table: 'entity_driver_settings', keys: ['business_entity_id', 'driver'], column: 'sealed' },
] as const satisfies readonly SealedColumn[]);

export type SealedTable = (typeof SEALED_COLUMNS)[number]['table'];

/** One sealed value and the key of its row (values in the order of `keys`). */
export interface SealedRow {
  key: string[];
  sealed: string;
}

export function sealedColumn(table: SealedTable): SealedColumn {
  return SEALED_COLUMNS.find((c) => c.table === table)!;
}

/** The table's rows, with their key columns as k0, k1… and the value as `sealed`. */
export function selectSealedSql(c: SealedColumn): string {
  // A row with nothing sealed (driver settings without a secret) has nothing to rotate.
  return `SELECT ${c.keys.map((k, i) => `${k} AS k${i}`).join(', ')}, ${c.column} AS sealed FROM ${c.table} WHERE ${c.column} IS NOT NULL ORDER BY ${c.keys.join(', ')}`;
}

/**
 * Replaces one value only while it is still the one read (`WHERE … = old`), so a value written
 * meanwhile (a refreshed token) is never overwritten. Parameters: new, key columns…, old.
 */
export function replaceSealedSql(c: SealedColumn, placeholder: (n: number) => string): string {
  const keys = c.keys.map((k, i) => `${k} = ${placeholder(i + 2)}`).join(' AND ');
  return `UPDATE ${c.table} SET ${c.column} = ${placeholder(1)} WHERE ${keys} AND ${c.column} = ${placeholder(c.keys.length + 2)}`;
}

export function sealedRowOf(r: Record<string, unknown>, c: SealedColumn): SealedRow {
  return { key: c.keys.map((_, i) => String(r[`k${i}`])), sealed: String(r.sealed) };
}

export function sealedRowStatements(db: Database) {
  const bump = db.prepare('UPDATE directory_version SET version = version + 1 WHERE id = 1');
  const statements = new Map(
    SEALED_COLUMNS.map((c) => [c.table, { c, select: db.prepare<[], Record<string, unknown>>(selectSealedSql(c)), replace: db.prepare(replaceSealedSql(c, () => '?')) }]),
  );
  return {
    list(table: SealedTable): SealedRow[] {
      const s = statements.get(table)!;
      return s.select.all().map((r) => sealedRowOf(r, s.c));
    },
    /** True when the row still held `old` and now holds `next`; the directory's version moves with it. */
    replace(table: SealedTable, key: readonly string[], old: string, next: string): boolean {
      const done = statements.get(table)!.replace.run(next, ...key, old).changes > 0;
      if (done) bump.run();
      return done;
    },
  };
}

export type SealedRowStatements = ReturnType<typeof sealedRowStatements>;
