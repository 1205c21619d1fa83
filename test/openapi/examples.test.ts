import { expect } from 'chai';
import Type from 'typebox';
import { openApiDocument } from '../../src/apps/adapter/openapi/document.js';
import { EXAMPLE_IDS } from '../../src/apps/adapter/openapi/examples.js';
import { defineOperation, type OperationSpec } from '../../src/platform/http/operation.js';
import type { HttpExchange } from '../../src/platform/http/exchange-tap.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { createExchangeChecker, type ExchangeChecker } from '../helpers/exchange-check.js';

// Every example the adapter's OpenAPI document publishes, sent through the live app (issue 44,
// part 4): the requests are read from the document GET /openapi.json serves, not from the
// TypeScript objects, since the published examples are what a reader copies. Each must get its
// `x-status`, and its answer must conform to the document (the exchange hook's checker).

const ADMIN_KEY = 'example-admin-key-0123456789abcdefghijklmnop';
const METRICS_KEY = 'example-metrics-key-0123456789abcdefghijklm';

/** The operations with no example, each for the reason its description gives. */
const WITHOUT_EXAMPLES = [
  'receiveNetworkRequest', // a network's signed message
  'completeOAuth', // a live OAuth state
];

type Json = Record<string, any>;

/** One example as the document publishes it, its parts joined by name. */
interface PublishedExample {
  operationId: string;
  method: string;
  path: string;
  security: string | undefined;
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  statuses: Set<number>;
}

/** The document's examples in its order, DELETEs last and in reverse (they remove what the others use; a key before its merchant). */
function publishedExamples(document: Json): PublishedExample[] {
  const found: PublishedExample[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const byName = new Map<string, PublishedExample>();
      const example = (name: string, ex: Json) => {
        let e = byName.get(name);
        if (!e) {
          const security = Object.keys((op.security as Json[])[0] ?? {})[0];
          byName.set(name, (e = { operationId: op.operationId, method: method.toUpperCase(), path, security, name, params: {}, query: {}, statuses: new Set() }));
        }
        e.statuses.add(ex['x-status']);
        return e;
      };
      for (const p of (op.parameters ?? []) as Json[]) {
        for (const [name, ex] of Object.entries((p.examples ?? {}) as Json)) example(name, ex)[p.in === 'path' ? 'params' : 'query'][p.name] = ex.value;
      }
      for (const media of Object.values((op.requestBody?.content ?? {}) as Json)) {
        for (const [name, ex] of Object.entries((media.examples ?? {}) as Json)) example(name, ex).body = ex.value;
      }
      for (const answer of Object.values((op.responses ?? {}) as Json)) {
        for (const media of Object.values((answer.content ?? {}) as Json)) {
          for (const [name, ex] of Object.entries((media.examples ?? {}) as Json)) example(name, ex);
        }
      }
      found.push(...byName.values());
    }
  }
  return [...found.filter((e) => e.method !== 'DELETE'), ...found.filter((e) => e.method === 'DELETE').reverse()];
}

/** Where each placeholder's live value comes from: the answer of an earlier example. */
const PLACEHOLDERS: Record<string, (answer: Json) => Record<string, string>> = {
  'submitDocument invoice': (a) => ({ [EXAMPLE_IDS.invoice]: a.document_id }),
  'submitDocument credit-note': (a) => ({ [EXAMPLE_IDS.creditNote]: a.document_id }),
  'submitDocument application-response': (a) => ({ [EXAMPLE_IDS.applicationResponse]: a.document_id }),
  'createApiKey merchant': (a) => ({ [EXAMPLE_IDS.apiKey]: a.id }),
  'downloadDocument invoice': (a) => {
    const link = new URL(a.documents[0].document_url as string);
    return { [EXAMPLE_IDS.fileExpires]: link.searchParams.get('expires')!, [EXAMPLE_IDS.fileSignature]: link.searchParams.get('signature')! };
  },
};

const ALL_PLACEHOLDERS: readonly string[] = Object.values(EXAMPLE_IDS);

