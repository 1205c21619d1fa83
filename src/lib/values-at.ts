// Values at dotted paths of a JSON object (`certificate.passphrase`): how secrets are taken out of
// an entity's driver settings to be sealed, and put back once opened. Keys are settings keys,
// which never hold a dot.

/** A copy of `value` with each path's value set (objects on the way made as needed). */
export function withValuesAt(value: Readonly<Record<string, unknown>>, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const [path, v] of Object.entries(values)) {
    const keys = path.split('.');
    let at = copy;
    for (const key of keys.slice(0, -1)) {
      const next = at[key];
      at = (at[key] = next !== null && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {}) as Record<string, unknown>;
    }
    at[keys.at(-1)!] = v;
  }
  return copy;
}

/** The value at a dotted path, or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
