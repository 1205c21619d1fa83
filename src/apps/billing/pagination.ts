import Type from 'typebox';
import { paramWrong } from './errors.js';
import { readParams } from './params.js';
import type { Page } from './store/resource-table.js';

// Lists: `limit` 1–100 (default 10) and `offset`, the `next_offset` of the previous page.
// next_offset is opaque to clients; here it is the position of the last row shown, wrapped so
// that clients do not come to depend on its form.

const PaginationSchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.String({ maxLength: 1000 })),
});

export interface Pagination {
  limit: number;
  /** Where the page continues (a seq, in the list's order). */
  cursor?: number;
}

/** `limit` (default 10) and the raw `offset`, for lists with a cursor of their own. */
export function readPageParams(query: Record<string, unknown>): { limit: number; offset?: string } {
  const { limit, offset } = readParams(PaginationSchema, { limit: query.limit, offset: query.offset });
  return { limit: limit ?? 10, ...(offset !== undefined && offset !== '' && { offset }) };
}

export function readPagination(query: Record<string, unknown>): Pagination {
  const { limit, offset } = readPageParams(query);
  if (offset === undefined) return { limit };
  const seq = decodeOffset(offset);
  if (seq === undefined) throw paramWrong('offset', 'invalid value; pass the next_offset of the previous page unchanged.');
  return { limit, cursor: seq };
}

/** `{list: [{<name>: resource}], next_offset?}` */
export function listBody<T>(name: string, page: Page<T>, extra?: (item: T) => Record<string, unknown>) {
  return {
    list: page.items.map((item) => ({ [name]: item, ...extra?.(item) })),
    ...(page.nextSeq !== undefined && { next_offset: encodeOffset(page.nextSeq) }),
  };
}

function encodeOffset(seq: number): string {
  return Buffer.from(JSON.stringify(['s', seq])).toString('base64url');
}

function decodeOffset(offset: string): number | undefined {
  try {
    const v = JSON.parse(Buffer.from(offset, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(v) && v[0] === 's' && Number.isSafeInteger(v[1]) && (v[1] as number) > 0 ? (v[1] as number) : undefined;
  } catch {
    return undefined;
  }
}
