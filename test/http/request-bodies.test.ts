import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { MAX_JSON_DEPTH } from '../../src/lib/json-nesting.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { startTestBilling, type TestBilling } from '../helpers/billing.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

// Bodies the server cannot or does not read: an encoding that does not match the bytes, a media
// type the API does not take, JSON nested past MAX_JSON_DEPTH. Each is the client's mistake and
// is answered in the API's own error shape before anything acts on the body.

const specInvoice = () => JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, any>;
const DEEP = 10_000;
/** `levels` arrays inside one another. */
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** `levels` objects inside one another. */
const objects = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
/** The document as JSON text with `"@NESTED@"` replaced by raw JSON text (built as text: the value itself could not be stringified). */
const withNested = (doc: unknown, nested: string) => JSON.stringify(doc).replace('"@NESTED@"', nested);

describe('request bodies the API does not read', () => {
  describe('on the adapter (SPI error_response)', () => {
    let adapter: TestAdapter;
    let serial = 0;
    before(async () => {
      adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG } });
    });
    after(() => adapter.close());

    /** A POST with exactly these headers and bytes (the SPI key unless `authorization` is given). */
    const post = (path: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>) => adapter.call(path, { method: 'POST', headers, body });
    const asAdmin = () => ({ authorization: `Bearer ${adapter.runtime.adminApiKey.key}` });
    const errorOf = async (res: Response, status: number) => {
      const body = await bodyOf(res);
      expect(res.status, JSON.stringify(body)).to.equal(status);
      expectShape(ErrorResponseSchema, body);
      expect(body.errors).to.have.length(1);
      expect(body.errors[0].code).to.equal('INVALID_DATA');
      return body.errors[0].message as string;
    };
    const invoice = (overrides: Record<string, unknown> = {}) => ({ ...specInvoice(), id: `INV-BODY-${++serial}`, ...overrides });

    it('answers a body that is not what its Content-Encoding says with 400 on the SPI, /admin and /sandbox', async () => {
      const targets: [string, Record<string, string>][] = [
        ['/einvoicing/documents', {}],
        ['/admin/business-entities', asAdmin()],
        ['/sandbox/documents/x/network-failure', {}],
        ['/credentials/validate', {}],
      ];
      for (const [path, auth] of targets) {
        for (const encoding of ['gzip', 'deflate', 'br']) {
          const message = await errorOf(await post(path, { ...auth, 'content-type': 'application/json', 'content-encoding': encoding }, '{"id":"not compressed"}'), 400);
          expect(message, `${encoding} ${path}`).to.match(new RegExp(`^the request body is not valid ${encoding}: `));
        }
      }
      expect(adapter.logs.filter((l) => l.msg === 'unexpected error')).to.deep.equal([]);
    });

    it('answers an encoding it cannot undo with 415, and reads gzip and br that are what they say', async () => {
      const message = await errorOf(await post('/einvoicing/documents', { 'content-type': 'application/json', 'content-encoding': 'compress' }, 'x'), 415);
      expect(message).to.equal('Content-Encoding compress is not read here: send the body as gzip, deflate, br or unencoded');
      const gzipped = await post('/einvoicing/documents', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, new Uint8Array(gzipSync(JSON.stringify(invoice()))));
      expect(gzipped.status, JSON.stringify(await bodyOf(gzipped.clone()))).to.equal(200);
      const brotli = await post('/einvoicing/documents', { 'content-type': 'application/json', 'content-encoding': 'br' }, new Uint8Array(brotliCompressSync(JSON.stringify(invoice()))));
      expect(brotli.status).to.equal(200);
    });

    it('answers a JSON document sent as a form, as text or without a type with 415 naming application/json, not "id is required"', async () => {
      const doc = JSON.stringify(invoice());
      for (const type of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=x']) {
        expect(await errorOf(await post('/einvoicing/documents', { 'content-type': type }, doc), 415)).to.equal(`Content-Type ${type} is not read here: send the body as application/json`);
      }
      const untyped = await adapter.call('/einvoicing/documents', { method: 'POST', body: new Blob([doc]) });
      expect(await errorOf(untyped, 415)).to.equal('a body without a Content-Type is not read here: send the body as application/json');
      expect(await errorOf(await post('/admin/merchants', { ...asAdmin(), 'content-type': 'application/x-www-form-urlencoded' }, 'id=acme&display_name=ACME'), 415)).to.match(/application\/json$/);
      expect(await errorOf(await post('/sandbox/documents/x/buyer-response', { 'content-type': 'text/plain' }, '{"status":"REJECTED"}'), 415)).to.match(/application\/json$/);
    });

    it('takes a request without a body whatever its Content-Type, and JSON with a charset', async () => {
      const validate = await post('/credentials/validate', { 'content-type': 'application/x-www-form-urlencoded' }, '');
      expect(validate.status).to.equal(200);
      const list = await adapter.call('/einvoicing/activations', { headers: { 'content-type': 'text/plain' } });
      expect(list.status).to.equal(200);
      const charset = await post('/einvoicing/documents', { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(invoice()));
      expect(charset.status, JSON.stringify(await bodyOf(charset.clone()))).to.equal(200);
    });

    it(`refuses a document nested deeper than ${MAX_JSON_DEPTH} levels with 400 before any work, wherever the nesting is`, async () => {
      const doc = invoice();
      const cases: [string, string][] = [
        ['note', withNested({ ...doc, note: '@NESTED@' }, arrays(DEEP))],
        ['an unknown field', withNested({ ...doc, x_extension: '@NESTED@' }, objects(DEEP))],
        ['lines', withNested({ ...doc, lines: '@NESTED@' }, arrays(DEEP))],
        ['accounting_customer_party', withNested({ ...doc, accounting_customer_party: '@NESTED@' }, objects(DEEP))],
      ];
      for (const [where, text] of cases) {
        const message = await errorOf(await post('/einvoicing/documents', { 'content-type': 'application/json' }, text), 400);
        expect(message, where).to.equal(`the request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
      }
      const admin = await post('/admin/business-entities', { ...asAdmin(), 'content-type': 'application/json' }, withNested({ id: 'deep', party: '@NESTED@' }, objects(DEEP)));
      expect(await errorOf(admin, 400)).to.match(/deeper than 64 levels$/);
      expect(adapter.logs.filter((l) => l.msg === 'unexpected error')).to.deep.equal([]);
    });

    it(`takes a document nested exactly ${MAX_JSON_DEPTH} levels, and brackets inside strings`, async () => {
      // The document is one level; its unknown field the other 63.
      const deepest = await post('/einvoicing/documents', { 'content-type': 'application/json' }, withNested(invoice({ x_extension: '@NESTED@' }), objects(MAX_JSON_DEPTH - 1)));
      expect(deepest.status, JSON.stringify(await bodyOf(deepest.clone()))).to.equal(200);
      const tooDeep = await post('/einvoicing/documents', { 'content-type': 'application/json' }, withNested(invoice({ x_extension: '@NESTED@' }), objects(MAX_JSON_DEPTH)));
      expect(tooDeep.status).to.equal(400);
      const bracketed = await post('/einvoicing/documents', { 'content-type': 'application/json' }, JSON.stringify(invoice({ note: `"${'[{'.repeat(2000)}\\` })));
      expect(bracketed.status, JSON.stringify(await bodyOf(bracketed.clone()))).to.equal(200);
    });
  });

  describe('on the billing module (the platform error shape)', () => {
    let billing: TestBilling;
    before(async () => {
      billing = await startTestBilling();
    });
    after(() => billing.close());

    const post = (path: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>) => billing.call(path, { headers, body });
    const customers = async () => (await billing.call('/api/v1/customers')).body.list as unknown[];

    it('answers a body that is not what its Content-Encoding says with 400 invalid_request', async () => {
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const res = await post('/api/v1/customers', { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': encoding }, 'first_name=Ada');
        expect(res.status, encoding).to.equal(400);
        expect(res.body).to.include({ api_error_code: 'invalid_request', error_code: 'invalid_request', type: 'invalid_request', http_status_code: 400 });
        expect(res.body.message).to.match(new RegExp(`^the request body is not valid ${encoding}: `));
      }
      const unknown = await post('/api/v1/customers', { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'compress' }, 'first_name=Ada');
      expect(unknown.body).to.include({ api_error_code: 'unsupported_media_type', http_status_code: 415 });
      const gzipped = await post('/api/v1/customers', { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' }, new Uint8Array(gzipSync('id=zipped&first_name=Ada')));
      expect(gzipped.status).to.equal(200);
      expect(gzipped.body.customer).to.include({ id: 'zipped', first_name: 'Ada' });
    });

    it('answers a JSON body with 415 naming the form type, and creates no empty customer', async () => {
      const before = (await customers()).length;
      for (const type of ['application/json', 'text/plain']) {
        const res = await post('/api/v1/customers', { 'content-type': type }, JSON.stringify({ first_name: 'Ada', billing_address: { country: 'DE' } }));
        expect(res.status, type).to.equal(415);
        expect(res.body).to.deep.equal({
          message: `Content-Type ${type} is not read here: send the body as application/x-www-form-urlencoded`,
          type: 'invalid_request',
          api_error_code: 'unsupported_media_type',
          error_code: 'unsupported_media_type',
          error_msg: `Content-Type ${type} is not read here: send the body as application/x-www-form-urlencoded`,
          http_status_code: 415,
        });
      }
      const token = await post('/oauth2/token', { 'content-type': 'application/json' }, '{"grant_type":"refresh_token"}');
      expect(token.body).to.include({ api_error_code: 'unsupported_media_type', http_status_code: 415 });
      expect(await customers()).to.have.length(before);
    });

    it('takes a request without a body whatever its Content-Type (as the official clients send GETs)', async () => {
      const res = await billing.call('/api/v1/customers', { headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(200);
    });

    it(`refuses meta_data nested deeper than ${MAX_JSON_DEPTH} levels, naming it`, async () => {
      const res = await billing.call('/api/v1/customers', { form: new URLSearchParams({ id: 'deep', meta_data: withNested({ a: '@NESTED@' }, arrays(DEEP)) }).toString() });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ api_error_code: 'param_wrong_value', param: 'meta_data', message: `meta_data : cannot nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels.` });
      const coupon = await billing.call('/api/v1/coupons', { form: new URLSearchParams({ id: 'deep', name: 'Deep', apply_on: 'invoice_amount', discount_percentage: '5', meta_data: objects(DEEP) }).toString() });
      expect(coupon.body).to.include({ http_status_code: 400, param: 'meta_data' });
      const deepest = await billing.call('/api/v1/customers', { form: new URLSearchParams({ id: 'deepest', meta_data: objects(MAX_JSON_DEPTH) }).toString() });
      expect(deepest.status).to.equal(200);
    });
  });
});
