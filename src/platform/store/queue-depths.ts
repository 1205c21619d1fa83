import type { Database } from './db.js';

// What the metrics' queue gauges read at each scrape: the live rows of the dispatcher's and the
// callback worker's queues, counted through their partial indexes (transmissions_due,
// callbacks_due), never the finished rows, so a scrape stays cheap as the tables grow. One
// statement, no parameters: the same text on SQLite and PostgreSQL.

export interface QueueDepth {
  queue: 'transmissions' | 'callbacks';
  state: string;
  count: number;
  /** The earliest next attempt (transmissions) or creation (pending callbacks) of the state's rows. */
  oldest: string | null;
}

/** The live states the SQL reads: each shown by the gauges, as 0 when it has no rows. */
export const LIVE_QUEUE_STATES = { transmissions: ['queued', 'sent'], callbacks: ['pending'] } as const;

export const QUEUE_DEPTHS_SQL = `
  SELECT 'transmissions' AS queue, state, CAST(count(*) AS INTEGER) AS count, min(next_attempt_at) AS oldest
  FROM transmissions WHERE state IN ('queued', 'sent') GROUP BY state
  UNION ALL
  SELECT 'callbacks' AS queue, state, CAST(count(*) AS INTEGER) AS count, min(created_at) AS oldest
  FROM callbacks WHERE state = 'pending' GROUP BY state`;

export function queueDepthStatements(db: Database) {
  const depths = db.prepare<[], QueueDepth>(QUEUE_DEPTHS_SQL);
  return {
    /** Rows per live state of each queue, with the oldest; a state without rows is absent. */
    depths: () => depths.all(),
  };
}

export type QueueDepthStatements = ReturnType<typeof queueDepthStatements>;
