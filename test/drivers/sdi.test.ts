import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { basicLatin, latin1 } from '../../drivers/sdi/latin.js';
import { naturaOf } from '../../drivers/sdi/natura.js';
import { readNotification } from '../../drivers/sdi/notifications.js';
import { fileNameOf, progressiveOf } from '../../drivers/sdi/transmission-file.js';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import type { ConfigFile } from '../../src/platform/config/config-file-schema.js';
import { dec } from '../../src/lib/money.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, fixtureConfig, fixtureConfigCopy, FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { modelOf, renderDocument } from '../helpers/render-document.js';
import { bodyOf } from '../helpers/shape.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'sdi', `${name}.json`), 'utf8')) as Record<string, any>;

describe('SDI: text, Natura and file names', () => {
  it('writes Latin-1 and ASCII fields without refusing anything', () => {
    expect(latin1('Società “Àncora” – 5 € ☕')).to.equal('Società "Àncora" - 5 EUR ?');
    expect(latin1('łódź\tŒuvre\n  x')).to.equal('lódz OEuvre x');
    expect(basicLatin('FT/ÀÈ-ß')).to.equal('FT/AE-ss');
  });

  it('maps categories and VATEX codes to Natura sub-codes, a configured map first', () => {
    const c = (id: string, code?: string) => ({ id, percent: dec(0), exemptionReasonCode: code });
    expect(naturaOf(c('E'), false)).to.equal('N4');
    expect(naturaOf(c('AE'), false)).to.equal('N6.9');
    expect(naturaOf(c('AE'), true)).to.equal('N2.1');
    expect(naturaOf(c('AE', 'VATEX-EU-AE'), true)).to.equal('N2.1');
    expect(naturaOf(c('K'), true)).to.equal('N3.2');
    expect(naturaOf(c('O'), false)).to.equal('N2.2');
    expect(naturaOf(c('E', 'VATEX-EU-148-A'), false)).to.equal('N3.4');
    expect(naturaOf(c('E', 'VATEX-EU-F'), false)).to.equal('N5');
    expect(naturaOf(c('Z'), false)).to.equal(undefined);
    expect(naturaOf(c('Z'), false, { Z: 'N3.5' })).to.equal('N3.5');
    expect(naturaOf(c('AE'), false, { AE: 'N6.3' })).to.equal('N6.3');
  });

  it('numbers files in base 36 and names them as the SDI requires', () => {
    expect(progressiveOf(1)).to.equal('00001');
    expect(progressiveOf(36)).to.equal('00010');
    expect(progressiveOf(36 ** 5 - 1)).to.equal('ZZZZZ');
    expect(() => progressiveOf(36 ** 5)).to.throw(RangeError);
    expect(fileNameOf(readFileSync(join(FIXTURES_DIR, 'sdi', 'b2g-fpa12.xml'), 'utf8'))).to.equal('IT02114490572_00001.xml');
  });

  it('reads each recorded notification', () => {
    const read = (name: string) => readNotification(readFileSync(join(FIXTURES_DIR, 'sdi', 'transport', name), 'utf8'))!;
    expect(read('rc.xml')).to.include({ kind: 'RC', sdiId: '111', messageId: '123456' });
    expect(read('ns.xml').errors.map((e) => e.code)).to.deep.equal(['00305', '00404']);
    expect(read('ne-ec02.xml')).to.include({ kind: 'NE', esito: 'EC02', invoiceNumber: 'PA-2026/0001', description: "Importo non corrispondente all'ordine" });
    expect(read('dt.xml')).to.include({ kind: 'DT', invoiceNumber: 'PA-2026/0001' });
    expect(readNotification('<not-a-notification/>')).to.equal(undefined);
  });

  it('writes the stamp duty only above 77.47 EUR of exempt amounts', async () => {
    const config = fixtureConfig();
    const registry = createRegistry(drivers);
    // Examined as a submission is (an error fails the test), then rendered.
    const rendered = async (body: unknown) => {
      const { doc, driver, ctx } = await intake(body, config, registry);
      return (await renderDocument(driver, doc, { ...ctx, now: new Date('2026-11-02T00:00:00Z'), documentId: 'x' }))[0]!.content;
    };
    const small = fixture('exempt-n4');
    small.lines[0].unit_price = 77.47;
    small.lines[0].amount = 77.47;
    small.tax_total.tax_sub_totals[0].taxable_amount = 77.47;
    small.taxable_amount = 197.47;
    small.amount = small.amount_due = 223.87;
    expect(await rendered(small)).to.not.contain('<DatiBollo>');
    expect(await rendered(fixture('exempt-n4'))).to.contain('<ImportoBollo>2.00</ImportoBollo>');
  });

  it('numbers a file in its transmitter\'s sequence: the seller\'s partita IVA, or the intermediary that transmits for the entity', async () => {
    const registry = createRegistry(drivers);
    const sequenceKey = async (config: ConfigFile) => {
      const { doc, driver, ctx } = await intake(fixture('b2b-rates-22-10-4'), config, registry);
      return driver.sequence!(await modelOf(driver, doc, ctx), ctx);
    };
    expect(await sequenceKey(fixtureConfig())).to.equal('IT02114490572');
    const intermediary = fixtureConfigCopy('sdi-transmitter-', (y) => y.replace('fornitore-esempio: { regime_fiscale: RF01 }', 'fornitore-esempio: { regime_fiscale: RF01, transmitter: { country: IT, id: "01879020517" } }'));
    expect(await sequenceKey(loadAdapterConfig(intermediary, registry).config)).to.equal('IT01879020517');
  });
});

