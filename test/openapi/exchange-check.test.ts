import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { createLogger } from '../../src/lib/log.js';
import { BareStatusError, errorMiddleware, SpiError } from '../../src/platform/http/errors.js';
import { exchangeTap, HTTP_EXCHANGE_CHANNEL, type HttpExchange } from '../../src/platform/http/exchange-tap.js';
import { startTestAdapter } from '../helpers/adapter.js';
import { createExchangeChecker, type ExchangeChecker } from '../helpers/exchange-check.js';

// A small OpenAPI 3.1 document with what 3.0 lacks and ours uses: type lists with null, const,
// patternProperties, prefixItems (2020-12), schemas hoisted to components and $ref'd twice, and our own keywords.
const document = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'a page',
            headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
            content: {
              'application/json': {
                schema: { type: 'object', additionalProperties: false, required: ['items', 'next'], properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, next: { type: ['string', 'null'] } } },
              },
            },
          },
        },
      },
    },
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': {
            description: 'the thing',
            headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' }, 'Retry-After': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } }, 'application/pdf': {} },
          },
          '4XX': { $ref: '#/components/responses/Error' },
        },
      },
    },
  },
  components: {
    headers: { RequestId: { required: true, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' } } },
    schemas: {
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'id', 'note', 'labels'],
        properties: {
          kind: { const: 'thing' },
          id: { type: 'string', format: 'uuid' },
          note: { type: ['string', 'null'], 'x-extension': true },
          labels: { type: 'object', patternProperties: { '^[a-z]+$': { type: 'string' } }, additionalProperties: false },
          token: { type: 'string', 'x-secret': true },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 2 },
        },
      },
    },
    responses: {
      Error: {
        description: 'an error',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
        content: {
          'application/json': {
            schema: { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } } } },
          },
        },
      },
    },
  },
};

