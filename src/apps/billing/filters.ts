import { paramWrong } from './errors.js';
import { MAX_TIMESTAMP } from './params.js';
import type { Condition } from './store/resource-table.js';

// List filters as the platform takes them: the operator in brackets after the field name
// (`status[is]=paid`, `customer_id[in]=["a","b"]`, `date[between]=[1700000000,1700086400]`).
// Lists of values arrive as a JSON array in one parameter (the 3.x client, and 2.x for a
// top-level array) or as indexed keys (`status[in][0]=paid&status[in][1]=payment_due`: the 1.x
// client always, 2.x for nested parameters); both forms have the same limits and errors.

export type FilterKind = { kind: 'string' } | { kind: 'enum'; values: readonly string[] } | { kind: 'timestamp' } | { kind: 'optional_string' };

export interface FilterSpec {
  /** The request parameter, also the lookup column unless `column` says otherwise. */
  name: string;
  column?: string;
  type: FilterKind;
}

const OPERATORS: Record<FilterKind['kind'], readonly string[]> = {
  string: ['is', 'is_not', 'starts_with', 'in', 'not_in'],
  optional_string: ['is', 'is_not', 'starts_with', 'in', 'not_in', 'is_present'],
  enum: ['is', 'is_not', 'in', 'not_in'],
  timestamp: ['after', 'before', 'on', 'between'],
};

const LIST_OPERATORS = new Set(['in', 'not_in', 'between']);
const MAX_VALUES = 200;
const DAY = 86_400;

/** The conditions the query's filter parameters ask for; unknown filter names are ignored. */
export function readFilters(query: Record<string, unknown>, specs: readonly FilterSpec[]): Condition[] {
  const conditions: Condition[] = [];
  for (const spec of specs) {
    const raw = query[spec.name];
    if (raw === undefined) continue;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw paramWrong(spec.name, `give an operator, e.g. ${spec.name}[${OPERATORS[spec.type.kind][0]}].`);
    for (const [op, value] of Object.entries(raw as Record<string, unknown>)) {
      const param = `${spec.name}[${op}]`;
      if (!OPERATORS[spec.type.kind].includes(op)) throw paramWrong(param, `unsupported operator; use one of ${OPERATORS[spec.type.kind].join(', ')}.`);
      if (typeof value !== 'string' && !LIST_OPERATORS.has(op)) throw paramWrong(param, 'must be a single value.');
      conditions.push(condition(spec, op, value, param));
    }
  }
  return conditions;
}

/** `text` is a string, except for the list operators, whose indexed form qs makes an array (or an object past its arrayLimit). */
function condition(spec: FilterSpec, op: string, text: unknown, param: string): Condition {
  const column = spec.column ?? spec.name;
  const type = spec.type;
  if (op === 'is_present') {
    if (text !== 'true' && text !== 'false') throw paramWrong(param, 'must be true or false.');
    return { column, op, value: text === 'true' };
  }
  if (type.kind === 'timestamp') {
    if (op === 'between') {
      const [from, to] = valueList(text, param, 2).map((v) => timestamp(v, param));
      return { column, op, value: [from!, to!] };
    }
    const at = timestamp(text as string, param);
    // `on` is the UTC day the timestamp falls on.
    if (op === 'on') return { column, op: 'between', value: [at - (at % DAY), at - (at % DAY) + DAY - 1] };
    return { column, op: op as 'after' | 'before', value: at };
  }
  if (op === 'in' || op === 'not_in') return { column, op, value: valueList(text, param).map((v) => checked(type, String(v), param)) };
  return { column, op: op as 'is' | 'is_not' | 'starts_with', value: checked(type, text as string, param) };
}

function checked(type: FilterKind, value: string, param: string): string {
  if (type.kind !== 'enum') return value;
  const v = value.toLowerCase();
  if (!type.values.includes(v)) throw paramWrong(param, `invalid value ${value}; use one of ${type.values.join(', ')}.`);
  return v;
}

function timestamp(value: unknown, param: string): number {
  const n = typeof value === 'number' ? value : /^\d{1,12}$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_TIMESTAMP) throw paramWrong(param, `must be a timestamp in seconds, 0 to ${MAX_TIMESTAMP}.`);
  return n;
}

function valueList(value: unknown, param: string, exactly?: number): unknown[] {
  const list = typeof value === 'string' ? jsonArray(value) : indexedList(value, param);
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw paramWrong(param, 'must be a JSON array of values, e.g. ["a","b"].');
  if (exactly !== undefined && list.length !== exactly) throw paramWrong(param, `must list exactly ${exactly} values.`);
  if (list.length > MAX_VALUES) throw paramWrong(param, `cannot list more than ${MAX_VALUES} values.`);
  return list;
}

function jsonArray(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `param[0]=a&param[1]=b` as qs parsed it: an array (sparse where an index was skipped), or an
 * object keyed by index once an index passes qs's arrayLimit. Indexes run 0, 1, 2… without gaps.
 */
function indexedList(value: unknown, param: string): unknown[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([k]) => /^\d{1,6}$/.test(k))) return undefined;
  if (entries.length > MAX_VALUES) throw paramWrong(param, `cannot list more than ${MAX_VALUES} values.`);
  const list: unknown[] = [];
  for (const [k, v] of entries.sort(([a], [b]) => Number(a) - Number(b))) {
    if (Number(k) !== list.length) throw paramWrong(`${param}[${list.length}]`, `is missing; list the values as ${param}[0], ${param}[1], … without gaps.`);
    list.push(v);
  }
  return list;
}

/** `sort_by[asc]=date` / `sort_by[desc]=date`: the order of a list sorted by creation. */
export function readSortOrder(query: Record<string, unknown>, sortable: readonly string[]): 'asc' | 'desc' {
  const sort = query.sort_by;
  if (sort === undefined) return 'desc';
  if (sort && typeof sort === 'object' && !Array.isArray(sort)) {
    const entries = Object.entries(sort as Record<string, unknown>);
    const [dir, field] = entries[0] ?? [];
    if (entries.length === 1 && (dir === 'asc' || dir === 'desc') && typeof field === 'string' && sortable.includes(field)) return dir;
  }
  throw paramWrong('sort_by', `use sort_by[asc] or sort_by[desc] with ${sortable.join(' or ')}.`);
}
