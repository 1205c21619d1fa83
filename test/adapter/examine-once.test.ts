import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drivers } from '../../drivers/index.js';
import { driverId, type Driver } from '../../src/spi/driver.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { fixtureConfigCopy, FIXTURES_DIR } from '../helpers/fixtures.js';
import { settledStatus, submitDocument } from '../helpers/documents.js';

// Intake examines a submission once (issue 40). A driver that needs an earlier document (KSeF's
// corrective invoice names the corrected invoice's KSeF number, NAV's MODIFY continues the
// invoice's chain) asks the store from inside its examine; intake used to run the driver a
// second time on a copy of the body with the store's answers. The real drivers over HTTP, in a
// registry whose KSEF and NAV count their examine calls per submitted document.

const fixture = (folder: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, folder, `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('intake runs once per submission', function () {
  this.timeout(60_000);
  /** `<driver id> <document id>` → how many times the driver examined it. */
  const examined = new Map<string, number>();
  const counting = (driver: Driver): Driver => ({
    ...driver,
    examine(doc, ctx) {
      const key = `${driverId(driver)} ${doc.id}`;
      examined.set(key, (examined.get(key) ?? 0) + 1);
      return driver.examine(doc, ctx);
    },
  });
  let adapter: TestAdapter;
  before(async () => {
    const config = fixtureConfigCopy('examine-once-', (yaml) => yaml.replace('  NAV:\n', '  NAV:\n    sandbox: { processing_seconds: 0 }\n'));
    const counted = drivers.map((d) => (['KSEF', 'NAV'].includes(driverId(d)) ? counting(d) : d));
    adapter = await startTestAdapter({ drivers: counted, env: { ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(() => adapter.close());

  /** The invoice submitted and accepted by the (simulated) network: its provider reference of `key`. */
  const accepted = async (folder: string, name: string, key: string): Promise<string> => {
    const status = await settledStatus(adapter, await submitDocument(adapter, fixture(folder, name)));
    expect(status.status, JSON.stringify(status)).to.equal('SUCCESS');
    const reference = (JSON.parse(status.provider_references) as { key: string; value: string }[]).find((r) => r.key === key);
    expect(reference, status.provider_references).to.not.equal(undefined);
    return reference!.value;
  };
  const stored = async (id: string) => (await adapter.runtime.store.documents.get(id))!;

  it('examines a KSeF corrective invoice (KOR) naming an accepted invoice once, and writes the KSeF number it looked up', async () => {
    const ksefNumber = await accepted('ksef', 'domestic-23-8', 'ksefNumber');
    const correctiveId = await submitDocument(adapter, fixture('ksef', 'corrective'));
    expect(examined.get('KSEF FV/2025/11/0001')).to.equal(1);
    expect(examined.get('KSEF KOR/2025/11/0001')).to.equal(1);
    expect((await stored(correctiveId)).artifacts[0]!.content).to.contain(`<NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`);
  });

  it('examines a NAV MODIFY of a reported invoice once, and finds the invoice DONE (no NAV-108)', async () => {
    await accepted('nav', 'domestic-27', 'navTransactionId');
    const modifyId = await submitDocument(adapter, fixture('nav', 'credit-note-modify'));
    expect(examined.get('NAV MSZ-2026-000101')).to.equal(1);
    expect(examined.get('NAV MSZ-2026-000106')).to.equal(1);
    const modify = await stored(modifyId);
    expect(modify.artifacts[0]!.content).to.contain('<modificationIndex>1</modificationIndex>');
    expect(modify.statuses[0]!.detail ?? '').to.not.contain('NAV-108');
  });
});
