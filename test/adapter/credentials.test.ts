import { expect } from 'chai';
import { BasicErrorSchema, CredentialValidationSchema, HealthReportSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { bodyOf, expectShape } from '../helpers/shape.js';
import { breakStore } from '../helpers/store-sql.js';

describe('POST /credentials/validate', () => {
  let adapter: TestAdapter;
  afterEach(() => adapter?.close());

  const validate = (authorization?: string) =>
    adapter.call('/credentials/validate', { method: 'POST', key: null, headers: authorization === undefined ? {} : { authorization } });

  describe('with the default limits', () => {
    beforeEach(async () => {
      adapter = await startTestAdapter();
    });

    for (const [form, header] of [
      ['the SPI JSON credentials object', (k: string) => JSON.stringify({ api_key: k })],
      ['a JSON object with merchant_id and trace_id', (k: string) => JSON.stringify({ api_key: k, merchant_id: 'acme.example', trace_id: 't-1' })],
      ['a bare key', (k: string) => k],
      ['Bearer <key>', (k: string) => `Bearer ${k}`],
    ] as const) {
      it(`answers 200 VALID for ${form}`, async () => {
        const res = await validate(header(adapter.key));
        expect(res.status).to.equal(200);
        const body = await bodyOf(res);
        expectShape(CredentialValidationSchema, body);
        expect(body).to.deep.equal({ status: 'VALID' });
      });
    }

    for (const [what, header] of [
      ['a wrong key', JSON.stringify({ api_key: 'not-the-key-0123456789' })],
      ['no Authorization header', undefined],
      ['a malformed JSON object', '{"api_key": '],
      ['a JSON object without api_key', JSON.stringify({ key: 'x' })],
      ['the key with a suffix', 'SUFFIX'],
    ] as const) {
      it(`answers 401 INVALID for ${what}`, async () => {
        const value = header === 'SUFFIX' ? `${adapter.key}x` : header;
        const res = await validate(value);
        expect(res.status).to.equal(401);
        expect(await res.json()).to.deep.equal({ status: 'INVALID' });
      });
    }

    it('answers 503 with the health report when the database is down', async () => {
      await breakStore(adapter.runtime.store);
      const res = await validate(adapter.key);
      expect(res.status).to.equal(503);
      const body = await bodyOf(res);
      expectShape(HealthReportSchema, body);
      expect(body.status).to.equal('DOWN');
    });

    it('logs merchant_id and the trace_id (as request_id) from the JSON credentials, never the key', async () => {
      await validate(JSON.stringify({ api_key: adapter.key, merchant_id: 'acme.example', trace_id: 'trace-42' }));
      const line = adapter.logs.find((l) => l.msg === 'request' && l.path === '/credentials/validate');
      expect(line).to.include({ request_id: 'trace-42', merchant_id: 'acme.example', method: 'POST', status: 200 });
      expect(line?.duration_ms).to.be.a('number');
      expect(JSON.stringify(adapter.logs)).not.to.contain(adapter.key);
    });
  });

  it('answers 429 with Retry-After to wrong keys once a client passes the failure limit, on every SPI route', async () => {
    adapter = await startTestAdapter({ env: { AUTH_MAX_FAILURES: '3', AUTH_FAILURE_WINDOW: '120' } });
    for (let i = 0; i < 3; i++) expect((await validate(`wrong-key-${i}-0123456789`)).status).to.equal(401);
    const blocked = await validate('wrong-key-3-0123456789');
    expect(blocked.status).to.equal(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 120);
    expect(await blocked.text()).to.equal('');
    // The limit covers every SPI endpoint, so keys cannot be guessed through another route.
    const other = await adapter.call('/einvoicing/activations', { key: 'wrong-key-4-0123456789' });
    expect(other.status).to.equal(429);
    expect(other.headers.get('retry-after')).to.match(/^\d+$/);
  });

  it('serves the right key however many wrong keys came from its address (100 wrong, then 200), and keeps refusing the wrong ones', async () => {
    adapter = await startTestAdapter({ env: { AUTH_MAX_FAILURES: '10', AUTH_FAILURE_WINDOW: '300' } });
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) statuses.add((await validate(`misconfigured-merchant-key-${i}`)).status);
    expect([...statuses].sort()).to.deep.equal([401, 429]);
    expect((await validate(adapter.key)).status).to.equal(200);
    expect((await adapter.call('/einvoicing/activations')).status).to.equal(200);
    expect((await validate('misconfigured-merchant-key-100')).status).to.equal(429);
    expect((await validate(adapter.key)).status).to.equal(200);
  });

  it('limits one wrong key presented from many addresses too', async () => {
    adapter = await startTestAdapter({ env: { AUTH_MAX_FAILURES: '2', TRUST_PROXY: 'true' } });
    const from = (ip: string, key: string) => adapter.call('/credentials/validate', { method: 'POST', key, headers: { 'x-forwarded-for': ip } });
    expect((await from('203.0.113.1', 'guessed-key-0123456789')).status).to.equal(401);
    expect((await from('203.0.113.2', 'guessed-key-0123456789')).status).to.equal(401);
    expect((await from('203.0.113.3', 'guessed-key-0123456789')).status).to.equal(429);
    expect((await from('203.0.113.3', adapter.key)).status).to.equal(200);
  });

  it('answers 500 BasicErrorResponse with a generic message, details only in the log', async () => {
    adapter = await startTestAdapter({
      verifier: {
        verify() {
          throw new Error('keystore exploded at /secret/path');
        },
      },
    });
    const res = await validate('anything-at-all-123');
    expect(res.status).to.equal(500);
    const body = await bodyOf(res);
    expectShape(BasicErrorSchema, body);
    expect(body).to.deep.equal({ message: 'Unexpected error during processing the request.' });
    const logged = adapter.logs.find((l) => l.msg === 'unexpected error');
    expect(JSON.stringify(logged)).to.contain('keystore exploded');
  });
});

describe('failed-authentication limits behind a trusted proxy', () => {
  let adapter: TestAdapter;
  afterEach(() => adapter?.close());

  const validate = (forwardedFor: string, key: string) =>
    adapter.call('/credentials/validate', { method: 'POST', key, headers: { 'x-forwarded-for': forwardedFor } });

  it('counts failures per client address taken from X-Forwarded-For when TRUST_PROXY is on', async () => {
    adapter = await startTestAdapter({ env: { AUTH_MAX_FAILURES: '2', TRUST_PROXY: 'true' } });
    expect((await validate('203.0.113.7', 'wrong-key-a-0123456789')).status).to.equal(401);
    expect((await validate('203.0.113.7', 'wrong-key-b-0123456789')).status).to.equal(401);
    expect((await validate('203.0.113.7', 'wrong-key-c-0123456789')).status).to.equal(429);
    expect((await validate('198.51.100.9', 'wrong-key-d-0123456789')).status).to.equal(401);
    expect((await validate('203.0.113.7', adapter.key)).status).to.equal(200);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is off, so a client cannot dodge its limit', async () => {
    adapter = await startTestAdapter({ env: { AUTH_MAX_FAILURES: '2' } });
    expect((await validate('203.0.113.7', 'wrong-key-a-0123456789')).status).to.equal(401);
    expect((await validate('203.0.113.8', 'wrong-key-b-0123456789')).status).to.equal(401);
    expect((await validate('203.0.113.9', 'wrong-key-c-0123456789')).status).to.equal(429);
  });
});
