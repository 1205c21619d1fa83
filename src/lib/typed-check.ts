import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** One thing wrong with a value, at a dotted path (`business_entities[0].party.name`). */
export interface Problem {
  path: string;
  /** `required` for a missing key, `unknown` for a key the schema does not know, else the JSON Schema keyword. */
  kind: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

interface RawError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

type Validator = { Check(value: unknown): boolean; Errors(value: unknown): Iterable<unknown> };
const compiled = new WeakMap<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
  let v = compiled.get(schema);
  if (!v) {
    v = Compile(schema) as unknown as Validator;
    compiled.set(schema, v);
  }
  return v;
}

/** Checks `value` against `schema`; compiles each schema once. Never throws on bad input. */
export function check<S extends TSchema>(schema: S, value: unknown): Checked<Static<S>> {
  const validator = validatorFor(schema);
  if (validator.Check(value)) return { ok: true, value: value as Static<S> };
  return { ok: false, problems: toProblems([...validator.Errors(value)] as RawError[], value) };
}

/** `/a/0/b` → `a[0].b`; an empty pointer is the value itself (`''`). */
export function pointerToPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  }
  return path;
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

// Keywords that only restate a more precise error reported at the same path.
const NOISE = new Set(['boolean', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else']);

function toProblems(errors: RawError[], value: unknown): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  const push = (p: Problem) => {
    const key = `${p.path}\u0000${p.kind}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(p);
    }
  };
  const constsByPointer = new Map<string, unknown[]>();
  for (const e of errors) {
    const path = pointerToPath(e.instancePath);
    if (e.keyword === 'required') {
      for (const name of (e.params.requiredProperties as string[] | undefined) ?? []) {
        if (!hasKey(value, e.instancePath, name)) push({ path: join(path, name), kind: 'required', message: 'is required' });
      }
    } else if (e.keyword === 'additionalProperties') {
      for (const name of (e.params.additionalProperties as string[] | undefined) ?? []) {
        push({ path: join(path, name), kind: 'unknown', message: 'is not a known key' });
      }
    } else if (e.keyword === 'const') {
      // A union of literals reports one `const` error per member: gather them into one list.
      const list = constsByPointer.get(e.instancePath) ?? [];
      list.push(e.params.allowedValue);
      constsByPointer.set(e.instancePath, list);
    } else if (!NOISE.has(e.keyword)) {
      push({ path, kind: e.keyword, message: describe(e, value) });
    }
  }
  for (const [pointer, allowed] of constsByPointer) {
    const path = pointerToPath(pointer);
    if (!out.some((p) => p.path === path)) {
      push({ path, kind: 'enum', message: `must be one of ${allowed.map(String).join(', ')}${got(valueAtPointer(value, pointer))}` });
    }
  }
  return out;
}

function describe(e: RawError, root: unknown): string {
  const actual = got(valueAtPointer(root, e.instancePath));
  switch (e.keyword) {
    case 'enum':
      return `must be one of ${((e.params.allowedValues as unknown[]) ?? []).map(String).join(', ')}${actual}`;
    case 'pattern':
      return `must match ${String(e.params.pattern)}${actual}`;
    case 'type':
      return `must be ${article(String(e.params.type))}${actual}`;
    default:
      return `${e.message}${actual}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function got(v: unknown): string {
  if (v === undefined) return '';
  const text = typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
  return ` (got ${text && text.length > 60 ? `${text.slice(0, 57)}...` : text})`;
}

function hasKey(root: unknown, pointer: string, key: string): boolean {
  const holder = valueAtPointer(root, pointer);
  return typeof holder === 'object' && holder !== null && (holder as Record<string, unknown>)[key] !== undefined;
}

function valueAtPointer(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}
