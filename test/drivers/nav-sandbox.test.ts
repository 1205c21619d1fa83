import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { fixtureConfigCopy, FIXTURES_DIR } from '../helpers/fixtures.js';
import { settledStatus, submitDocument } from '../helpers/documents.js';
import { bodyOf } from '../helpers/shape.js';

// With no technical user configured, the sandbox answers like the NAV: the same client (signed
// requests, single-use tokens) and transport talk to the simulated NAV, so an invoice's report
// ends DONE (SUCCESS) with its transaction as reference; its credit notes and its cancellation
// continue the invoice's chain (modification index, line references) in the order they are
// stored; buyers the sandbox is told about answer with a warning or an ABORTED report. Over
// HTTP, against the real runtime.

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'nav', `${name}.json`), 'utf8')) as Record<string, any>;

describe('NAV in the sandbox: the simulated NAV processes reports (HTTP, real runtime)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  before(async () => {
    const config = fixtureConfigCopy('nav-sandbox-', (yaml) =>
      yaml.replace('  NAV:\n', '  NAV:\n    sandbox: { processing_seconds: 0, warnings: { "13579131": INCORRECT_COUNTY_CODE }, errors: { "11223346": INVALID_CUSTOMER_TAX_NUMBER } }\n'),
    );
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(() => adapter.close());

  const submit = (json: unknown) => submitDocument(adapter, json);

  const settled = (id: string) => settledStatus(adapter, id);

  const stored = async (id: string) => (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
  const references = (xml: string) => [...xml.matchAll(/<lineNumberReference>(\d+)<\/lineNumberReference>/g)].map((m) => Number(m[1]));
  const index = (xml: string) => Number(/<modificationIndex>(\d+)<\/modificationIndex>/.exec(xml)?.[1]);

  it('reports an invoice (DONE: SUCCESS with the transaction), then its credit notes and its cancellation down the invoice\'s chain', async () => {
    const invoice = fixture('domestic-27');
    const invoiceId = await submit(invoice);
    const status = await settled(invoiceId);
    expect(status.status, JSON.stringify(status)).to.equal('SUCCESS');
    const refs = JSON.parse(status.provider_references) as { key: string; value: string }[];
    expect(refs.map((r) => r.key)).to.deep.equal(['navTransactionId']);
    expect(refs[0]!.value).to.match(/^SBX[0-9A-Z]+$/);

    // Two credit notes of the invoice (3 lines): index 1 with line 4, index 2 with line 5.
    const first = await submit(fixture('credit-note-modify'));
    const second = await submit({ ...fixture('credit-note-modify'), id: 'MSZ-2026-000110' });
    expect([index((await stored(first))), references((await stored(first)))]).to.deep.equal([1, [4]]);
    expect([index((await stored(second))), references((await stored(second)))]).to.deep.equal([2, [5]]);
    expect((await settled(first)).status).to.equal('SUCCESS');
    expect((await settled(second)).status).to.equal('SUCCESS');

    // The invoice resubmitted VOIDED: its STORNO, every line reversed, after the credit notes.
    const stornoId = await submit({ ...invoice, status: 'VOIDED' });
    expect(stornoId).to.not.equal(invoiceId);
    const storno = (await stored(stornoId));
    expect(storno).to.contain('<invoiceNumber>MSZ-2026-000101-STORNO</invoiceNumber>');
    expect([index(storno), references(storno)]).to.deep.equal([3, [6, 7, 8]]);
    expect(storno).to.contain('<quantity>-4</quantity>');
    expect((await adapter.runtime.store.documents.get(stornoId))!.artifacts[0]!.documentType).to.equal('nav-storno');
    expect((await settled(stornoId)).status).to.equal('SUCCESS');
  });

  it('warns, without refusing, of a credit note for an invoice it has not reported', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('credit-note-modify'), id: 'MSZ-2026-000111', billing_reference: [{ invoice_document_reference: { id: 'ELSEWHERE-1' } }] } });
    const body = await bodyOf(res);
    expect(res.status).to.equal(200);
    const detail = (await adapter.runtime.store.documents.get(body.document_id))!.statuses[0]!.detail ?? '';
    expect(detail).to.contain('NAV-108');
  });

  it('passes the NAV\'s warning on as processing details, and its ABORTED as FAILED with the code', async () => {
    const withBuyer = (id: string, taxNumber: string) => {
      const doc = fixture('domestic-27');
      return { ...doc, id, accounting_customer_party: { ...doc.accounting_customer_party, tax_scheme: [{ scheme: 'VAT', id: taxNumber }] } };
    };
    const warned = await settled(await submit(withBuyer('MSZ-2026-000120', '13579131-2-02')));
    expect(warned.status).to.equal('SUCCESS');
    expect(JSON.stringify(warned.processing_details)).to.contain('INCORRECT_COUNTY_CODE');
    const aborted = await settled(await submit(withBuyer('MSZ-2026-000121', '11223346-2-02')));
    expect(aborted.status).to.equal('FAILED');
    expect(JSON.stringify(aborted.processing_details)).to.contain('NAV ERROR INVALID_CUSTOMER_TAX_NUMBER');
  });

  it('tells the platform the activation is PENDING while no technical user is configured', async () => {
    const activations = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=minta-szallito'));
    expect(activations.activations[0].status.code).to.equal('PENDING');
    expect(activations.activations[0].status.message).to.match(/no technical user is configured for this business entity/);
  });
});
