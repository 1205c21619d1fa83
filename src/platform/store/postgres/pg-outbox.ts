import type pg from 'pg';
import { outboxOperations, type OutboxOperations, type OutboxSql } from '../outbox.js';
import { inTransaction, rows, run, type Db } from './pg-db.js';

// The outbox on PostgreSQL: SQLite's statements (outbox.ts); an action's row is locked as it is
// read, so two operators (or instances) acting on one row act one after the other.

export function pgOutboxSql(db: Db): OutboxSql {
  return {
    mark: (n) => `$${n}`,
    inJson: (n) => `IN (SELECT json_array_elements_text(CAST($${n} AS json)))`,
    forUpdate: ' FOR UPDATE',
    all: (text, values) => rows(db, text, values),
    run: (text, values) => run(db, text, values),
  };
}

export function pgOutbox(pool: pg.Pool): OutboxOperations {
  return outboxOperations(pgOutboxSql(pool), (work) => inTransaction(pool, (client) => work(pgOutboxSql(client))));
}