const thing = { kind: 'thing', id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', note: null, labels: { colour: 'red' }, token: 'sealed', pair: ['a', 1] };
const json = 'application/json; charset=utf-8';
const headers = { 'x-request-id': 'r-1', 'content-type': json };

function exchange(over: Partial<HttpExchange> = {}): HttpExchange {
  return { operationId: 'getThing', method: 'GET', path: '/things/1', status: 200, headers, contentType: json, body: thing, ...over };
}

describe('the exchange checker (an OpenAPI 3.1 document)', () => {
  let checker: ExchangeChecker;
  before(async () => {
    checker = await createExchangeChecker(document);
  });

  it('passes conforming answers: null in a type list, const, patternProperties, prefixItems, a hoisted schema used twice, our x- keywords', () => {
    expect(checker.check(exchange())).to.deep.equal([]);
    expect(checker.check(exchange({ body: { ...thing, note: 'a note', labels: {} } }))).to.deep.equal([]);
    const page = { items: [thing, { ...thing, note: 'n' }], next: 'cursor' };
    expect(checker.check(exchange({ operationId: 'listThings', path: '/things', body: page }))).to.deep.equal([]);
    expect(checker.check(exchange({ operationId: 'listThings', path: '/things', body: { items: [], next: null } }))).to.deep.equal([]);
  });

  it('names a wrong type, a wrong const, a key no pattern allows and a tuple too long, with the path and status', () => {
    expect(checker.check(exchange({ body: { ...thing, note: 5 } }))).to.deep.equal(['GET /things/1 200: body /note must be string,null']);
    expect(checker.check(exchange({ body: { ...thing, kind: 'other' } }))).to.deep.equal(['GET /things/1 200: body /kind must be equal to constant']);
    expect(checker.check(exchange({ body: { ...thing, labels: { Colour: 'red' } } }))).to.deep.equal(['GET /things/1 200: body /labels must NOT have additional properties (Colour)']);
    expect(checker.check(exchange({ body: { ...thing, pair: ['a', 1, 2] } }))).to.deep.equal(['GET /things/1 200: body /pair must NOT have more than 2 items']);
    const page = { items: [{ ...thing, id: 'not-a-uuid' }], next: null };
    expect(checker.check(exchange({ operationId: 'listThings', path: '/things', body: page }))).to.deep.equal(['GET /things 200: body /items/0/id must match format "uuid"']);
  });

  it('names a missing required field', () => {
    const { id: _id, ...body } = thing;
    expect(checker.check(exchange({ body }))).to.deep.equal(["GET /things/1 200: body must have required property 'id'"]);
  });

  it('names a status the operation does not document, and takes a class (4XX) for its statuses', () => {
    expect(checker.check(exchange({ status: 500, body: { message: 'x' } }))).to.deep.equal(['GET /things/1 500: status 500 is not documented for getThing (200, 4XX)']);
    expect(checker.check(exchange({ status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'no thing' }] } }))).to.deep.equal([]);
    expect(checker.check(exchange({ status: 409, body: { errors: [{ code: 'CONFLICT' }] } }))).to.deep.equal(["GET /things/1 409: body /errors/0 must have required property 'message'"]);
  });

  it('names a media type the status does not document, and a body missing or unexpected', () => {
    expect(checker.check(exchange({ contentType: 'text/html', body: undefined }))).to.deep.equal(['GET /things/1 200: media type text/html is not documented (application/json, application/pdf)']);
    expect(checker.check(exchange({ contentType: 'application/pdf', body: undefined }))).to.deep.equal([]);
    expect(checker.check(exchange({ contentType: undefined, body: undefined }))).to.deep.equal(['GET /things/1 200: no body, where application/json, application/pdf is documented']);
  });

  it('names a required header missing, and a header whose value its schema refuses', () => {
    expect(checker.check(exchange({ headers: { 'content-type': json } }))).to.deep.equal(['GET /things/1 200: header X-Request-Id is required']);
    expect(checker.check(exchange({ headers: { ...headers, 'x-request-id': 'has space' } }))).to.deep.equal(['GET /things/1 200: header /x-request-id must match pattern "^[\\x21-\\x7e]{1,200}$"']);
    expect(checker.check(exchange({ headers: { ...headers, 'retry-after': 'soon' } }))).to.deep.equal(['GET /things/1 200: header /retry-after must be integer']);
    expect(checker.check(exchange({ headers: { ...headers, 'retry-after': '5' } }))).to.deep.equal([]);
  });

  it('holds an answer no route gave (no operation) to components.responses.Error', () => {
    const unrouted = { operationId: undefined, path: '/nothing', status: 404 };
    expect(checker.check(exchange({ ...unrouted, body: { errors: [{ code: 'NOT_FOUND', message: 'no resource' }] } }))).to.deep.equal([]);
    expect(checker.check(exchange({ ...unrouted, body: { message: 'x' } }))).to.deep.equal(["GET /nothing 404: body must have required property 'errors'"]);
    expect(checker.check(exchange({ operationId: 'nope' }))).to.deep.equal(['GET /things/1 200: operation nope is not in the document']);
  });

  it('holds an answer given before its route ran (no operationId) to the operation its method and path match', () => {
    // A 401 of the key check has no body; the operation's 4XX (Error) wants one, the unrouted Error as well.
    const early = { operationId: undefined, path: '/things/7', status: 418, body: { errors: [{ code: 'TEAPOT', message: 'short and stout' }] } };
    expect(checker.check(exchange(early))).to.deep.equal([]);
    expect(checker.check(exchange({ ...early, status: 302 }))).to.deep.equal(['GET /things/7 302: status 302 is not documented for getThing (200, 4XX)']);
    expect(checker.check(exchange({ ...early, method: 'DELETE', status: 405 }))).to.deep.equal([]);
    // A 404 without an operation is the router's, for a route this app does not mount: Error, whatever the path.
    expect(checker.check(exchange({ ...early, status: 404 }))).to.deep.equal([]);
    expect(checker.check(exchange({ ...early, status: 404, body: { message: 'x' } }))).to.deep.equal(["GET /things/7 404: body must have required property 'errors'"]);
  });

  it('says which documented answers no exchange exercised', async () => {
    const fresh = await createExchangeChecker(document);
    expect(fresh.unexercised()).to.deep.equal(['listThings 200', 'getThing 200', 'getThing 4XX']);
    fresh.check(exchange({ status: 404, body: { errors: [] } }));
    expect(fresh.unexercised()).to.deep.equal(['listThings 200', 'getThing 200']);
  });

  it('leaves the document it was given as it was', async () => {
    const copy = structuredClone(document);
    await createExchangeChecker(copy);
    expect(copy).to.deep.equal(document);
  });
});

