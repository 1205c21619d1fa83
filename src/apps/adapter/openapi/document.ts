import type { TSchema } from 'typebox';
import { nameOf } from '../../../lib/schema-name.js';
import { defaultStatus, Media, type OperationExample, type OperationSpec, type ResponseSpec, type Security } from '../../../platform/http/operation.js';
import { BasicErrorSchema, ErrorResponseSchema } from '../schemas/responses.js';
import { CallbackFormSchema } from '../callbacks/callback-form.js';

// The adapter's own OpenAPI 3.1 document (issue 44), generated from the operations its routers
// serve: nothing here is written beside the routes, so the document is what the code does. A pure
// function of the operations: GET /openapi.json builds it once per app, the tests build it too.

type Json = Record<string, unknown>;

export interface DocumentOptions {
  version: string;
  /** PUBLIC_URL: the document's server when set. */
  publicUrl?: string | undefined;
}

/** Our own schema keywords, which OpenAPI does not know: published as `x-` extensions. */
const OWN_KEYWORDS: Readonly<Record<string, string>> = { secret: 'x-secret' };

const TAGS = [
  { name: 'SPI', description: "The billing platform's e-invoicing service provider interface, as the adapter implements it (with the extension keys it accepts, marked `x-extension`)." },
  { name: 'Sandbox', description: 'The sandbox network\'s control API: mounted only with TRANSPORT=sandbox, behind an SPI key.' },
  { name: 'Admin', description: 'Business entities, merchants, their keys, the outbox and the sealing key: behind ADMIN_API_KEY.' },
  { name: 'Receivers', description: 'What others call on the adapter without a key: networks, the OAuth redirect, signed file links.' },
  { name: 'Operations', description: 'Health, metrics and this document.' },
];

const SECURITY: Readonly<Record<Security, Json[]>> = {
  spi: [{ spiKey: [] }],
  admin: [{ adminKey: [] }],
  metrics: [{ metricsKey: [] }],
  none: [],
};

const REQUEST_ID = { $ref: '#/components/headers/RequestId' };
/** What a request id may be (request-identity.ts's USABLE_ID). */
const REQUEST_ID_PATTERN = '^[\\x21-\\x7e]{1,200}$';
const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } };

/** The error answers by status (errorMiddleware's bodies): a bodiless 401 and 429, a masked 500, the SPI's error_response otherwise. */
function errorResponse(status: number): Json {
  if (status === 401) return { $ref: '#/components/responses/Unauthorized' };
  if (status === 429) return { $ref: '#/components/responses/TooManyRequests' };
  if (status === 500) return { $ref: '#/components/responses/Unexpected' };
  return { $ref: '#/components/responses/Error' };
}

/** The OpenAPI document of these operations. */
export function openApiDocument(ops: readonly OperationSpec[], options: DocumentOptions): Json {
  const schemas = new SchemaTable();
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of ops) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, schemas);
  const errorSchema = schemas.ref(ErrorResponseSchema, 'ErrorResponse');
  const basicError = schemas.ref(BasicErrorSchema, 'BasicError');
  const form = schemas.ref(CallbackFormSchema);
  const webhook = (operationId: string, what: string): Json => ({
    post: {
      operationId,
      tags: ['SPI'],
      summary: `A status change of ${what}, posted to the platform`,
      description: `Posted by the adapter's callback outbox to \`{site}/api/v2/${what === 'an invoice' ? 'invoices' : 'credit_notes'}/{document_id}/einvoice_status\` with the merchant's OAuth bearer token, once per status change, retried until CALLBACK_RETRY_HORIZON.`,
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } },
      responses: { '200': { description: 'Taken; any 2xx is.' } },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'E-invoicing adapter',
      version: options.version,
      description: 'Everything the adapter serves: the SPI as implemented, the sandbox control API, the admin API and the receivers. Generated from the schemas the routes validate with. Every response carries X-Request-Id.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    ...(options.publicUrl && { servers: [{ url: options.publicUrl }] }),
    tags: TAGS,
    paths,
    webhooks: { invoiceStatus: webhook('invoiceStatus', 'an invoice'), creditNoteStatus: webhook('creditNoteStatus', 'a credit note') },
    components: {
      schemas: schemas.definitions(),
      securitySchemes: {
        spiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An SPI key (the operator\'s ADAPTER_API_KEY or a merchant\'s): the raw JSON credential the platform sends, `Bearer <key>`, or the bare key.' },
        adminKey: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_KEY.' },
        metricsKey: { type: 'http', scheme: 'bearer', description: 'METRICS_API_KEY.' },
      },
      headers: {
        RequestId: {
          description: "The request's id: the platform's trace_id when it sent one, else the X-Request-Id asked for, else a fresh one; every log line the request causes names it (request_id), the background work it queued included.",
          required: true,
          schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
        },
      },
      parameters: {
        TraceId: { name: 'trace_id', in: 'header', required: false, description: "The platform's trace id (the SPI's header; also read from a JSON Authorization's trace_id): the request's id when usable, answered in X-Request-Id.", schema: { type: 'string' } },
        MerchantId: { name: 'merchant_id', in: 'header', required: false, description: "The platform's merchant id (the SPI's header; also read from a JSON Authorization's merchant_id): named on the request's log line.", schema: { type: 'string' } },
        XRequestId: { name: 'X-Request-Id', in: 'header', required: false, description: 'A request id asked for by a proxy or a caller (nginx drops underscored headers such as trace_id by default): used when no trace_id is sent. Printable ASCII without spaces, at most 200 characters; anything else is replaced by a fresh id.', schema: { type: 'string' } },
      },
      responses: {
        Error: { description: 'The SPI\'s error_response: one item per problem.', headers: { 'X-Request-Id': REQUEST_ID }, content: { 'application/json': { schema: errorSchema } } },
        Unauthorized: { description: 'No key, or a key that opens nothing here: no body.', headers: { 'X-Request-Id': REQUEST_ID } },
        TooManyRequests: { description: 'Too many failed keys from this address or with this key: no body.', headers: { 'X-Request-Id': REQUEST_ID, 'Retry-After': RETRY_AFTER } },
        Unexpected: { description: 'Unexpected: the details are in the log, under the request id.', headers: { 'X-Request-Id': REQUEST_ID }, content: { 'application/json': { schema: basicError } } },
      },
    },
  };
}

