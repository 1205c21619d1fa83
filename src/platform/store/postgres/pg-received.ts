import type pg from 'pg';
import type { ReceivedMessages } from '../../../spi/driver.js';
import { getReceivedSql, insertReceivedSql, listReceivedQuery, receivedOf, receivedPage, receivedValues, type ReceivedRow } from '../received-messages.js';
import { row, rows, run } from './pg-db.js';

// The received messages on PostgreSQL: SQLite's statements (received-messages.ts). Concurrent
// keeps of one id come from other processes: the insert of the second waits for the first's
// commit and does nothing, and the read that follows (a statement of its own, so a snapshot
// taken after that commit) gives it the first's row.

const mark = (n: number) => `$${n}`;

export function pgReceived(pool: pg.Pool): ReceivedMessages {
  const get = async (network: string, messageId: string) => {
    const r = await row<ReceivedRow>(pool, getReceivedSql(mark), [network, messageId]);
    return r && receivedOf(r);
  };
  return {
    keep: async (message) => {
      const isNew = (await run(pool, insertReceivedSql(mark), receivedValues(message))) === 1;
      return { stored: (await get(message.network, message.messageId))!, isNew };
    },
    get,
    list: async (filter) => {
      const { sql, values } = listReceivedQuery(filter, mark);
      return receivedPage(await rows<ReceivedRow>(pool, sql, values), filter.limit);
    },
  };
}
