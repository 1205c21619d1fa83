import type { OpenAPIV3 } from 'openapi-types';

// How a restated OpenAPI document differs from the one it restates, for what crosses the wire:
// operations (method, path, operationId, security), parameters (in, name, required, explode,
// style, schema), request bodies and answers (required, media types, encodings, headers,
// schemas) and callbacks; schemas compared resolved ($ref followed, allOf merged) keyword by
// keyword (type, format, enum, pattern, lengths, bounds, default, nullable, required) and
// property by property, both ways. Descriptions, titles, tags and component names are ours to
// choose and are not compared. Each difference is `<where>: <what>`.

type Doc = OpenAPIV3.Document;
type Node = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const KEYWORDS = ['type', 'format', 'enum', 'pattern', 'maxLength', 'minLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'minItems', 'maxItems', 'default', 'nullable', 'additionalProperties', 'required'];

export function restatementDifferences(ours: Doc, annex: Doc): string[] {
  const found = new Set<string>();
  const note = (where: string, what: string) => found.add(`${where}: ${what}`);
  const deref = (doc: Doc, node: unknown): Node | undefined => {
    let n = node as Node | undefined;
    for (let i = 0; n && typeof n.$ref === 'string' && i < 20; i++) n = (n.$ref as string).slice(2).split('/').reduce<unknown>((o, k) => (o as Node | undefined)?.[k], doc) as Node | undefined;
    return n;
  };
  const both = <T>(a: Record<string, T> | undefined, b: Record<string, T> | undefined, where: string, what: string, each: (key: string, x: T, y: T) => void) => {
    for (const key of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
      if (!a || !(key in a)) note(where, `${what} ${key} only in the annex`);
      else if (!b || !(key in b)) note(where, `${what} ${key} only in ours`);
      else each(key, a[key]!, b[key]!);
    }
  };
  const same = (where: string, what: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) note(where, `${what} ${JSON.stringify(x)} in ours, ${JSON.stringify(y)} in the annex`);
  };

  /** A schema with its $refs followed and its allOf merged into one object schema. */
  const flat = (doc: Doc, node: unknown): Node => {
    const s = deref(doc, node) ?? {};
    if (!Array.isArray(s.allOf)) return s;
    const merged: Node = { ...s, properties: { ...((s.properties as Node) ?? {}) }, required: [...((s.required as string[]) ?? [])] };
    delete merged.allOf;
    for (const part of s.allOf) {
      const p = flat(doc, part);
      for (const [k, v] of Object.entries(p)) {
        if (k === 'properties') Object.assign(merged.properties as Node, v);
        else if (k === 'required') (merged.required as string[]).push(...(v as string[]));
        else if (!(k in merged)) merged[k] = v;
      }
    }
    if ((merged.required as string[]).length === 0) delete merged.required;
    if (Object.keys(merged.properties as Node).length === 0) delete merged.properties;
    return merged;
  };

  const schema = (where: string, a: unknown, b: unknown, depth = 0) => {
    if (depth > 30) return;
    const x = flat(ours, a);
    const y = flat(annex, b);
    for (const k of KEYWORDS) {
      const norm = (v: unknown) => (Array.isArray(v) ? [...v].map((e) => JSON.stringify(e)).sort() : typeof v === 'object' ? undefined : v);
      same(where, k, norm(x[k]), norm(y[k]));
    }
    both(x.properties as Record<string, unknown>, y.properties as Record<string, unknown>, where, 'property', (key, p, q) => schema(`${where}.${key}`, p, q, depth + 1));
    if (x.items || y.items) schema(`${where}[]`, x.items, y.items, depth + 1);
    for (const k of ['oneOf', 'anyOf'] as const) {
      const xs = (x[k] as unknown[] | undefined) ?? [];
      const ys = (y[k] as unknown[] | undefined) ?? [];
      if (xs.length !== ys.length) note(where, `${k} of ${xs.length} in ours, of ${ys.length} in the annex`);
      else xs.forEach((s, i) => schema(`${where}(${k} ${i})`, s, ys[i], depth + 1));
    }
  };

  const content = (where: string, a: Record<string, OpenAPIV3.MediaTypeObject> | undefined, b: Record<string, OpenAPIV3.MediaTypeObject> | undefined) =>
    both(a, b, where, 'media type', (type, x, y) => {
      schema(`${where} ${type}`, x.schema, y.schema);
      both(x.encoding, y.encoding, `${where} ${type}`, 'encoding', (part, e, f) => same(`${where} ${type} part ${part}`, 'contentType', e.contentType, f.contentType));
    });

  const operation = (where: string, a: OpenAPIV3.OperationObject, b: OpenAPIV3.OperationObject) => {
    same(where, 'operationId', a.operationId, b.operationId);
    same(where, 'security', a.security, b.security);
    const params = (doc: Doc, list: unknown[] | undefined) => Object.fromEntries((list ?? []).map((p) => deref(doc, p) as unknown as OpenAPIV3.ParameterObject).map((p) => [`${p.in} ${p.name}`, p]));
    both(params(ours, a.parameters), params(annex, b.parameters), where, 'parameter', (key, p, q) => {
      for (const k of ['required', 'explode', 'style'] as const) same(`${where} ${key}`, k, p[k] ?? undefined, q[k] ?? undefined);
      schema(`${where} ${key}`, p.schema, q.schema);
    });
    const x = deref(ours, a.requestBody) as OpenAPIV3.RequestBodyObject | undefined;
    const y = deref(annex, b.requestBody) as OpenAPIV3.RequestBodyObject | undefined;
    if (!!x !== !!y) note(where, `request body only in ${x ? 'ours' : 'the annex'}`);
    if (x && y) {
      same(`${where} request`, 'required', x.required ?? false, y.required ?? false);
      content(`${where} request`, x.content, y.content);
    }
    both(a.responses, b.responses, where, 'status', (status, r, s) => {
      const x = deref(ours, r) as unknown as OpenAPIV3.ResponseObject;
      const y = deref(annex, s) as unknown as OpenAPIV3.ResponseObject;
      content(`${where} ${status}`, x.content, y.content);
      both(x.headers, y.headers, `${where} ${status}`, 'header', (h, p, q) => {
        const [hp, hq] = [deref(ours, p) as OpenAPIV3.HeaderObject, deref(annex, q) as OpenAPIV3.HeaderObject];
        same(`${where} ${status} ${h}`, 'required', hp.required ?? false, hq.required ?? false);
        schema(`${where} ${status} ${h}`, hp.schema, hq.schema);
      });
    });
    both(a.callbacks, b.callbacks, where, 'callback', (name, c, d) => {
      const [cx, cy] = [deref(ours, c) as OpenAPIV3.CallbackObject, deref(annex, d) as OpenAPIV3.CallbackObject];
      same(`${where} callback ${name}`, 'expression', Object.keys(cx), Object.keys(cy));
      const [px, py] = [Object.values(cx)[0], Object.values(cy)[0]];
      if (px?.post && py?.post) operation(`${where} callback ${name} POST`, px.post, py.post);
    });
  };

  same('document', 'openapi', ours.openapi, annex.openapi);
  same('document', 'version', ours.info.version, annex.info.version);
  same('document', 'security', ours.security, annex.security);
  same('document', 'server', ours.servers?.map((s) => s.url), annex.servers?.map((s) => s.url));
  both(ours.components?.securitySchemes, annex.components?.securitySchemes, 'document', 'security scheme', (name, x, y) => {
    const strip = (s: unknown) => JSON.parse(JSON.stringify(s, (k, v: unknown) => (k === 'description' ? undefined : v))) as unknown;
    same(`security scheme ${name}`, 'definition', strip(x), strip(y));
  });
  both(ours.paths, annex.paths, 'document', 'path', (path, x, y) => {
    for (const m of METHODS) {
      if (!!x?.[m] !== !!y?.[m]) note(`${m.toUpperCase()} ${path}`, `only in ${x?.[m] ? 'ours' : 'the annex'}`);
      else if (x?.[m] && y?.[m]) operation(`${m.toUpperCase()} ${path}`, x[m], y[m]);
    }
  });
  return [...found].sort();
}
