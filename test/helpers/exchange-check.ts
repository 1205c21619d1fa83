import $RefParser from '@apidevtools/json-schema-ref-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIBackend, OpenAPIValidator, ValidationContext, type Operation } from 'openapi-backend';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { HttpExchange } from '../../src/platform/http/exchange-tap.js';

// The adapter's answers held to its own OpenAPI 3.1 document. A test helper, not platform code:
// it needs ajv and ajv-formats, which are devDependencies (a production install has neither).
//
// openapi-backend finds the operation and checks the headers' values, with Ajv2020 in place of its
// draft-07 Ajv (customizeAjv), on the document dereferenced first. Quick mode does not validate the
// document (its document validator has no 3.1); `validate: false` would drop the validator as well,
// since openapi-backend 5.20 makes none then. The response a status answers and its media type are
// chosen here, and the media's schema compiled with the same Ajv: openapi-backend's
// validateResponse reads application/json alone, and for a status whose response has no JSON
// schema it silently validates against `default` instead.

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

/** The operation an exchange no route answered (404, 405, 501) is held to: `default` is components.responses.Error. */
const UNROUTED = 'x-unrouted';

/** The statuses of an answer no route gave. */
const UNROUTED_STATUSES = new Set([404, 405, 501]);

/** Keywords of OpenAPI's schema dialect that are annotations only: strict Ajv refuses a keyword it does not know. */
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs', 'discriminator'];

export interface ExchangeChecker {
  /** What is wrong with an exchange for its operation, each naming its method, path and status; [] when nothing is. */
  check(exchange: HttpExchange): string[];
  /** The documented `operationId status` pairs no checked exchange was answered by. */
  unexercised(): string[];
}

/** A checker of exchanges against `document` (an OpenAPI 3.1 document; not changed). */
export async function createExchangeChecker(document: Record<string, unknown>): Promise<ExchangeChecker> {
  const definition = (await $RefParser.dereference(structuredClone(document))) as OpenAPIV3_1.Document;
  const error = definition.components?.responses?.Error;
  if (!error) throw new Error('the document has no components.responses.Error, for the answers no route gives');
  const unrouted = { get: { operationId: UNROUTED, responses: { default: error } } };
  definition.paths = { ...definition.paths, [`/${UNROUTED}`]: unrouted as OpenAPIV3_1.PathItemObject };
  const keywords = [...OPENAPI_ANNOTATIONS, ...extensionKeys(document)];
  const api = new OpenAPIBackend({
    definition,
    quick: true,
    customizeAjv: (_draft07, options) => {
      const ajv = new Ajv2020({ ...options, allErrors: true, strict: true, allowUnionTypes: true });
      addFormats(ajv);
      ajv.addVocabulary(keywords);
      return ajv as never;
    },
  });
  await api.init();
  const ajv = api.validator.getAjv(ValidationContext.Response);
  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: object) => {
    let validate = compiled.get(schema);
    // compileSchema turns the cycles of a dereferenced recursive schema back into $refs.
    if (!validate) compiled.set(schema, (validate = (OpenAPIValidator as unknown as Compiler).compileSchema(ajv, schema)));
    return validate;
  };
  const exercised = new Set<string>();

  return {
    check(exchange) {
      // The console's pages (src/apps/console) are HTML for people, not the API the document describes.
      if (/^\/console(\/|$)/.test(exchange.path)) return [];
      const where = `${exchange.method} ${exchange.path} ${exchange.status}`;
      // An answer given before its route ran (a 401 or 429 of the key check, a 413 of the body
      // reader, a 503 of the shedding) has no operationId: the operation its path and method match.
      // A 404, 405 or 501 without one is the router's: no route of this app took it (a part not
      // mounted here, as /metrics without a metrics key), held to components.responses.Error.
      const early = exchange.operationId === undefined && !UNROUTED_STATUSES.has(exchange.status);
      const operation =
        exchange.operationId !== undefined ? api.getOperation(exchange.operationId) : ((early && api.matchOperation({ method: exchange.method, path: exchange.path, headers: {} })) || api.getOperation(UNROUTED));
      if (!operation) return [`${where}: operation ${exchange.operationId} is not in the document`];
      const key = responseKey(operation, exchange.status);
      if (!key) return [`${where}: status ${exchange.status} is not documented for ${operation.operationId} (${Object.keys(operation.responses ?? {}).join(', ')})`];
      exercised.add(`${operation.operationId} ${key}`);
      const answer = operation.responses![key] as OpenAPIV3_1.ResponseObject;
      return [...headerProblems(api, operation, answer, exchange), ...bodyProblems(answer, exchange, compile)].map((p) => `${where}: ${p}`);
    },
    unexercised() {
      return api.getOperations()
        .filter((o) => o.operationId !== UNROUTED)
        .flatMap((o) => Object.keys(o.responses ?? {}).map((status) => `${o.operationId} ${status}`))
        .filter((pair) => !exercised.has(pair));
    },
  };
}

interface Compiler {
  compileSchema(ajv: unknown, schema: object): ValidateFunction;
}

/** The documented response a status is answered by: its own, its class's (4XX), or default. */
function responseKey(operation: Operation, status: number): string | undefined {
  const responses = operation.responses ?? {};
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => k in responses);
}

function headerProblems(api: OpenAPIBackend, operation: Operation, answer: OpenAPIV3_1.ResponseObject, exchange: HttpExchange): string[] {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const problems: string[] = [];
  // openapi-backend checks the values of the headers present, not whether a required one is there.
  for (const [name, header] of Object.entries(answer.headers ?? {})) {
    if ((header as OpenAPIV3_1.HeaderObject).required && !(name.toLowerCase() in headers)) problems.push(`header ${name} is required`);
  }
  const result = api.validator.validateResponseHeaders(headers, operation, { statusCode: exchange.status });
  return [...problems, ...(result.errors ?? []).map((e) => described('header', e))];
}

function bodyProblems(answer: OpenAPIV3_1.ResponseObject, exchange: HttpExchange, compile: (schema: object) => ValidateFunction): string[] {
  const content = answer.content ?? {};
  const documented = Object.keys(content);
  const mediaType = (exchange.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!mediaType) return documented.length ? [`no body, where ${documented.join(', ')} is documented`] : [];
  const media = content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*'];
  if (!media) return [`media type ${mediaType} is not documented${documented.length ? ` (${documented.join(', ')})` : ': no body is'}`];
  // A text, file or stream body is not published: its media type is all there is to check.
  if (exchange.body === undefined || !media.schema) return [];
  const validate = compile(media.schema);
  return validate(exchange.body) ? [] : (validate.errors ?? []).map((e) => described('body', e));
}

/** An Ajv error as one line: where (a JSON pointer into the body, or the header) and what is wrong. */
function described(where: string, e: ErrorObject): string {
  const path = e.instancePath.replace(/^\/headers/, '');
  const allowed = 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : '';
  const extra = 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : '';
  return `${where}${path ? ` ${path}` : ''} ${e.message ?? e.keyword}${allowed}${extra}`;
}

/** Every `x-` key of the document: our own keywords inside schemas (x-secret, x-extension…), which strict Ajv must know. */
function extensionKeys(node: unknown, found = new Set<string>()): string[] {
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(value, found);
    }
  }
  return [...found];
}
