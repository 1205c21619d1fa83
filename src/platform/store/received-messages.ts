import type { Database } from './db.js';
import type { ReceivedDisposition, ReceivedFilter, ReceivedMessage } from '../../spi/driver.js';

// The documents networks deliver to the adapter (migration 12), each kept once with the answer
// its sender got. The row shape, the listing's query and its paging are written once here and
// used by both stores (postgres/pg-received.ts), which differ only in how they run them.

/** A row as both stores read it (int8 and INTEGER both come back as numbers). */
export interface ReceivedRow {
  seq: number;
  network: string;
  message_id: string;
  business_entity_id: string | null;
  sender: string;
  receiver: string;
  document_type: string;
  process_id: string | null;
  content: string;
  answer_content_type: string;
  answer: string;
  disposition: ReceivedDisposition;
  received_at: string;
}

const COLUMNS = 'network, message_id, business_entity_id, sender, receiver, document_type, process_id, content, answer_content_type, answer, disposition, received_at';

/** The insert that leaves a known (network, message_id) alone; `mark(n)` writes the n-th parameter (`?`, `$n`). */
export function insertReceivedSql(mark: (n: number) => string): string {
  const marks = COLUMNS.split(', ').map((_, i) => mark(i + 1));
  return `INSERT INTO received_messages (${COLUMNS}) VALUES (${marks.join(', ')}) ON CONFLICT (network, message_id) DO NOTHING`;
}

/** The insert's values, in COLUMNS' order. */
export function receivedValues(m: ReceivedMessage): unknown[] {
  return [m.network, m.messageId, m.businessEntityId ?? null, m.sender, m.receiver, m.documentType, m.processId ?? null, m.content, m.answerContentType, m.answer, m.disposition, m.receivedAt];
}

export function getReceivedSql(mark: (n: number) => string): string {
  return `SELECT seq, ${COLUMNS} FROM received_messages WHERE network = ${mark(1)} AND message_id = ${mark(2)}`;
}

/** The message a row holds; absent optional columns are absent members, as the caller kept them. */
export function receivedOf(r: ReceivedRow): ReceivedMessage {
  return {
    network: r.network,
    messageId: r.message_id,
    ...(r.business_entity_id !== null && { businessEntityId: r.business_entity_id }),
    sender: r.sender,
    receiver: r.receiver,
    documentType: r.document_type,
    ...(r.process_id !== null && { processId: r.process_id }),
    content: r.content,
    answerContentType: r.answer_content_type,
    answer: r.answer,
    disposition: r.disposition,
    receivedAt: r.received_at,
  };
}

/**
 * One page of the listing, newest first: `limit + 1` rows are read so that `next` (the cursor,
 * the last row's seq) is given only when a page follows.
 */
export function listReceivedQuery(filter: ReceivedFilter, mark: (n: number) => string): { sql: string; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  const when = (column: string, op: string, value: unknown) => {
    if (value === undefined) return;
    values.push(value);
    where.push(`${column} ${op} ${mark(values.length)}`);
  };
  when('network', '=', filter.network);
  when('business_entity_id', '=', filter.businessEntityId);
  when('disposition', '=', filter.disposition);
  when('seq', '<', filter.before === undefined ? undefined : cursorSeq(filter.before));
  values.push(filter.limit + 1);
  return {
    sql: `SELECT seq, ${COLUMNS} FROM received_messages ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ${mark(values.length)}`,
    values,
  };
}

/** The page the rows of listReceivedQuery make. */
export function receivedPage(rows: ReceivedRow[], limit: number): { items: ReceivedMessage[]; next?: string } {
  const items = rows.slice(0, limit);
  return { items: items.map(receivedOf), ...(rows.length > limit && { next: String(items[items.length - 1]!.seq) }) };
}

/** A listing's cursor is the seq of the last row of the page before: a positive integer. */
export const CURSOR_PATTERN = '^[1-9][0-9]{0,14}$';

function cursorSeq(cursor: string): number {
  if (!new RegExp(CURSOR_PATTERN).test(cursor)) throw new RangeError(`not a cursor of the received messages: ${cursor}`);
  return Number(cursor);
}

const sqliteMark = () => '?';

export function receivedMessageStatements(db: Database) {
  const insert = db.prepare<unknown[]>(insertReceivedSql(sqliteMark));
  const byId = db.prepare<[string, string], ReceivedRow>(getReceivedSql(sqliteMark));
  // One statement per combination of filters (eight at most), prepared on first use.
  const listings = new Map<string, ReturnType<typeof db.prepare<unknown[], ReceivedRow>>>();
  const get = (network: string, messageId: string) => {
    const r = byId.get(network, messageId);
    return r && receivedOf(r);
  };
  return {
    /** Stores the message unless its (network, message id) is known; the stored one. Call inside a write transaction. */
    keep: (message: ReceivedMessage) => {
      const isNew = insert.run(...receivedValues(message)).changes === 1;
      return { stored: get(message.network, message.messageId)!, isNew };
    },
    get,
    list: (filter: ReceivedFilter) => {
      const { sql, values } = listReceivedQuery(filter, sqliteMark);
      let statement = listings.get(sql);
      if (!statement) listings.set(sql, (statement = db.prepare<unknown[], ReceivedRow>(sql)));
      return receivedPage(statement.all(...values), filter.limit);
    },
  };
}

export type ReceivedMessageStatements = ReturnType<typeof receivedMessageStatements>;