describe('the OpenAPI document\'s examples, sent through the live app', function () {
  this.timeout(120_000);
  let adapter: TestAdapter;
  let document: Json;
  let checker: ExchangeChecker;

  before(async () => {
    adapter = await startTestAdapter({ env: { TRANSPORT: 'sandbox', ADMIN_API_KEY: ADMIN_KEY, METRICS_API_KEY: METRICS_KEY } });
    const res = await fetch(`${adapter.url}/openapi.json`);
    expect(res.status).to.equal(200);
    document = (await res.json()) as Json;
    checker = await createExchangeChecker(document);
  });
  after(() => adapter?.close());

  /** Preconditions of the live network an example states in its summary. */
  const preconditions: Record<string, (values: Map<string, string>) => Promise<void>> = {
    // The buyer answers a delivered invoice: the sandbox delivers 1 s after the send.
    injectBuyerResponse: (values) => delivered(values.get(EXAMPLE_IDS.invoice)!),
  };
  async function delivered(documentId: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const body = (await (await adapter.call(`/einvoicing/documents/${documentId}/status`)).json()) as Json;
      if (body.status !== 'ACCEPTED') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`document ${documentId} was not delivered`);
  }

  const authorization = (security: string | undefined): Record<string, string> => {
    if (security === 'spiKey') return { authorization: `Bearer ${adapter.key}` };
    if (security === 'adminKey') return { authorization: `Bearer ${ADMIN_KEY}` };
    if (security === 'metricsKey') return { authorization: `Bearer ${METRICS_KEY}` };
    if (security === undefined) return {};
    throw new Error(`no key for the security scheme ${security}`);
  };

  it('sends every example, each answered its x-status by an answer the document describes', async () => {
    const examples = publishedExamples(document);
    const values = new Map<string, string>();
    const problems: string[] = [];
    const sent: string[] = [];
    // An example waits for the examples whose answers give its placeholders (document order otherwise).
    let waiting = examples;
    while (waiting.length) {
      const later: PublishedExample[] = [];
      for (const example of waiting) {
        const request = JSON.stringify({ params: example.params, query: example.query, body: example.body });
        const used = ALL_PLACEHOLDERS.filter((p) => request.includes(p));
        if (!used.every((p) => values.has(p))) {
          later.push(example);
          continue;
        }
        const filled = JSON.parse(used.reduce((text, p) => text.split(p).join(values.get(p)!), request)) as Pick<PublishedExample, 'params' | 'query' | 'body'>;
        const id = `${example.operationId} ${example.name}`;
        await preconditions[example.operationId]?.(values);
        const answer = await send(example, filled);
        sent.push(id);
        problems.push(...answer.problems.map((p) => `${id}: ${p}`));
        if (answer.body !== undefined) for (const [p, v] of Object.entries(PLACEHOLDERS[id]?.(answer.body as Json) ?? {})) values.set(p, v);
      }
      if (later.length === waiting.length) {
        problems.push(...later.map((e) => `${e.operationId} ${e.name}: no earlier example gave ${ALL_PLACEHOLDERS.filter((p) => JSON.stringify(e).includes(p) && !values.has(p)).join(', ')}`));
        break;
      }
      waiting = later;
    }
    expect(problems).to.deep.equal([]);
    expect(sent).to.have.length(examples.length);

    const operations = Object.values(document.paths as Json).flatMap((item) => Object.values(item as Json).map((op) => op.operationId as string));
    const exercised = new Set(examples.map((e) => e.operationId));
    expect(operations.filter((op) => !exercised.has(op))).to.deep.equal(WITHOUT_EXAMPLES.filter((op) => operations.includes(op)));
  });

  async function send(example: PublishedExample, filled: Pick<PublishedExample, 'params' | 'query' | 'body'>): Promise<{ problems: string[]; body?: unknown }> {
    const statuses = [...example.statuses];
    if (statuses.length !== 1) return { problems: [`x-status ${statuses.join(', ')}: one status per example`] };
    const path = example.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(filled.params[name] ?? `{${name}}`));
    const query = new URLSearchParams(filled.query).toString();
    const headers: Record<string, string> = { ...authorization(example.security), ...(filled.body !== undefined && { 'content-type': 'application/json' }) };
    const res = await fetch(`${adapter.url}${path}${query ? `?${query}` : ''}`, { method: example.method, headers, ...(filled.body !== undefined && { body: JSON.stringify(filled.body) }) });
    const contentType = res.headers.get('content-type') ?? undefined;
    const text = await res.text();
    const body = contentType?.startsWith('application/json') ? (JSON.parse(text) as unknown) : undefined;
    const exchange: HttpExchange = { operationId: example.operationId, method: example.method, path, status: res.status, headers: Object.fromEntries(res.headers as unknown as Iterable<[string, string]>), contentType, body };
    const problems = res.status === statuses[0] ? [] : [`answered ${res.status}, where x-status is ${statuses[0]}: ${text.slice(0, 300)}`];
    return { problems: [...problems, ...checker.check(exchange)], body };
  }
});

