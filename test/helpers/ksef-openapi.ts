import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from './fixtures.js';

// The Ministry of Finance's KSeF 2.0 OpenAPI (fixtures/ksef/openapi/open-api.json, API 2.6.0) as
// a judge of what crosses the wire: a request body against its operation's request schema, an
// answer's body against the schema of its operation, HTTP status and media type. ajv with
// ajv-formats checks it, formats included (`byte` is base64, `date-time` needs its UTC offset).
// OpenAPI 3.0 schemas are JSON Schema plus `nullable`, which ajv reads only beside a `type`: each
// nullable schema is rewritten "that, or null" before anything is compiled.

export const KSEF_OPENAPI_FILE = join(FIXTURES_DIR, 'ksef', 'openapi', 'open-api.json');

const DOC_ID = 'ksef-open-api.json';

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content?: Record<string, unknown> };
}

export interface KsefOpenApi {
  readonly document: { info: { description: string }; paths: Record<string, Record<string, Operation>> };
  /** The path template of a concrete path (`/auth/20250514-AU-…` → `/auth/{referenceNumber}`); literal segments win. */
  templateOf(method: string, path: string): string | undefined;
  /** Problems of an answer's body (parsed JSON, or the text of an XML answer); none when valid. */
  answerProblems(method: string, path: string, status: number, mediaType: string, body: unknown): string[];
  /** Problems of a request's JSON body; none when valid. */
  requestProblems(method: string, path: string, body: unknown): string[];
}

let loaded: KsefOpenApi | undefined;

/** The official OpenAPI, read and prepared once per process. */
export function ksefOpenApi(): KsefOpenApi {
  return (loaded ??= prepare(JSON.parse(readFileSync(KSEF_OPENAPI_FILE, 'utf8')) as KsefOpenApi['document']));
}

function prepare(document: KsefOpenApi['document']): KsefOpenApi {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(withNullAllowed(document) as object, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((t) => ({ t, params: (t.match(/\{/g) ?? []).length, re: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  templates.sort((a, b) => a.params - b.params);

  const templateOf = (method: string, path: string) => templates.find((x) => x.re.test(path) && document.paths[x.t]![method.toLowerCase()])?.t;

  const problems = (pointer: string[], body: unknown): string[] => {
    const key = pointer.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile({ $ref: `${DOC_ID}#/${key.split('/').map(encodeURIComponent).join('/')}` })));
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? e.keyword}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`);
  };

  const operation = (method: string, path: string): { template: string; op: Operation } | string => {
    const template = templateOf(method, path);
    if (!template) return `${method} ${path} is no operation of the KSeF API`;
    return { template, op: document.paths[template]![method.toLowerCase()]! };
  };

  return {
    document,
    templateOf,
    answerProblems(method, path, status, mediaType, body) {
      const o = operation(method, path);
      if (typeof o === 'string') return [o];
      const answer = o.op.responses?.[String(status)];
      // An answer documented without content (204 No Content) has an empty body.
      if (answer && !answer.content) return body === '' || body === undefined ? [] : [`${method} ${o.template} ${status} has no body, not ${JSON.stringify(body).slice(0, 80)}`];
      const content = answer?.content;
      if (!content?.[mediaType]) return [`${method} ${o.template} documents no ${status} ${mediaType} answer (documented: ${Object.entries(o.op.responses ?? {}).map(([s, r]) => `${s} ${Object.keys(r.content ?? {}).join('|') || '(empty)'}`).join(', ')})`];
      return problems(['paths', o.template, method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema'], body);
    },
    requestProblems(method, path, body) {
      const o = operation(method, path);
      if (typeof o === 'string') return [o];
      if (!o.op.requestBody?.content?.['application/json']) return body === undefined ? [] : [`${method} ${o.template} takes no JSON body`];
      return problems(['paths', o.template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'], body);
    },
  };
}

/** A copy of the document in which every `nullable: true` schema reads `anyOf: [schema, null]`. */
function withNullAllowed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullAllowed);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const copy = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withNullAllowed(v)]));
  return nullable === true ? { anyOf: [copy, { type: 'null' }] } : copy;
}
