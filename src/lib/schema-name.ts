import type { TSchema } from 'typebox';

// The name a schema is published under in an OpenAPI document's components.schemas. Kept
// beside the schema (by object identity) rather than in it: a `$id` or `title` would change what
// typebox's compiler and the error messages see.

const names = new WeakMap<object, string>();

/** Names `schema` where it is defined; returns it unchanged. */
export function named<S extends TSchema>(schema: S, name: string): S {
  names.set(schema, name);
  return schema;
}

/** The name `named` gave the schema, if any. */
export function nameOf(schema: object): string | undefined {
  return names.get(schema);
}