/** The headers every request may carry (src/platform/http/request-identity.ts): the SPI's trace_id and merchant_id, and X-Request-Id. */
const IDENTITY_HEADERS = ['TraceId', 'MerchantId', 'XRequestId'].map((name) => ({ $ref: `#/components/parameters/${name}` }));

function operationObject(op: OperationSpec, schemas: SchemaTable): Json {
  const examples = new OperationExamples(op);
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' }, ...examples.of('params', m[1]!) }));
  const required = new Set((op.query as { required?: string[] } | undefined)?.required ?? []);
  const queryParams = Object.entries((op.query?.properties ?? {}) as Record<string, TSchema>).map(([name, schema]) => {
    const converted = schemas.convert(schema);
    const description = (schema as { description?: string }).description;
    return { name, in: 'query', required: required.has(name), ...(description && { description }), schema: converted, ...examples.of('query', name) };
  });
  const parameters = [...pathParams, ...queryParams, ...IDENTITY_HEADERS];
  const responses: Record<string, Json> = {};
  for (const [status, spec] of Object.entries(op.responses)) responses[status] = responseObject(Number(status), spec, op, schemas, spec === null ? undefined : examples.answered(Number(status)));
  for (const status of op.errors) responses[String(status)] ??= errorResponse(status);
  // A raw body (a network's own message) is not JSON: its examples would have nowhere to go.
  const body = op.body && requestBody(op.body, schemas, 'raw' in op.body ? undefined : examples.bodies());
  examples.checkPublished();
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description && { description: op.description }),
    security: SECURITY[op.security],
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: body }),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

function requestBody(body: NonNullable<OperationSpec['body']>, schemas: SchemaTable, examples: Json | undefined): Json {
  const description = body.description && { description: body.description };
  if ('raw' in body) return { required: true, ...description, content: Object.fromEntries(body.raw.map((type) => [type, {}])) };
  const schema = 'schemaOf' in body ? body.schemaOf() : body.schema;
  return { required: true, ...description, content: { 'application/json': { schema: schemas.convert(schema), ...(examples && { examples }) } } };
}

function responseObject(status: number, spec: ResponseSpec, op: OperationSpec, schemas: SchemaTable, examples: Json | undefined): Json {
  const extra = Object.fromEntries(Object.entries(op.headers?.[status] ?? {}).map(([name, example]) => [name, { schema: { type: 'string' }, example }]));
  const headers = { 'X-Request-Id': REQUEST_ID, ...extra };
  const description = spec instanceof Media && spec.description ? spec.description : status === defaultStatus(op) ? op.summary : `HTTP ${status}`;
  if (spec === null) return { description, headers };
  const listed = examples && { examples };
  if (spec instanceof Media) {
    return { description, headers, content: Object.fromEntries(Object.entries(spec.types).map(([type, schema]) => [type, { ...(schema && { schema: schemas.convert(schema) }), ...listed }])) };
  }
  return { description, headers, content: { 'application/json': { schema: schemas.convert(spec), ...listed } } };
}