describe('examples in the OpenAPI document', () => {
  const getThing = defineOperation({
    operationId: 'getThing',
    method: 'GET',
    path: '/things/{id}',
    tag: 'Admin',
    summary: 'A thing',
    security: 'admin',
    query: Type.Object({ full: Type.Optional(Type.String()) }),
    responses: { 200: Type.Object({ id: Type.String() }) },
    errors: [404],
    examples: [
      { name: 'one', summary: 'One thing', params: { id: 'a' }, query: { full: 'yes' }, status: 200 },
      { name: 'gone', summary: 'No such thing', params: { id: 'b' }, status: 404 },
    ],
  });
  const documentOf = (op: OperationSpec) => openApiDocument([op], { version: '1' }) as Json;

  it("writes each example's values where OpenAPI reads them, with its status as x-status, and lists it under the response it gets", () => {
    const op = documentOf(getThing).paths['/things/{id}'].get;
    expect(op.parameters[0].examples).to.deep.equal({ one: { summary: 'One thing', value: 'a', 'x-status': 200 }, gone: { summary: 'No such thing', value: 'b', 'x-status': 404 } });
    expect(op.parameters[1].examples).to.deep.equal({ one: { summary: 'One thing', value: 'yes', 'x-status': 200 } });
    expect(op.responses['200'].content['application/json'].examples).to.deep.equal({ one: { summary: 'One thing', 'x-status': 200 } });
    const posted = documentOf({ ...getThing, method: 'POST', body: { schema: Type.Object({ n: Type.Integer() }), validatedBy: 'serve' }, examples: [{ name: 'n', summary: 'N', params: { id: 'a' }, body: { n: 1 }, status: 200 }] });
    expect(posted.paths['/things/{id}'].post.requestBody.content['application/json'].examples).to.deep.equal({ n: { summary: 'N', value: { n: 1 }, 'x-status': 200 } });
  });

  it('refuses an example without a path parameter, with a query parameter the operation lacks, or published nowhere', () => {
    expect(() => documentOf({ ...getThing, examples: [{ name: 'x', summary: 'X', status: 200 }] })).to.throw('getThing example x: path parameters , where the path has id');
    expect(() => documentOf({ ...getThing, examples: [{ name: 'x', summary: 'X', params: { id: 'a' }, query: { fuller: 'no' }, status: 200 }] })).to.throw('fuller is not a query parameter');
    const bare = { ...getThing, path: '/things', query: undefined, responses: { 204: null } };
    expect(() => documentOf({ ...bare, examples: [{ name: 'x', summary: 'X', status: 204 }] })).to.throw('getThing: example x has no parameter, no body and a response without content');
    // A body is a place: a POST whose answer has no content is published by its body.
    const created = documentOf({ ...bare, method: 'POST', body: { schema: Type.Object({}), validatedBy: 'serve' }, examples: [{ name: 'x', summary: 'X', body: {}, status: 204 }] });
    expect(created.paths['/things'].post.requestBody.content['application/json'].examples).to.deep.equal({ x: { summary: 'X', value: {}, 'x-status': 204 } });
  });
});
