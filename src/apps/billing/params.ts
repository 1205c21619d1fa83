import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { check, type Problem } from '../../lib/typed-check.js';
import { paramRequired, paramWrong, type BillingError } from './errors.js';

// Request parameters arrive as strings (form fields, query parameters) in bracket notation,
// already split into objects and arrays by `qs`. Each operation's typebox schema states the
// platform's limits; this module turns strings into the schema's numbers and booleans, accepts
// enums in any case (the platform's samples send `FIXED_AMOUNT`, its responses say
// `fixed_amount`), and reports the first problem naming its parameter the way it was sent.

const LOWERCASE = 'x-lowercase';

/** A string enum, accepted in any case and stored lower-case. */
export function Enum<const T extends readonly string[]>(values: T, options: { default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v)), { [LOWERCASE]: true, ...options }));
}

/** A string of at most `max` characters (the platform's `max chars`). */
export const Str = (max: number, options: { minLength?: number; pattern?: string } = {}) => Type.String({ maxLength: max, ...options });

/**
 * An amount in cents: the platform's 64-bit `long`, of which JavaScript numbers hold exactly the
 * integers up to 2^53 - 1 (past that, cents are lost; both SQLite and the JSON rows hold it).
 */
export const Cents = (minimum = 0) => Type.Integer({ minimum, maximum: Number.MAX_SAFE_INTEGER });

/** The platform's `integer` is 32 bits (its amounts and timestamps are the wider `long`): the bound of a count it documents no maximum for. */
export const MAX_INTEGER = 2_147_483_647;

/**
 * 9999-12-31T23:59:59Z: the last second whose date the documents made from a resource can write
 * (four-digit years, ISO 8601), far inside both SQLite's INTEGER and a JavaScript Date.
 */
export const MAX_TIMESTAMP = 253_402_300_799;

/** A `timestamp(UTC) in seconds`. */
export const Timestamp = () => Type.Integer({ minimum: 0, maximum: MAX_TIMESTAMP });

/** Parses `raw` against `schema` or throws the BillingError for its first problem. */
export function readParams<S extends TSchema>(schema: S, raw: unknown, rename: (param: string) => string = (p) => p): Static<S> {
  const value = Value.Convert(schema, lowercaseEnums(schema, raw ?? {}));
  const result = check(schema, value);
  if (result.ok) return result.value;
  throw toBillingError(result.problems[0]!, rename);
}

/** A group of indexed lists as requests send them (`charges[amount][0]`, `charges[description][0]`); read with readIndexed. */
export const Indexed = () => Type.Optional(Type.Unknown());

/**
 * `{amount: ['100', '250'], description: ['a', 'b']}` → `[{amount: 100, description: 'a'}, …]`,
 * each row checked against `row`. Rows are matched by index, so a hole (`charges[amount][1]`
 * without `charges[description][1]`) is named as the missing parameter, never filled from
 * another row.
 */
export function readIndexed<S extends TObject>(group: string, row: S, raw: unknown, maxRows = 250): Static<S>[] {
  if (raw === undefined) return [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw paramWrong(group, `send the values as ${group}[field][index].`);
  const columns = Object.entries(raw as Record<string, unknown>);
  const known = Object.keys(row.properties);
  let rows = 0;
  for (const [field, values] of columns) {
    if (!known.includes(field)) continue;
    if (!Array.isArray(values)) throw paramWrong(`${group}[${field}]`, `send the values as ${group}[${field}][0], ${group}[${field}][1], ….`);
    rows = Math.max(rows, values.length);
  }
  if (rows > maxRows) throw paramWrong(`${group}[${known[0]}]`, `cannot have more than ${maxRows} values.`);
  const out: Static<S>[] = [];
  for (let i = 0; i < rows; i++) {
    const cells: Record<string, unknown> = {};
    for (const [field, values] of columns) if (Array.isArray(values) && values[i] !== undefined) cells[field] = values[i];
    out.push(readParams(row, cells, (p) => `${group}[${p}][${i}]`));
  }
  return out;
}

/** `billing_address.country` → `billing_address[country]`; `plan_ids[0]` stays. */
function paramName(path: string): string {
  const [head, ...rest] = path.split('.');
  return head + rest.map((p) => p.replace(/^([^[]+)/, '[$1]')).join('');
}

function toBillingError(p: Problem, rename: (param: string) => string): BillingError {
  const param = rename(paramName(p.path));
  if (p.kind === 'required') return paramRequired(param);
  const limit = /(\d+(?:\.\d+)?)/.exec(p.message)?.[1];
  switch (p.kind) {
    case 'maxLength':
      return paramWrong(param, `cannot be longer than ${limit} characters.`);
    case 'minLength':
      return paramRequired(param);
    case 'minimum':
      return paramWrong(param, `cannot be less than ${limit}.`);
    case 'maximum':
      return paramWrong(param, `cannot be more than ${limit}.`);
    case 'maxItems':
      return paramWrong(param, `cannot have more than ${limit} values.`);
    default:
      return paramWrong(param, p.message);
  }
}

function lowercaseEnums(schema: TSchema, value: unknown): unknown {
  const s = schema as Record<string, unknown>;
  if (s[LOWERCASE] && typeof value === 'string') return value.toLowerCase();
  if (s.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, TSchema>;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(props)) if (key in out) out[key] = lowercaseEnums(props[key]!, out[key]);
    return out;
  }
  if (s.type === 'array' && Array.isArray(value)) return value.map((v) => lowercaseEnums(s.items as TSchema, v));
  return value;
}