describe('SDI in the sandbox: the simulated SDI delivers and the public body answers (HTTP, real runtime)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, RETRY_MIN_DELAY: '30', RETRY_MAX_DELAY: '150' } });
  });
  after(() => adapter.close());
  const statusOf = async (id: string) => bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
  const submit = async (body: Record<string, unknown>) => (await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: body }))).document_id as string;

  it('delivers a business invoice (RC: SUCCESS with the identificativoSdI) and keeps the receipt', async () => {
    const id = await submit({ ...fixture('b2b-rates-22-10-4'), id: 'SB-SDI-1' });
    const done = await eventually(async () => ((await statusOf(id)).status === 'SUCCESS' ? statusOf(id) : undefined), 10_000, 'SUCCESS');
    expect(JSON.parse(done.provider_references).map((r: { key: string }) => r.key)).to.include('identificativoSdI');
    expect((await adapter.runtime.store.statusChanges.relatedOf(id)).map((r) => r.documentType)).to.deep.equal(['sdi-ricevuta-consegna']);
  });

  it('puts an invoice for a buyer without a channel in the drawer (MC), and a public body accepts its signed FPA12 (RC, NE EC01)', async () => {
    const drawer = await submit({ ...fixture('b2b-rates-22-10-4'), id: 'SB-SDI-2', accounting_customer_party: { ...fixture('b2b-rates-22-10-4').accounting_customer_party, electronic_address: undefined } });
    const pa = await submit({ ...fixture('b2g-fpa12'), id: 'SB-SDI-3' });
    await eventually(async () => ((await statusOf(drawer)).status === 'SUCCESS' ? true : undefined), 10_000, 'drawer SUCCESS');
    expect((await adapter.runtime.store.statusChanges.relatedOf(drawer)).map((r) => r.documentType)).to.deep.equal(['sdi-mancata-consegna']);
    // ACCEPTED is also the submission's own first status: wait for the public body's, after SUCCESS.
    await eventually(async () => ((await adapter.runtime.store.documents.get(pa))!.statuses.length >= 3 ? true : undefined), 10_000, 'the public body ACCEPTED');
    expect((await adapter.runtime.store.documents.get(pa))!.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED', 'SUCCESS', 'ACCEPTED']);
  });

  it('tells the platform the activation is PENDING while no SdICoop channel is configured', async () => {
    const activations = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=fornitore-esempio'));
    expect(activations.activations[0].status.code).to.equal('PENDING');
    expect(activations.activations[0].status.message).to.match(/no SdICoop channel is configured/);
  });

  it('lets the sandbox\'s public body refuse (EC02)', async () => {
    const refusing = await startTestAdapter({
      env: { ADAPTER_CONFIG: fixtureConfigCopy('sdi-ec02-', (y) => y.replace('  SDI:\n', '  SDI:\n    sandbox: { public_body_answer: EC02 }\n')), RETRY_MIN_DELAY: '30', RETRY_MAX_DELAY: '150' },
    });
    try {
      const res = await refusing.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('b2g-fpa12'), id: 'SB-SDI-4' } });
      const id = (await bodyOf(res)).document_id as string;
      await eventually(async () => ((await bodyOf(await refusing.call(`/einvoicing/documents/${id}/status`))).status === 'REJECTED' ? true : undefined), 10_000, 'REJECTED');
    } finally {
      await refusing.close();
    }
  });
});