/**
 * An operation's examples as OpenAPI Example Objects: each where it has something to say (the
 * values of its path and query parameters, its request body), and under the response it gets
 * when that response has content, each with the status it gets as `x-status`. A reader (the
 * examples test) joins them by name. An example published nowhere, or without a value for a path
 * parameter, is an error of the examples, thrown when the document is built.
 */
class OperationExamples {
  private readonly published = new Set<string>();

  constructor(private readonly op: OperationSpec) {
    const names = new Set<string>();
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    for (const example of op.examples ?? []) {
      if (names.has(example.name)) throw new Error(`${op.operationId}: two examples are named ${example.name}`);
      names.add(example.name);
      const given = Object.keys(example.params ?? {});
      if (given.length !== pathParams.length || !pathParams.every((p) => given.includes(p))) throw new Error(`${op.operationId} example ${example.name}: path parameters ${given.join(', ')}, where the path has ${pathParams.join(', ')}`);
      const query = Object.keys(example.query ?? {}).filter((q) => !(q in ((op.query?.properties ?? {}) as object)));
      if (query.length) throw new Error(`${op.operationId} example ${example.name}: ${query.join(', ')} is not a query parameter`);
    }
  }

  /** `examples` of a path or query parameter: the examples that give it a value. */
  of(where: 'params' | 'query', name: string): Json {
    const using = (this.op.examples ?? []).filter((e) => e[where]?.[name] !== undefined);
    return using.length ? { examples: this.objects(using, (e) => e[where]![name]) } : {};
  }

  /** The request body's `examples`: the examples that send one. */
  bodies(): Json | undefined {
    const sending = (this.op.examples ?? []).filter((e) => e.body !== undefined);
    return sending.length ? this.objects(sending, (e) => e.body) : undefined;
  }

  /** The examples that get `status`, listed under its response (without a value: the answer is the live one). */
  answered(status: number): Json | undefined {
    const getting = (this.op.examples ?? []).filter((e) => e.status === status);
    return getting.length ? this.objects(getting) : undefined;
  }

  /** Throws for an example that is nowhere in the document (no input, and a response without content). */
  checkPublished(): void {
    const lost = (this.op.examples ?? []).filter((e) => !this.published.has(e.name));
    if (lost.length) throw new Error(`${this.op.operationId}: example ${lost.map((e) => e.name).join(', ')} has no parameter, no body and a response without content to be listed under`);
  }

  private objects(examples: readonly OperationExample[], value?: (e: OperationExample) => unknown): Json {
    return Object.fromEntries(
      examples.map((e) => {
        this.published.add(e.name);
        return [e.name, { summary: e.summary, ...(value && { value: value(e) }), 'x-status': e.status }];
      }),
    );
  }
}

/**
 * Schemas as JSON, the named ones (`named()`) published once under components.schemas and
 * referenced by `$ref`; our own keywords renamed to `x-` ones.
 */
class SchemaTable {
  private readonly defined = new Map<string, Json>();
  private readonly sources = new Map<string, object>();

  /** A `$ref` to the schema under its name (given here or by `named()`). */
  ref(schema: TSchema, name = nameOf(schema)): Json {
    if (!name) throw new Error('SchemaTable.ref: the schema has no name');
    const source = this.sources.get(name);
    if (source && source !== schema) throw new Error(`two schemas are named ${name}`);
    if (!source) {
      this.sources.set(name, schema);
      this.defined.set(name, {}); // before the walk: a schema that holds itself refers to its name
      this.defined.set(name, this.walk(schema) as Json);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  convert(schema: TSchema): Json {
    return this.walk(schema, false) as Json;
  }

  definitions(): Json {
    return Object.fromEntries([...this.defined.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  private walk(value: unknown, top = true): unknown {
    if (Array.isArray(value)) return value.map((v) => this.walk(v, false));
    if (typeof value !== 'object' || value === null) return value;
    const name = nameOf(value);
    if (name && !top) return this.ref(value as TSchema, name);
    // Object.entries: typebox's own markers (`~kind`, `~optional`) are not enumerable, as JSON.stringify does not see them.
    // A keyword of ours has a plain value (`secret: true`); a property of that name has a schema.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [(typeof v !== 'object' && OWN_KEYWORDS[k]) || k, this.walk(v, false)]));
  }
}
