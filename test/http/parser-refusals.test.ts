import { expect } from 'chai';
import { maxHeaderSize } from 'node:http';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter } from '../helpers/adapter.js';
import { startTestBilling } from '../helpers/billing.js';
import { rawHttp, type RawAnswer } from '../helpers/raw-http.js';
import { expectShape } from '../helpers/shape.js';

// What Node's HTTP parser refuses never reaches the apps: a request line or headers over the
// limit (431), a header it cannot read (400). Each server answers them in its API's JSON shape.

const OVER = maxHeaderSize + 1024;
const REQUESTS = {
  'a long header': { head: `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(OVER)}`, status: 431 },
  'a long request line': { head: `GET /health?q=${'a'.repeat(OVER)} HTTP/1.1\r\nHost: 127.0.0.1`, status: 431 },
  'a header without a colon': { head: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header', status: 400 },
};
const TOO_LARGE = `the request line and headers exceed the limit of ${maxHeaderSize} bytes`;
const UNREADABLE = 'the request is not valid HTTP/1.1: Invalid header token';

interface Server {
  url: string;
  close(): Promise<void>;
}

const APIS: { name: string; start(): Promise<Server>; expectError(res: RawAnswer, status: number): void }[] = [
  {
    name: 'the adapter (SPI error_response)',
    start: () => startTestAdapter({ env: { ERROR_HELP_URL: 'https://docs.example.com/errors' } }),
    expectError(res, status) {
      expectShape(ErrorResponseSchema, res.body);
      const code = status === 431 ? 'SERVICE_LIMIT_EXCEEDED' : 'INVALID_DATA';
      expect(res.body.errors).to.deep.equal([{ code, message: status === 431 ? TOO_LARGE : UNREADABLE, help_url: `https://docs.example.com/errors#${code}` }]);
    },
  },
  {
    name: 'the billing module (the platform error shape)',
    start: () => startTestBilling(),
    expectError(res, status) {
      const code = status === 431 ? 'request_too_large' : 'invalid_request';
      expect(res.body).to.include({ message: `Sorry, ${status === 431 ? TOO_LARGE : UNREADABLE}`, type: 'invalid_request', api_error_code: code, error_code: code, http_status_code: status });
    },
  },
];

describe('requests the HTTP parser refuses', () => {
  for (const api of APIS) {
    describe(`on ${api.name}`, () => {
      let server: Server;
      before(async () => {
        server = await api.start();
      });
      after(() => server.close());

      for (const [what, { head, status }] of Object.entries(REQUESTS)) {
        it(`answers ${what} with ${status} in the error shape, with an X-Request-Id`, async () => {
          const res = await rawHttp(server.url, head);
          expect(res.status).to.equal(status);
          expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
          expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/); // every answer names a request id, this one too
          api.expectError(res, status);
        });
      }
    });
  }
});
