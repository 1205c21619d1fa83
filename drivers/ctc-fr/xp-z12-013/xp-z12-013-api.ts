import $RefParser from '@apidevtools/json-schema-ref-parser';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, ValidationContext, type Operation } from 'openapi-backend';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { directoryServiceDocument } from './directory-service.openapi.js';
import { flowServiceDocument } from './flow-service.openapi.js';
import { formParts } from '../../../src/platform/http/form-parts.js';
import { oauthTokenDocument } from './oauth-token.openapi.js';

// The XP Z12-013 documents as judges of an exchange: openapi-backend finds the operation a request
// is for and checks its parameters and JSON body; the answer is checked here against the
// response of its status and media type (openapi-backend reads only application/json answers,
// and would hold getFlow's file against the Flow schema). ajv-formats checks formats (uuid,
// date-time with its offset, uri, byte). A multipart body is read into its parts first: the JSON
// parts parsed, the binary parts checked present (openapi-backend drops binary parts from the
// required list, as it cannot see them).
//
// ajv and ajv-formats are devDependencies: this module is for the contract tests and the sandbox
// platform's tests. Whatever loads it at run time needs both moved to dependencies.

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

export interface ExchangeRequest {
  method: string;
  /** The path below the service's root (`/v1/flows`), without its query. */
  path: string;
  headers: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** Parsed JSON, or the text of a multipart or form-encoded body. */
  body?: unknown;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, the text of a file, or absent. */
  body?: unknown;
}

/** An initialised validating OpenAPIBackend of a document (a copy: the backend dereferences it in place). */
export async function openApiJudge(document: OpenAPIV3.Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    // Dereferenced here, so openapi-backend's quick start (validators compiled on each
    // operation's first use, the document not validated again) works on it: the sandbox's
    // platform starts in milliseconds instead of seconds. The contract tests check every operation.
    definition: (await $RefParser.dereference(structuredClone(document))) as OpenAPIV3.Document,
    quick: true,
    validate: true,
    strict: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      // A format OpenAPI names for the UI only; any string is one.
      ajv.addFormat('password', true);
      return ajv;
    },
  });
  // Read before init: openapi-backend drops binary parts from the required lists it compiles, in place.
  formRequired.set(api, requiredFormParts(document));
  await api.init();
  return api;
}

/** The parts each operation's multipart/form-data body requires, by operationId. */
const formRequired = new WeakMap<OpenAPIBackend, Map<string, string[]>>();

function requiredFormParts(document: OpenAPIV3.Document): Map<string, string[]> {
  const resolve = <T>(node: T | OpenAPIV3.ReferenceObject | undefined): T | undefined => {
    let n: unknown = node;
    while (n && typeof n === 'object' && '$ref' in n) n = (n as OpenAPIV3.ReferenceObject).$ref.slice(2).split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], document);
    return n as T | undefined;
  };
  const required = new Map<string, string[]>();
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item ?? {}) as OpenAPIV3.OperationObject[]) {
      const media = resolve<OpenAPIV3.RequestBodyObject>(op?.requestBody)?.content?.['multipart/form-data'];
      if (op?.operationId && media) required.set(op.operationId, resolve<OpenAPIV3.SchemaObject>(media.schema)?.required ?? []);
    }
  }
  return required;
}

let flow: Promise<OpenAPIBackend> | undefined;
let directory: Promise<OpenAPIBackend> | undefined;
let token: Promise<OpenAPIBackend> | undefined;

/** The Flow Service (Annex A 1.2.0, restated). */
export function flowServiceApi(): Promise<OpenAPIBackend> {
  return (flow ??= openApiJudge(flowServiceDocument));
}

/** The Directory Service (Annex B 1.2.0, restated). */
export function directoryServiceApi(): Promise<OpenAPIBackend> {
  return (directory ??= openApiJudge(directoryServiceDocument));
}

/** The OAuth 2.0 client credentials token endpoint (RFC 6749 §4.4). */
export function oauthTokenApi(): Promise<OpenAPIBackend> {
  return (token ??= openApiJudge(oauthTokenDocument));
}

/**
 * A document whose one operation, `operationId` at `path`, is the callback `name` of `document`
 * (createFlow's WebhookCallback): what a platform posts to the URL a subscriber gave.
 */
export function callbackApi(document: OpenAPIV3.Document, name: string, path: string, operationId: string): Promise<OpenAPIBackend> {
  const callback = document.components?.callbacks?.[name] as OpenAPIV3.CallbackObject | undefined;
  const item = callback && Object.values(callback)[0];
  if (!item?.post) throw new Error(`${document.info.title} has no POST callback ${name}`);
  return openApiJudge({ ...document, paths: { [path]: { post: { ...item.post, operationId } } } });
}

/** What is wrong with an exchange for the operation its request matches; [] when nothing is. */
export async function exchangeProblems(api: OpenAPIBackend, request: ExchangeRequest, response: ExchangeResponse): Promise<string[]> {
  const requestHeaders = lowerCased(request.headers);
  const operation = api.matchOperation({ method: request.method, path: request.path, headers: requestHeaders, query: request.query ?? {} });
  if (!operation) return [`${request.method} ${request.path} is no operation of ${api.definition.info.title}`];
  return [...(await operationRequestProblems(api, operation, request, requestHeaders)), ...responseProblems(api, operation, response)];
}

