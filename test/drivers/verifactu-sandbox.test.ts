import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { settledStatus, submitDocument } from '../helpers/documents.js';
import { bodyOf } from '../helpers/shape.js';

// With no certificate configured, the sandbox answers VERIFACTU records like the AEAT: through
// the same batching transport, with a CSV, TiempoEsperaEnvio (1 s in the fixture
// configuration) and a line per record, so a document's status comes back as it would from the
// AEAT's service. Over HTTP, against the real runtime.

const invoice = JSON.parse(readFileSync(join(FIXTURES_DIR, 'verifactu', 'invoice.json'), 'utf8')) as Record<string, unknown>;
const invoiceNumbered = (n: number) => ({ ...invoice, id: `FV-S/${String(n).padStart(4, '0')}` });

describe('VERIFACTU in the sandbox: the simulated AEAT answers (HTTP, real runtime)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG } });
  });
  after(() => adapter.close());

  const submit = (json: unknown) => submitDocument(adapter, json);

  const settled = (id: string) => settledStatus(adapter, id, 150, 100);

  it('reports SUCCESS with the CSV and the AEAT-shaped answer for each record, a burst and an anulación included', async () => {
    const firstId = await submit(invoiceNumbered(1));
    // Submitted right behind the first: its request is answered with TiempoEsperaEnvio 1 s, so
    // these wait for it and then share one request (one CSV).
    const burst = await Promise.all([2, 3, 4, 5, 6].map((n) => submit(invoiceNumbered(n))));
    const first = await settled(firstId);
    expect(first.status).to.equal('SUCCESS');
    const refs = JSON.parse(first.provider_references) as { key: string; value: string }[];
    expect(refs).to.have.length(1);
    expect(refs[0]!.key).to.equal('CSV');
    expect(refs[0]!.value).to.match(/^A-[0-9A-F]{14}$/);
    const responses = JSON.parse(first.provider_response) as { source: string; payload: Record<string, unknown> }[];
    expect(responses.map((r) => r.source)).to.deep.equal(['sandbox']);
    expect(responses[0]!.payload).to.deep.equal({ csv: refs[0]!.value, estado_envio: 'Correcto', operacion: 'Alta', estado_registro: 'Correcto' });

    const answers = await Promise.all(burst.map(settled));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(5).fill('SUCCESS'));
    const csvs = new Set(answers.map((a) => (JSON.parse(a.provider_references) as { value: string }[])[0]!.value));
    expect(csvs.size).to.equal(1);
    expect(csvs.has(refs[0]!.value)).to.equal(false);

    const voided = await settled(await submit({ ...invoiceNumbered(1), status: 'VOIDED' }));
    expect(voided.status).to.equal('SUCCESS');
    expect((JSON.parse(voided.provider_response) as { payload: Record<string, unknown> }[])[0]!.payload).to.deep.include({ operacion: 'Anulacion', estado_registro: 'Correcto' });
  });

  it('tells the platform the activation is PENDING, and keeps the sandbox control API to what the sandbox network carries', async () => {
    const activations = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=empresa-ejemplo'));
    expect(activations.activations[0].status.code).to.equal('PENDING');
    expect(activations.activations[0].status.message).to.match(/no AEAT certificate is configured for this business entity/);
    const id = await submit(invoiceNumbered(9));
    const res = await adapter.call(`/sandbox/documents/${id}/network-failure`, { method: 'POST', json: { mode: 'permanent' } });
    expect(res.status).to.equal(409);
    const body = await bodyOf(res);
    expect(body.errors[0].code).to.equal('INVALID_OPERATION');
    expect(body.errors[0].message).to.equal(`document ${id} travels through the VERIFACTU driver's own network (sandbox), not the sandbox network this API controls`);
  });
});
