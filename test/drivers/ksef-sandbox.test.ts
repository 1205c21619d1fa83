import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isKsefNumber } from '../../drivers/ksef/ksef-number.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { settledStatus, submitDocument } from '../helpers/documents.js';
import { bodyOf } from '../helpers/shape.js';

// With no KSeF token configured, the sandbox answers like KSeF: the same client, session and
// transport talk to the simulated KSeF, so an FA(3) invoice comes back SUCCESS with a KSeF number
// and a UPO, and a corrective invoice submitted after it names that number. Over HTTP, against
// the real runtime.

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'ksef', `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('KSEF in the sandbox: the simulated KSeF clears invoices (HTTP, real runtime)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(() => adapter.close());

  const submit = (json: unknown) => submitDocument(adapter, json);

  const settled = (id: string) => settledStatus(adapter, id);

  it('answers SUCCESS with a KSeF number and the UPO; a corrective invoice then names the corrected invoice\'s KSeF number', async () => {
    const invoiceId = await submit(fixture('domestic-23-8'));
    const status = await settled(invoiceId);
    expect(status.status, JSON.stringify(status)).to.equal('SUCCESS');
    const refs = JSON.parse(status.provider_references) as { key: string; value: string }[];
    expect(refs.map((r) => r.key)).to.deep.equal(['ksefNumber']);
    const ksefNumber = refs[0]!.value;
    expect(ksefNumber.startsWith('5265877635-')).to.equal(true);
    expect(isKsefNumber(ksefNumber), ksefNumber).to.equal(true);

    // The UPO is the SUCCESS status's related document, served by /download.
    const related = (await adapter.runtime.store.statusChanges.relatedOf(invoiceId));
    expect(related.map((r) => [r.documentType, r.flow, r.status])).to.deep.equal([['ksef-upo', 'INBOUND', 'SUCCESS']]);
    const q = 'country=PL&transaction_type=B2B&model=CLEARANCE&document_type=ksef-upo';
    const download = await bodyOf(await adapter.call(`/einvoicing/documents/${related[0]!.id}/download?${q}`));
    const upo = Buffer.from(download.documents[0].document_content, 'base64').toString('utf8');
    expect(upo).to.contain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`);
    expect(upo).to.contain('<NumerFaktury>FV/2025/11/0001</NumerFaktury>');

    const correctiveId = await submit(fixture('corrective'));
    const stored = (await adapter.runtime.store.documents.get(correctiveId))!.artifacts[0]!.content;
    expect(stored).to.match(new RegExp(`<NrKSeF>1</NrKSeF>\\s*<NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`));
    expect(stored).to.not.contain('NrKSeFN');
    expect((await settled(correctiveId)).status).to.equal('SUCCESS');
  });

  it('tells the platform the activation is PENDING while no KSeF token is configured', async () => {
    const activations = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=przyklad-sprzedawca'));
    expect(activations.activations[0].status.code).to.equal('PENDING');
    expect(activations.activations[0].status.message).to.match(/no KSeF token is configured for this business entity/);
  });
});
