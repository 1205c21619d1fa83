import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentStatusSchema, ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';
import { execute, queryRow } from '../helpers/store-sql.js';

const invoice = (id: string) => ({ ...(JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as object), id });

describe('GET /einvoicing/documents/{document_id}/status', () => {
  let adapter: TestAdapter;
  const now = new Date('2026-11-22T08:30:00.123Z');
  before(async () => {
    // No transport: the statuses below are written by hand, and the dispatcher must not add its own.
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
  });
  after(() => adapter.close());

  const submit = async (id: string) => (await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice(id) }))).document_id as string;
  const statusOf = async (documentId: string) => {
    const res = await adapter.call(`/einvoicing/documents/${encodeURIComponent(documentId)}/status`);
    return { status: res.status, body: await bodyOf(res) };
  };
  /** A later status as the dispatcher will record it (issue 4); written here through the store's database. */
  const record = (documentId: string, s: { status: string; source: string; errors?: unknown; payload?: unknown; references?: unknown; at: Date }) =>
    execute(
      adapter.runtime.store,
      'INSERT INTO document_statuses (document_id, status, source, errors, provider_payload, provider_references, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      documentId, s.status, s.source, s.errors ? JSON.stringify(s.errors) : null, s.payload ? JSON.stringify(s.payload) : null, s.references ? JSON.stringify(s.references) : null, s.at.toISOString());

  it('answers ACCEPTED with the submission date right after submission', async () => {
    const id = await submit('INV-ST-1');
    const { status, body } = await statusOf(id);
    expect(status).to.equal(200);
    expectShape(DocumentStatusSchema, body);
    const created = (await queryRow<{ c: string }>(adapter.runtime.store, 'SELECT created_at AS c FROM documents WHERE id = ?', id))!.c;
    expect(body).to.deep.equal({ document_id: id, status: 'ACCEPTED', submission_date: created });
  });

  it('answers the latest status, its errors as processing_details, and every payload and reference of the history as JSON strings', async () => {
    const id = await submit('INV-ST-2');
    await record(id, { status: 'IN_PROGRESS', source: 'sandbox', payload: { messageId: 'm-1' }, references: [{ key: 'Receipt Message ID', value: 'm-1@sandbox' }], at: now });
    await record(id, {
      status: 'FAILED', source: 'sandbox', at: new Date(now.getTime() + 1000),
      errors: [{ code: 'INVALID_DATA', message: 'The receiving endpoint is not registered.' }],
      payload: { messageId: 'm-1', outcome: 'refused' },
      references: [{ key: 'Receipt Message ID', value: 'm-1@sandbox' }, { key: 'Response Message ID', value: 'r-1@sandbox' }],
    });
    const { body } = await statusOf(id);
    expectShape(DocumentStatusSchema, body);
    expect(body).to.include({ document_id: id, status: 'FAILED' });
    expect(body.processing_details).to.deep.equal({ errors: [{ code: 'INVALID_DATA', message: 'The receiving endpoint is not registered.' }] });
    expect(JSON.parse(body.provider_response)).to.deep.equal([
      { source: 'sandbox', received_at: '2026-11-22T08:30:00.123Z', payload: { messageId: 'm-1' } },
      { source: 'sandbox', received_at: '2026-11-22T08:30:01.123Z', payload: { messageId: 'm-1', outcome: 'refused' } },
    ]);
    expect(JSON.parse(body.provider_references)).to.deep.equal([{ key: 'Receipt Message ID', value: 'm-1@sandbox' }, { key: 'Response Message ID', value: 'r-1@sandbox' }]);
  });

  it('answers 404 NOT_FOUND in the error_response shape for an unknown id, and 401 without credentials', async () => {
    const { status, body } = await statusOf('no-such-document');
    expect(status).to.equal(404);
    expectShape(ErrorResponseSchema, body);
    expect(body.errors.map((e: { code: string }) => e.code)).to.deep.equal(['NOT_FOUND']);
    expect((await adapter.call('/einvoicing/documents/x/status', { key: null })).status).to.equal(401);
  });
});
