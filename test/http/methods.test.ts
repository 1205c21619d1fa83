import { expect } from 'chai';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { BILLING_TEST_KEY, startTestBilling, type TestBilling } from '../helpers/billing.js';
import { rawHttp } from '../helpers/raw-http.js';
import { expectShape } from '../helpers/shape.js';

// Methods a client may send that neither API serves. fetch refuses TRACE and CONNECT, and
// node:http treats CONNECT as a tunnel, so each request is written on a plain socket.

async function send(base: string, method: string, path: string, authorization: string) {
  const { hostname } = new URL(base);
  const res = await rawHttp(base, `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${authorization}`);
  return { ...res, allow: res.headers.allow };
}

// Node's parser knows PROPFIND, MKCOL, LOCK, PURGE, SEARCH… (the router serves none of them);
// FOO and BREW it does not know at all, so they never reach Koa.
const NOT_IMPLEMENTED = ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH', 'FOO', 'BREW', 'CONNECT'];

describe('unusual HTTP methods', () => {
  describe('on the adapter (SPI error_response)', () => {
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter({ env: { ERROR_HELP_URL: 'https://docs.example.com/errors' } });
    });
    after(() => adapter.close());
    const auth = () => JSON.stringify({ api_key: adapter.key });
    const paths = ['/health', '/credentials/validate', '/einvoicing/documents', '/einvoicing/activations', '/einvoicing/documents/x/status', '/no/such/path'];

    for (const method of NOT_IMPLEMENTED) {
      it(`answers ${method} with 501 INVALID_OPERATION on every path`, async () => {
        for (const path of method === 'CONNECT' ? ['127.0.0.1:1'] : paths) {
          const res = await send(adapter.url, method, path, auth());
          expect(res.status, `${method} ${path}`).to.equal(501);
          expectShape(ErrorResponseSchema, res.body);
          expect(res.body.errors).to.have.length(1);
          expect(res.body.errors[0].code).to.equal('INVALID_OPERATION');
          expect(res.body.errors[0].message).to.match(/method not implemented by this server$/);
          expect(res.body.errors[0].help_url).to.equal('https://docs.example.com/errors#INVALID_OPERATION');
        }
      });
    }

    it('answers a known method on a path that does not serve it with 405 and Allow', async () => {
      for (const [method, path, allow] of [
        ['PUT', '/einvoicing/documents', 'POST'],
        ['PATCH', '/health', 'HEAD, GET'],
        ['DELETE', '/einvoicing/activations', 'HEAD, GET'],
        ['PUT', '/credentials/validate', 'POST'],
      ] as const) {
        const res = await send(adapter.url, method, path, auth());
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.body.errors[0]).to.include({ code: 'INVALID_OPERATION', message: `${method} ${path}: method not allowed` });
        expect(res.allow, `${method} ${path}`).to.equal(allow);
      }
    });

    it('answers a known method on an unknown path with 404 NOT_FOUND', async () => {
      const res = await send(adapter.url, 'DELETE', '/no/such/path', auth());
      expect(res.status).to.equal(404);
      expect(res.body.errors[0].code).to.equal('NOT_FOUND');
    });

    it('never takes the generic 500 path', () => {
      expect(adapter.logs.filter((l) => l.msg === 'unexpected error')).to.deep.equal([]);
    });
  });

  describe('on the billing module (the platform error shape)', () => {
    let billing: TestBilling;
    before(async () => {
      billing = await startTestBilling();
    });
    after(() => billing.close());
    const auth = `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}`;
    const paths = ['/health', '/api/v1/customers', '/api/v1/invoices/1', '/api/v2/events', '/api/v2/invoices/1/einvoice_status', '/no/such/path'];

    for (const method of NOT_IMPLEMENTED) {
      it(`answers ${method} with 501 http_method_not_supported on every path`, async () => {
        for (const path of method === 'CONNECT' ? ['127.0.0.1:1'] : paths) {
          const res = await send(billing.url, method, path, auth);
          expect(res.status, `${method} ${path}`).to.equal(501);
          expect(res.body).to.include({ api_error_code: 'http_method_not_supported', error_code: 'http_method_not_supported', type: 'invalid_request', http_status_code: 501 });
          expect(res.body.message).to.match(/^Sorry, the .*method is not supported by this API$/);
        }
      });
    }

    it('answers a known method on a path that does not serve it with 405 http_method_not_supported', async () => {
      for (const [method, path] of [
        ['PUT', '/api/v1/customers'],
        ['DELETE', '/api/v1/invoices/1'],
        ['PATCH', '/api/v2/events'],
        ['PUT', '/health'],
      ] as const) {
        const res = await send(billing.url, method, path, auth);
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.body).to.include({ api_error_code: 'http_method_not_supported', http_status_code: 405 });
        expect(res.allow, `${method} ${path}`).to.be.a('string');
      }
    });
  });
});
