import pg from 'pg';

/** A pool or one of its clients inside a transaction: what every statement runs on. */
export type Db = pg.Pool | pg.PoolClient;

// int8 (ids, counts, the directory version) read as numbers: every value the adapter keeps
// stays far below 2^53, and both stores then answer the same types.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function openPool(url: string, max: number): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types, application_name: 'einvoicing-adapter' });
}

export async function rows<T>(db: Db, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T & pg.QueryResultRow>(text, values)).rows;
}

export async function row<T>(db: Db, text: string, values: unknown[] = []): Promise<T | undefined> {
  return (await rows<T>(db, text, values))[0];
}

export async function run(db: Db, text: string, values: unknown[] = []): Promise<number> {
  return (await db.query(text, values)).rowCount ?? 0;
}

/** Runs `work` in one transaction on a client of its own; rolls back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    client.release();
  }
}

/** The URL as logs may show it: the password replaced. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}
