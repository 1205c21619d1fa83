import Type, { type TSchema, type TString } from 'typebox';
import { check } from './typed-check.js';

// Which values of a settings object are secrets, found from its typebox schema: a secret value is
// a schema annotated `secret: true`, so code that must treat secrets apart (the configuration
// file refusing them, a store sealing them, a GET hiding them) finds them generically, without a
// list per driver to keep in step with the schemas.

/** A secret value written inline (a token, a password, a PKCS#12 in base64): annotated `secret: true`. */
export function secretSchema(options: { description?: string } = {}): TString {
  return Type.String({ ...options, minLength: 1, secret: true });
}

/** A secret present in a value. */
export interface SecretAt {
  /** Dotted path from the value's root (`entities.x.token`, `certificates.x.passphrase`). */
  path: string;
  /** Its key in the object holding it (`token`). */
  key: string;
  /** The keys of the Records (patternProperties) walked into on the way, outermost first: an entity id comes first. */
  recordKeys: readonly string[];
  /** The keys the schema of the object holding it knows (to name alternatives such as `token_file`). */
  siblings: readonly string[];
}

/**
 * The secrets `value` holds, by `schema`: walks Object properties, Records (patternProperties and
 * additionalProperties schemas), arrays, Intersect (allOf) and Union (anyOf/oneOf, the branches
 * the value fits, or every branch when it fits none). Optional keys are plain properties in JSON
 * Schema, so they need nothing apart.
 */
export function secretPaths(schema: TSchema, value: unknown): SecretAt[] {
  const found = new Map<string, SecretAt>();
  walk(schema as Node, value, { path: '', key: '', recordKeys: [], siblings: [] }, found);
  return [...found.values()];
}

interface Node {
  secret?: boolean;
  properties?: Record<string, Node>;
  patternProperties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
}

function walk(schema: Node, value: unknown, at: SecretAt, found: Map<string, SecretAt>): void {
  if (value === undefined) return;
  if (schema.secret === true) {
    found.set(at.path, at);
    return;
  }
  for (const part of schema.allOf ?? []) walk(part, value, at, found);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const fitting = branches.filter((b) => check(b as TSchema, value).ok);
    for (const b of fitting.length > 0 ? fitting : branches) walk(b, value, at, found);
  }
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((item, i) => walk(schema.items!, item, { ...at, path: `${at.path}[${i}]` }, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const properties = schema.properties ?? {};
  const siblings = Object.keys(properties);
  const patterns = Object.entries(schema.patternProperties ?? {}).map(([p, s]) => [new RegExp(p, 'u'), s] as const);
  for (const [key, v] of Object.entries(value)) {
    const path = at.path ? `${at.path}.${key}` : key;
    const known = properties[key];
    if (known) {
      walk(known, v, { path, key, recordKeys: at.recordKeys, siblings }, found);
      continue;
    }
    const matched = patterns.find(([re]) => re.test(key))?.[1] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (matched) walk(matched, v, { path, key, recordKeys: [...at.recordKeys, key], siblings: [] }, found);
  }
}
