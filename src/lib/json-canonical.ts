/** JSON with object keys sorted: equal for documents that differ only in key order or whitespace. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonicalJson(v[i]);
    return `${out}]`;
  }
  const keys = Object.keys(v).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out += `${i ? ',' : ''}${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`;
  }
  return `${out}}`;
}
