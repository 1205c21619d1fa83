import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drivers } from '../../drivers/index.js';
import { driverId, type Driver } from '../../src/spi/driver.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf } from '../helpers/shape.js';

// Issue 44, part 3: every answer names its request (X-Request-Id), and every log line the
// request causes carries the same id as request_id, the platform's trace id when it sends one.

const invoice = () => JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request id', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { BODY_LIMIT: '16kb' } });
  });
  after(() => adapter.close());

  const linesOf = (id: string) => adapter.logs.filter((l) => l.request_id === id);
  const activations = (headers: Record<string, string>, key?: string) =>
    adapter.call('/einvoicing/activations?country=DE', { headers: key === undefined ? headers : { authorization: key, ...headers } });

  it('is the trace_id header, else the JSON credential trace_id, else X-Request-Id, in the answer header and the request line', async () => {
    const json = (trace: string) => JSON.stringify({ api_key: adapter.key, trace_id: trace });
    const cases: [Record<string, string>, string | undefined, string][] = [
      [{ trace_id: 'hdr-1', 'x-request-id': 'xr-1' }, json('json-1'), 'hdr-1'],
      [{ 'x-request-id': 'xr-2' }, json('json-2'), 'json-2'],
      [{ 'x-request-id': 'xr-3' }, undefined, 'xr-3'],
    ];
    for (const [headers, key, expected] of cases) {
      const res = await activations(headers, key);
      expect(res.status, expected).to.equal(200);
      expect(res.headers.get('x-request-id')).to.equal(expected);
      const line = adapter.logs.find((l) => l.msg === 'request' && l.request_id === expected);
      expect(line, expected).to.include({ method: 'GET', path: '/einvoicing/activations', status: 200 });
      expect(line).not.to.have.property('trace_id');
    }
  });

  it('is made up when none is sent: the same in the header, the submission answer and the log', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...invoice(), id: 'INV-RID-1' } });
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).to.equal(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).to.match(UUID);
    expect(body.request_id).to.equal(id);
    expect(linesOf(id).map((l) => l.msg)).to.include('request');
  });

  it('replaces an id that cannot be a header or a log field (CR/LF, space, over 200 characters) instead of answering 500', async () => {
    const bad = ['evil\r\nSet-Cookie: x=1', 'has space', 'x'.repeat(201), 'é-accent'];
    for (const trace of bad) {
      const res = await activations({}, JSON.stringify({ api_key: adapter.key, trace_id: trace }));
      expect(res.status, JSON.stringify(trace)).to.equal(200);
      expect(res.headers.get('x-request-id')).to.match(UUID);
      expect(res.headers.get('set-cookie')).to.equal(null);
    }
    // A bad trace_id header falls back to the next usable source.
    const res = await activations({ trace_id: 'has space', 'x-request-id': 'xr-fallback' });
    expect(res.headers.get('x-request-id')).to.equal('xr-fallback');
    expect(adapter.logs.filter((l) => l.msg === 'unexpected error')).to.deep.equal([]);
  });

  it('is on error answers too: 404, 405, 401 and 413', async () => {
    const answers = [
      await adapter.call('/no/such/route', { headers: { trace_id: 't-404' } }),
      await adapter.call('/health', { method: 'DELETE', headers: { trace_id: 't-405' } }),
      await adapter.call('/einvoicing/activations?country=DE', { key: null, headers: { trace_id: 't-401' } }),
      await adapter.call('/credentials/validate', { method: 'POST', headers: { trace_id: 't-413', 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(20_000) }) }),
    ];
    expect(answers.map((r) => r.status)).to.deep.equal([404, 405, 401, 413]);
    expect(answers.map((r) => r.headers.get('x-request-id'))).to.deep.equal(['t-404', 't-405', 't-401', 't-413']);
    for (const id of ['t-404', 't-405', 't-401', 't-413']) expect(linesOf(id).map((l) => l.msg), id).to.include('request');
  });
});

describe('the request id on the lines a request causes', () => {
  // A driver whose examine fails unexpectedly: the error path's line names no request itself, the log context does.
  const exploding = (driver: Driver): Driver => ({
    ...driver,
    examine: () => Promise.reject(new Error('examine exploded')),
  });
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ drivers: drivers.map((d) => (driverId(d) === 'PEPPOL' ? exploding(d) : d)) });
  });
  after(() => adapter.close());

  it('stamps the request id on a line logged deep in the request (an unexpected error in a driver)', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...invoice(), id: 'INV-RID-2' }, headers: { trace_id: 't-deep' } });
    expect(res.status).to.equal(500);
    expect(res.headers.get('x-request-id')).to.equal('t-deep');
    const line = adapter.logs.find((l) => l.msg === 'unexpected error');
    expect(line).to.include({ request_id: 't-deep', level: 'error', path: '/einvoicing/documents' });
    expect(JSON.stringify(line)).to.contain('examine exploded');
  });
});