describe('the exchange tap', () => {
  const TEST_CHANNEL = 'einvoicing-adapter:test-exchange';
  const published: HttpExchange[] = [];
  const onExchange = (message: unknown) => void published.push(message as HttpExchange);
  let server: Server;
  let url: string;
  before(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(exchangeTap(TEST_CHANNEL)); // not the adapter's channel: these answers are no operation of its document
    app.use(errorMiddleware({ logger: createLogger('silent') }));
    app.use(async (ctx) => {
      ctx.state.operationId = ctx.path.slice(1);
      if (ctx.path === '/thing') ctx.body = thing;
      else if (ctx.path === '/missing') throw SpiError.one(404, 'NOT_FOUND', 'no such thing');
      else if (ctx.path === '/crash') throw new Error('a bug');
      else if (ctx.path === '/text') ctx.body = 'plain words';
      else if (ctx.path === '/file') ctx.body = Buffer.from('%PDF-1.7');
      else if (ctx.path === '/accepted') ctx.status = 202; // Koa writes "Accepted" as text/plain
      else if (ctx.path === '/bare') throw new BareStatusError(401); // no body at all
      else ctx.state.operationId = undefined; // no route: errorMiddleware answers 404
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    subscribe(TEST_CHANNEL, onExchange);
    subscribe(HTTP_EXCHANGE_CHANNEL, onExchange);
  });
  after(() => {
    unsubscribe(TEST_CHANNEL, onExchange);
    unsubscribe(HTTP_EXCHANGE_CHANNEL, onExchange);
    server.close();
  });
  beforeEach(() => void (published.length = 0));

  it('publishes a JSON answer with its operation, status, headers and the object as body', async () => {
    const res = await fetch(`${url}/thing?x=1`);
    expect(res.status).to.equal(200);
    expect(published).to.have.length(1);
    expect(published[0]).to.deep.include({ operationId: 'thing', method: 'GET', path: '/thing', status: 200, contentType: 'application/json; charset=utf-8', body: thing });
    expect(published[0]!.headers['content-type']).to.equal('application/json; charset=utf-8');
  });

  it('publishes the final answer of an error thrown through errorMiddleware', async () => {
    await fetch(`${url}/missing`);
    await fetch(`${url}/crash`);
    await fetch(`${url}/unrouted`, { method: 'POST' });
    expect(published.map(({ operationId, status, body }) => ({ operationId, status, body }))).to.deep.equal([
      { operationId: 'missing', status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'no such thing' }] } },
      { operationId: 'crash', status: 500, body: { message: 'Unexpected error during processing the request.' } },
      { operationId: undefined, status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'no resource at POST /unrouted' }] } },
    ]);
  });

  it('publishes a text or file answer by its content type alone, a status without a body as Koa answers it, and nothing for HEAD', async () => {
    await fetch(`${url}/text`);
    await fetch(`${url}/file`);
    await fetch(`${url}/thing`, { method: 'HEAD' });
    const accepted = await fetch(`${url}/accepted`);
    const bare = await fetch(`${url}/bare`);
    expect([accepted.headers.get('content-type'), await accepted.text(), bare.headers.get('content-type'), await bare.text()]).to.deep.equal(['text/plain; charset=utf-8', 'Accepted', null, '']);
    expect(published.map(({ path, contentType, body }) => ({ path, contentType, body }))).to.deep.equal([
      { path: '/text', contentType: 'text/plain; charset=utf-8', body: undefined },
      { path: '/file', contentType: 'application/octet-stream', body: undefined },
      { path: '/accepted', contentType: 'text/plain; charset=utf-8', body: undefined },
      { path: '/bare', contentType: undefined, body: undefined },
    ]);
  });

  it("is in the adapter's app, outside its error path", async () => {
    const adapter = await startTestAdapter();
    try {
      published.length = 0;
      await adapter.call('/health', { key: null });
      await adapter.call('/einvoicing/nothing-here');
      expect(published.map(({ method, path, status }) => ({ method, path, status }))).to.deep.equal([
        { method: 'GET', path: '/health', status: 200 },
        { method: 'GET', path: '/einvoicing/nothing-here', status: 404 },
      ]);
      expect(published[1]!.body).to.deep.equal({ errors: [{ code: 'NOT_FOUND', message: 'no resource at GET /einvoicing/nothing-here' }] });
    } finally {
      await adapter.close();
    }
  });
});
