import { expect } from 'chai';
import { DownloadResponseSchema, ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { invoiceTo } from '../helpers/lifecycle.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

describe('GET /einvoicing/documents/{document_id}/download', () => {
  let adapter: TestAdapter;
  let id: string;
  const scenario = 'country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-invoice';
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none', DOWNLOAD_URL_TTL: '2' } });
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceTo('INV-DL-1') });
    id = (await bodyOf(res)).document_id;
  });
  after(() => adapter.close());

  const download = async (query: string, documentId = id) => {
    const res = await adapter.call(`/einvoicing/documents/${encodeURIComponent(documentId)}/download?${query}`, { headers: { trace_id: 'trace-dl-1' } });
    return { status: res.status, body: await bodyOf(res) };
  };
  const codes = (body: { errors: { code: string }[] }) => body.errors.map((e) => e.code);

  it('answers the rendered XML as base64 content and as a signed link the adapter serves without the API key', async () => {
    const { status, body } = await download(scenario);
    expect(status).to.equal(200);
    expectShape(DownloadResponseSchema, body);
    expect(body).to.include({ document_id: id, request_id: 'trace-dl-1', model: 'PEPPOL' });
    expect(body.documents).to.have.length(1);
    const [doc] = body.documents;
    const stored = (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
    expect(doc.mime_type).to.equal('application/xml');
    expect(Buffer.from(doc.document_content, 'base64').toString('utf8')).to.equal(stored);
    expect(doc.expires_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(doc.document_url.startsWith(`${adapter.url}/einvoicing/files/${id}/1?expires=`)).to.equal(true);
    const file = await fetch(doc.document_url);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.match(/^application\/xml/);
    expect(file.headers.get('content-disposition')).to.equal('attachment; filename="INV-DL-1-ubl-invoice.xml"');
    expect(await file.text()).to.equal(stored);
  });

  it('filters by mime_type (case and parameters aside) and answers 400 INVALID_OPERATION for one it does not have', async () => {
    expect((await download(`${scenario}&mime_type=Application/XML;%20charset=utf-8`)).body.documents).to.have.length(1);
    const { status, body } = await download(`${scenario}&mime_type=application/pdf`);
    expect(status).to.equal(400);
    expectShape(ErrorResponseSchema, body);
    expect(codes(body)).to.deep.equal(['INVALID_OPERATION']);
    expect(body.errors[0].message).to.match(/^The provided mime_type is not supported for this document/);
  });

  it('answers 400 MISSING_REQUIRED_DATA for each absent scenario parameter', async () => {
    const { status, body } = await download('country=DE&model=PEPPOL');
    expect(status).to.equal(400);
    expect(codes(body)).to.deep.equal(['MISSING_REQUIRED_DATA', 'MISSING_REQUIRED_DATA']);
    expect(body.errors.map((e: { message: string }) => e.message).join(' ')).to.match(/transaction_type/).and.match(/document_type/);
    expect(codes((await download('country=DE&transaction_type=B2X&model=PEPPOL&document_type=ubl-invoice')).body)).to.deep.equal(['INVALID_DATA']);
  });

  it('answers 404 NOT_FOUND when the scenario does not describe the document, or the id is unknown', async () => {
    const other = await download('country=FR&transaction_type=B2B&model=PEPPOL&document_type=ubl-creditnote');
    expect(other.status).to.equal(404);
    expect(codes(other.body)).to.deep.equal(['NOT_FOUND']);
    expect(other.body.errors[0].message).to.contain('country DE (asked FR)').and.contain('document_type ubl-invoice (asked ubl-creditnote)');
    expect((await download(scenario, 'no-such-document')).status).to.equal(404);
  });

  it('refuses forged, re-aimed and expired links with 403', async () => {
    const url = new URL((await download(scenario)).body.documents[0].document_url);
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetch(forged)).status).to.equal(403);
    const stretched = new URL(url);
    stretched.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(stretched)).status).to.equal(403);
    const reaimed = new URL(url.href.replace(`/files/${id}/1`, `/files/${id}/2`));
    expect((await fetch(reaimed)).status).to.equal(403);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(url);
    expect(expired.status).to.equal(403);
    expect((await bodyOf(expired)).errors[0].message).to.match(/expired at/);
  });
});
