import { expect } from 'chai';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

describe('the error path', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { BODY_LIMIT: '1kb', ERROR_HELP_URL: 'https://docs.example.com/errors' } });
  });
  after(() => adapter.close());

  const post = (body: string, contentType = 'application/json') =>
    adapter.call('/credentials/validate', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('answers malformed JSON with 400 INVALID_DATA, never 500', async () => {
    for (const body of ['{bad', '{"a":', '"just a string"', '[1,', 'null']) {
      const res = await post(body);
      expect(res.status, body).to.equal(400);
      const json = await bodyOf(res);
      expectShape(ErrorResponseSchema, json);
      expect(json.errors[0].code, body).to.equal('INVALID_DATA');
      expect(json.errors[0].message, body).to.match(/^request body is not valid JSON/);
    }
  });

  it('answers a body over the limit with 413 SERVICE_LIMIT_EXCEEDED', async () => {
    const res = await post(JSON.stringify({ pad: 'x'.repeat(2048) }));
    expect(res.status).to.equal(413);
    const json = await bodyOf(res);
    expectShape(ErrorResponseSchema, json);
    expect(json.errors[0]).to.deep.equal({
      code: 'SERVICE_LIMIT_EXCEEDED',
      message: 'request body exceeds the limit of 1024 bytes',
      help_url: 'https://docs.example.com/errors#SERVICE_LIMIT_EXCEEDED',
    });
  });

  it('accepts a body under the limit', async () => {
    const res = await post(JSON.stringify({ pad: 'x'.repeat(500) }));
    expect(res.status).to.equal(200);
  });

  it('answers an unknown path with 404 NOT_FOUND in the error shape', async () => {
    const res = await adapter.call('/einvoicing/nothing-here');
    expect(res.status).to.equal(404);
    const json = await bodyOf(res);
    expect(json).to.deep.equal({
      errors: [{ code: 'NOT_FOUND', message: 'no resource at GET /einvoicing/nothing-here', help_url: 'https://docs.example.com/errors#NOT_FOUND' }],
    });
  });

  it('answers a wrong method with 405 INVALID_OPERATION', async () => {
    const res = await adapter.call('/health', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    const json = await bodyOf(res);
    expect(json.errors[0]).to.include({ code: 'INVALID_OPERATION', message: 'DELETE /health: method not allowed' });
  });

  it('logs one line per request with request_id, merchant_id, method, path, status and duration', async () => {
    const before = adapter.logs.length;
    await adapter.call('/einvoicing/activations?country=DE', { headers: { merchant_id: 'acme.example', trace_id: 'abc-123' } });
    await adapter.call('/health', { key: null });
    const lines = adapter.logs.slice(before).filter((l) => l.msg === 'request');
    expect(lines).to.have.length(2);
    expect(lines[0]).to.include({ request_id: 'abc-123', merchant_id: 'acme.example', method: 'GET', path: '/einvoicing/activations', status: 200 });
    expect(lines[1]).to.include({ merchant_id: null, method: 'GET', path: '/health', status: 200 });
    expect(lines[1]?.request_id).to.match(/^[0-9a-f-]{36}$/);
    for (const l of lines) expect(l.duration_ms).to.be.a('number').and.to.be.at.least(0);
    expect(JSON.stringify(adapter.logs)).not.to.contain(adapter.key);
  });
});
