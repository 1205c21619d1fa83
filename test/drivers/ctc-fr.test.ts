import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { readCdar } from '../../drivers/ctc-fr/cdar-read.js';
import { readInbound } from '../../drivers/ctc-fr/statuses.js';
import type { CtcFrModel } from '../../drivers/ctc-fr/examine.js';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { submitDocument } from '../helpers/documents.js';
import { FIXTURES_DIR, fixtureConfig, fixtureConfigCopy } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { recordStatusCallbacks, type StatusCallback } from '../helpers/status-callbacks.js';
import { bodyOf } from '../helpers/shape.js';
import { requireShared, sharedPath } from '../helpers/shared-folder.js';

// CTC_FR beyond the conformance loop: French identifiers, reading the official CDAR examples,
// and the whole lifecycle over HTTP through the sandbox's platform with the platform's callbacks
// (the XP Z12-013 client and transport themselves: test/ctc-fr/).

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', `${name}.json`), 'utf8')) as Record<string, any>;
const registry = createRegistry(drivers);
const OFFICIAL = sharedPath('validation', 'fr-ctc', 'examples', 'CDAR');

describe('CTC_FR: lifecycle messages', () => {
  it('examines a buyer\'s status without a clock, and renders it on its own date at the render clock\'s time of day', async () => {
    const { driver, ctx, examination } = await intake(fixture('response-210-rejected'), fixtureConfig(), registry);
    const model = examination.model as CtcFrModel;
    expect(model).to.deep.include({ kind: 'response' });
    const examined = JSON.stringify(model);
    const at = (now: string) => driver.render(model, { ...ctx, now: new Date(now), documentId: 'cdar' })[0]!.content.match(/format="204">(\d+)</g);
    expect(at('2026-03-04T05:06:07Z')).to.deep.equal(['format="204">20261105050607<', 'format="204">20261105050607<']);
    expect(at('2025-12-01T23:59:58Z')).to.deep.equal(['format="204">20261105235958<', 'format="204">20261105235958<']);
    expect(JSON.stringify(model), 'render only writes the model').to.equal(examined);
  });

  it('reads the official examples: 210 Refusée is REJECTED with its reason, 205 ACCEPTED, 203 SUCCESS, 202 MESSAGE_ACKNOWLEDGEMENT', function () {
    requireShared(this, OFFICIAL, 'reading the official CDAR examples');
    const read = (file: string) => readInbound('cdar-applicationresponse', readFileSync(join(OFFICIAL, file), 'utf8'));
    expect(read('UC3_F202500005_04-CDV-210_Refusee.xml')).to.deep.equal({ status: 'REJECTED', respondsTo: 'F202500005', remote: '210', note: 'TX_TVA_ERR: Taux de TVA erroné' });
    expect(read('UC1_F202500003_05-CDV-205_Approuvee.xml')).to.include({ status: 'ACCEPTED', respondsTo: 'F202500003' });
    expect(read('UC1_F202500003_03-CDV-203_Mise_a_disposition.xml')).to.include({ status: 'SUCCESS' });
    expect(read('UC1_F202500003_02-CDV-202_Recue.xml')).to.include({ status: 'MESSAGE_ACKNOWLEDGEMENT' });
    expect(readInbound('ubl-applicationresponse', '<x/>')).to.equal(undefined);
    expect(readCdar('not xml')).to.equal(undefined);
  });
});

describe('CTC_FR over HTTP: the sandbox\'s approved platform, its lifecycle and the platform\'s callbacks', () => {
  let adapter: TestAdapter;
  let received: StatusCallback[];
  before(async () => {
    received = recordStatusCallbacks('http://platform.test');
    const config = fixtureConfigCopy('ctc-fr-', (yaml) =>
      yaml.replace('      vendeur-ctc-etendu: { profile: extended-ctc-fr, supply: mixed }\n', '      vendeur-ctc-etendu: { profile: extended-ctc-fr, supply: mixed }\n    sandbox:\n      step_ms: 50\n      buyers: { "200000008": { code: "207", reason: "Quantité erronée" } }\n'),
    );
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, BILLING_URL: 'http://platform.test', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(async () => {
    await adapter.close();
    nock.cleanAll();
  });

  const submit = (doc: Record<string, unknown>) => submitDocument(adapter, doc);
  const statuses = async (id: string) => (await adapter.runtime.store.documents.get(id))!.statuses.map((s) => s.status);

  it('walks 200, 202, 203 and the buyer\'s 207 once each, keeping every CDAR, and calls the platform back with each in that order (the submission answered ACCEPTED itself)', async () => {
    const id = await submit(fixture('domestic-en16931-ubl'));
    await eventually(async () => (await statuses(id)).includes('UNDER_QUERY'), 10_000, 'UNDER_QUERY');
    await new Promise((r) => setTimeout(r, 300)); // nothing more comes: tracking ended
    expect((await statuses(id))).to.deep.equal(['ACCEPTED', 'IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'UNDER_QUERY']);
    const related = (await adapter.runtime.store.statusChanges.relatedOf(id));
    expect(related.map((r) => r.documentType)).to.deep.equal(Array(4).fill('cdar-applicationresponse'));
    const last = readCdar((await adapter.runtime.store.statusChanges.related(related[3]!.id))!.content);
    expect(last).to.include({ code: '207', invoiceId: 'F2026-0001-EU', seller: '732829320', reasonCode: 'AUTRE', reason: 'Quantité erronée' });
    await eventually(() => received.filter((r) => r.path.includes('F2026-0001-EU')).length >= 4, 10_000, 'the callbacks');
    expect(received.filter((r) => r.path.includes('F2026-0001-EU')).map((r) => r.status)).to.deep.equal(['IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'UNDER_QUERY']);
  });

  it('deposits the buyer\'s own status (a CDAR 210) and reports it SUCCESS once the platform forwards it', async () => {
    const id = await submit(fixture('response-210-rejected'));
    await eventually(async () => (await statuses(id)).includes('SUCCESS'), 10_000, 'SUCCESS');
    const row = (await adapter.runtime.store.transmissions.state(id))!;
    expect(JSON.parse(row.envelope!)).to.include({ documentNumber: 'FA-2026-0458' });
    expect(JSON.parse(row.envelope!).receiver).to.deep.equal({ scheme: '0225', id: '100000009_STATUTS' });
  });

  it('refuses a French invoice whose buyer has no SIREN, naming the field (400)', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: fixture('invalid-buyer-siren') });
    expect(res.status).to.equal(400);
    expect(JSON.stringify(await bodyOf(res))).to.contain('CTC_FR-111');
  });
});