/** What is wrong with a request for the operation it matches (the sandbox's platform refuses it so); [] when nothing is. */
export async function requestProblems(api: OpenAPIBackend, request: ExchangeRequest): Promise<string[]> {
  const headers = lowerCased(request.headers);
  const operation = api.matchOperation({ method: request.method, path: request.path, headers, query: request.query ?? {} });
  if (!operation) return [`${request.method} ${request.path} is no operation of ${api.definition.info.title}`];
  return operationRequestProblems(api, operation, request, headers);
}

async function operationRequestProblems(api: OpenAPIBackend, operation: Operation, request: ExchangeRequest, headers: Record<string, string>): Promise<string[]> {
  const problems: string[] = [];
  const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
  let body = request.body;
  if (content && body !== undefined) {
    const mediaType = mediaTypeOf(headers['content-type']);
    const media = content[mediaType];
    if (!media) return [`request Content-Type ${mediaType || '(none)'}: the operation takes ${Object.keys(content).join(', ')}`];
    if (mediaType === 'multipart/form-data') {
      const read = await formFields(media, formRequired.get(api)?.get(operation.operationId!) ?? [], body as Buffer | string, headers['content-type']!);
      if (typeof read === 'string') return [`request body: ${read}`];
      problems.push(...read.problems);
      body = read.fields;
    } else if (mediaType === 'application/x-www-form-urlencoded') {
      body = Object.fromEntries(new URLSearchParams(String(body)));
    }
  } else if (!content && body !== undefined && body !== '') {
    problems.push('request body: the operation takes none');
  }
  const result = api.validateRequest({ method: request.method, path: request.path, headers, query: request.query ?? {}, body }, operation);
  return [...problems, ...(result.errors ?? []).map((e) => described('request', e))];
}

/** A multipart body's fields as the schema sees them: JSON parts parsed, files as their text. */
async function formFields(media: OpenAPIV3.MediaTypeObject, required: string[], body: Buffer | string, contentType: string): Promise<{ fields: Record<string, unknown>; problems: string[] } | string> {
  const parts = await formParts(body, contentType);
  if (typeof parts === 'string') return parts;
  const fields: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const part of parts) {
    const expected = media.encoding?.[part.name]?.contentType;
    if (expected && !expected.split(',').some((t) => t.trim() === mediaTypeOf(part.contentType))) {
      problems.push(`request part ${part.name}: Content-Type ${part.contentType ?? '(none)'}, not ${expected}`);
    }
    if (mediaTypeOf(part.contentType) !== 'application/json') {
      fields[part.name] = part.content.toString('latin1');
      continue;
    }
    try {
      fields[part.name] = JSON.parse(part.content.toString('utf8'));
    } catch (e) {
      problems.push(`request part ${part.name}: not JSON (${(e as Error).message})`);
    }
  }
  for (const name of required) if (!(name in fields)) problems.push(`request body must have required part '${name}'`);
  return { fields, problems };
}

const compiled = new WeakMap<object, ValidateFunction>();

function responseProblems(api: OpenAPIBackend, operation: Operation, response: ExchangeResponse): string[] {
  const responses = operation.responses ?? {};
  const answer = (responses[String(response.status)] ?? responses[`${String(response.status)[0]}XX`] ?? responses.default) as OpenAPIV3.ResponseObject | undefined;
  if (!answer) return [`response status ${response.status}: the operation documents ${Object.keys(responses).join(', ')}`];
  const headers = lowerCased(response.headers);
  const problems = (api.validator.validateResponseHeaders(headers, operation, { statusCode: response.status }).errors ?? []).map((e) => described('response', e));
  // openapi-backend checks the headers' values only, not whether a required one is there.
  for (const [name, header] of Object.entries(answer.headers ?? {})) {
    if ((header as OpenAPIV3.HeaderObject).required && !(name.toLowerCase() in headers)) problems.push(`response headers.${name.toLowerCase()} is required`);
  }
  const empty = response.body === undefined || response.body === '';
  if (!answer.content) return empty ? problems : [...problems, `response body: status ${response.status} has none`];
  const mediaType = mediaTypeOf(headers['content-type']);
  const media = answer.content[mediaType];
  if (!media) return [...problems, `response Content-Type ${mediaType || '(none)'}: status ${response.status} answers ${Object.keys(answer.content).join(', ')}`];
  if (!media.schema) return typeof response.body === 'string' && !empty ? problems : [...problems, 'response body: a file is expected'];
  let validate = compiled.get(media.schema);
  if (!validate) compiled.set(media.schema, (validate = api.validator.getAjv(ValidationContext.Response).compile(media.schema)));
  return validate(response.body) ? problems : [...problems, ...(validate.errors ?? []).map((e) => described('response body', e))];
}

/** An ajv error as a line naming where it is (the field) and what is wrong. */
function described(where: string, e: ErrorObject): string {
  const allowed = 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : '';
  return `${where}${e.instancePath.replace(/\//g, '.').replace(/^\./, ' ')} ${e.message ?? e.keyword}${allowed}`;
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
