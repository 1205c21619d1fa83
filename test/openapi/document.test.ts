import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { fullAdapterDocument } from '../../src/apps/adapter/openapi/full-document.js';
import { ApplicationResponseDocumentSchema, EnvelopeSchema, MainDocumentSchema, OverridesSchema, SubmissionBodySchema } from '../../src/spi/document.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { requireShared, sharedPath } from '../helpers/shared-folder.js';

// The adapter's own OpenAPI document (issue 44): served at GET /openapi.json, valid OpenAPI 3.1
// by the official schema, every reference resolving, and no SPI path of ours that the SPI lacks.

type Json = Record<string, unknown>;
const SPEC = sharedPath('spec', 'einvoicing-spi.openapi.yaml');
const METRICS_KEY = 'm'.repeat(40);

/** Every object in the document, with the key it sits under. */
function* nodes(value: unknown, key = ''): Generator<[string, Json]> {
  if (Array.isArray(value)) for (const v of value) yield* nodes(v, key);
  else if (typeof value === 'object' && value !== null) {
    yield [key, value as Json];
    for (const [k, v] of Object.entries(value)) yield* nodes(v, k);
  }
}

function operations(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
}

describe('the OpenAPI document (GET /openapi.json)', function () {
  let adapter: TestAdapter;
  let served: Json;
  let etag: string;
  before(async () => {
    adapter = await startTestAdapter({ env: { TRANSPORT: 'sandbox', METRICS_API_KEY: METRICS_KEY } });
    const res = await adapter.call('/openapi.json', { key: null });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    etag = res.headers.get('etag')!;
    served = (await res.json()) as Json;
  });
  after(() => adapter?.close());

  it('is valid OpenAPI 3.1 by the official schema', async () => {
    expect(served.openapi).to.equal('3.1.0');
    const result = await new Validator().validate(served as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('is, for an adapter with every part mounted, the full document, and answers 304 to its ETag', async () => {
    expect(served).to.deep.equal(await fullAdapterDocument());
    expect(etag).to.match(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await adapter.call('/openapi.json', { key: null, headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    expect(await again.text()).to.equal('');
  });

  it('resolves every $ref and names each operation once', () => {
    const refs = [...nodes(served)].flatMap(([, n]) => (typeof n.$ref === 'string' ? [n.$ref] : []));
    expect(refs.length).to.be.greaterThan(50);
    for (const ref of refs) {
      expect(ref, ref).to.match(/^#\//);
      const target = ref.slice(2).split('/').reduce<unknown>((at, part) => (at as Json | undefined)?.[part], served);
      expect(target, ref).to.be.an('object');
    }
    const webhooks = Object.values(served.webhooks as Record<string, Record<string, Json>>).flatMap((item) => Object.values(item));
    const ids = [...operations(served).map((o) => o.op), ...webhooks].map((op) => op.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids).to.include.members(['submitDocument', 'getOpenApi', 'putEntityDriver', 'invoiceStatus', 'creditNoteStatus']);
  });

  it('declares X-Request-Id on every response, and each operation its security', () => {
    const responses = (served.components as Json).responses as Record<string, Json>;
    for (const { path, method, op } of operations(served)) {
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        const response = typeof r.$ref === 'string' ? responses[r.$ref.split('/').pop()!]! : r;
        expect((response.headers as Json | undefined)?.['X-Request-Id'], `${method} ${path} ${status}`).to.deep.equal({ $ref: '#/components/headers/RequestId' });
      }
      expect(op.security, `${method} ${path}`).to.be.an('array');
    }
    const security = (path: string, method: string) => operations(served).find((o) => o.path === path && o.method === method)!.op.security;
    expect(security('/einvoicing/documents', 'post')).to.deep.equal([{ spiKey: [] }]);
    expect(security('/admin/merchants', 'get')).to.deep.equal([{ adminKey: [] }]);
    expect(security('/metrics', 'get')).to.deep.equal([{ metricsKey: [] }]);
    expect(security('/openapi.json', 'get')).to.deep.equal([]);
  });

  it('invents no SPI path: each SPI operation is one of the shared SPI document', function () {
    requireShared(this, SPEC, 'the SPI paths check');
    const spi = parse(readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const ours = operations(served).filter((o) => (o.op.tags as string[]).includes('SPI'));
    expect(ours.map((o) => o.path)).to.include.members(['/einvoicing/documents', '/credentials/validate']);
    for (const { path, method } of ours) expect(spi.paths[path]?.[method], `${method} ${path}`).to.be.an('object');
  });

  it('marks the extension keys the adapter accepts, and publishes no keyword of ours under its own name', () => {
    const marked = new Set<string>();
    for (const [key, n] of nodes(served)) if (n['x-extension'] === true) marked.add(key);
    expect([...marked]).to.include.members([
      'buyer_reference',
      'order_reference',
      'unit_code',
      'electronic_address',
      'contact',
      'exemption_reason',
      'exemption_reason_code',
      'administrative_centres',
      'tax_exchange_rate',
      'identifier',
      'reason_code',
      'action_code',
      'document_type_code',
    ]);
    expect(marked.has('lines')).to.equal(false);
    const ownKeywords = [...nodes(served)].filter(([, n]) => n.secret === true);
    expect(ownKeywords).to.deep.equal([]);
    expect([...nodes(served)].some(([, n]) => n['x-secret'] === true)).to.equal(true);
  });

  it('documents the submission with the very schemas intake checks it with', () => {
    const [main, response, withOverrides] = (SubmissionBodySchema as unknown as { anyOf: Json[] }).anyOf;
    expect(main).to.equal(MainDocumentSchema);
    expect(response).to.equal(ApplicationResponseDocumentSchema);
    const [envelope, overrides] = (withOverrides as unknown as { allOf: Json[] }).allOf;
    expect(envelope).to.equal(EnvelopeSchema);
    expect((overrides as unknown as { properties: Json }).properties.overrides).to.equal(OverridesSchema);
  });
});
