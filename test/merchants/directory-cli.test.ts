import { expect } from 'chai';
import { existsSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { runBinToEnd } from '../helpers/child.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { expectStatus, germanEntity, invoiceBy, admin } from '../helpers/merchants.js';
import { startPlatformSite, type PlatformSite } from '../helpers/platform-site.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('einvoicing-adapter entities and merchants (on the data directory)', function () {
  this.timeout(30_000);
  let adapter: TestAdapter | undefined;
  let site: PlatformSite | undefined;
  afterEach(async () => {
    await adapter?.close();
    await site?.close();
    adapter = site = undefined;
  });

  it('adds, lists and removes entities while the adapter runs; the adapter sees each change at its next request', async () => {
    const cwd = tempDir('entities-cli-');
    const dataDir = join(cwd, 'data');
    adapter = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    writeFileSync(join(cwd, 'two.yaml'), stringify({ business_entities: [germanEntity('cli-one', 'DE777777771'), germanEntity('cli-two', 'DE777777772')] }));
    const env = { DATA_DIR: dataDir };
    const added = await runBinToEnd(['entities', 'add', 'two.yaml'], { cwd, env });
    expect(added.stderr).to.equal('');
    expect(added.stdout).to.equal('added cli-one\nadded cli-two\n');
    await expectStatus(adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy('CLI-1', 'DE777777772') }), 200);
    const again = await runBinToEnd(['entities', 'add', 'two.yaml'], { cwd, env });
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain('entities: id: business entity cli-one already exists');
    const list = await runBinToEnd(['entities', 'list'], { cwd, env });
    expect(list.stdout).to.contain('cli-two\tcli-two GmbH\toperator\n');
    expect(list.stdout).to.contain('example-seller\t');
    expect((await runBinToEnd(['entities', 'remove', 'cli-two'], { cwd, env })).stdout).to.equal('removed cli-two (its documents stay)\n');
    await expectStatus(adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy('CLI-2', 'DE777777772') }), 400);
    const unknown = await runBinToEnd(['entities', 'remove', 'cli-two'], { cwd, env });
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('There is no business entity cli-two.');
    expect((await runBinToEnd(['entities', 'frob'], { cwd, env })).code).to.equal(2);
  });

  it('sets and shows an entity\'s own driver settings (entities set ID DRIVER FILE, settings ID DRIVER), which the running adapter serves, secrets sealed', async () => {
    const cwd = tempDir('entity-settings-cli-');
    const dataDir = join(cwd, 'data');
    adapter = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    const env = { DATA_DIR: dataDir, ADAPTER_CONFIG: FIXTURE_CONFIG };
    writeFileSync(join(cwd, 'one.yaml'), stringify(germanEntity('cli-fr', 'DE777777773')));
    expect((await runBinToEnd(['entities', 'add', 'one.yaml'], { cwd, env })).code).to.equal(0);
    writeFileSync(join(cwd, 'ctc.yaml'), stringify({ profile: 'extended-ctc-fr', supply: 'goods', platform: { client_id: 'cli-client', client_secret: 'cli-secret-value-0123' } }));
    const set = await runBinToEnd(['entities', 'set', 'cli-fr', 'ctc_fr', 'ctc.yaml'], { cwd, env });
    expect(set.code, set.stderr).to.equal(0);
    expect(set.stdout).to.not.contain('cli-secret-value-0123');
    expect(JSON.parse(set.stdout)).to.deep.include({ business_entity_id: 'cli-fr', driver: 'CTC_FR', source: 'api' }).and.to.have.property('version').that.is.a('number');
    const shown = await expectStatus(admin(adapter, '/business-entities/cli-fr/drivers/CTC_FR'), 200);
    expect(shown.settings).to.deep.include({ profile: 'extended-ctc-fr', supply: 'goods' });
    expect(shown.settings.platform.client_secret.sealed).to.match(/^hmac-sha256:/);
    const printed = await runBinToEnd(['entities', 'settings', 'cli-fr', 'CTC_FR'], { cwd, env });
    expect(JSON.parse(printed.stdout)).to.deep.equal(shown);
    writeFileSync(join(cwd, 'bad.yaml'), stringify({ profile: 'basic' }));
    const bad = await runBinToEnd(['entities', 'set', 'cli-fr', 'CTC_FR', 'bad.yaml'], { cwd, env });
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.contain('entities: profile');
    // Never a key of its own: not where the data directory holds none, nor one that opens nothing stored.
    const elsewhere = await runBinToEnd(['entities', 'settings', 'cli-fr', 'CTC_FR'], { cwd, env: { ...env, DATA_DIR: join(cwd, 'other') } });
    expect(elsewhere.code).to.equal(1);
    expect(elsewhere.stderr).to.contain('entities: no sealing key');
    expect(existsSync(join(cwd, 'other', 'token-key'))).to.equal(false);
    writeFileSync(join(cwd, 'wrong-key'), randomBytes(32).toString('base64'));
    const wrong = await runBinToEnd(['entities', 'set', 'cli-fr', 'CTC_FR', 'ctc.yaml'], { cwd, env: { ...env, SEALING_KEY_FILE: join(cwd, 'wrong-key') } });
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.contain('this is not the instances\' key');
  });

  it('prints an authorize URL that the running adapter completes (merchants connect ID)', async () => {
    const cwd = tempDir('merchants-cli-');
    const dataDir = join(cwd, 'data');
    writeFileSync(join(cwd, 'secret'), 'cli-client-secret-0123456789\n');
    site = await startPlatformSite({ clock: () => new Date(), domain: 'cli', secret: 'cli-client-secret-0123456789' });
    adapter = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none', OAUTH_CLIENT_SECRET_FILE: join(cwd, 'secret') } });
    const callback = { site_url: site.url, authorize_url: `${site.url}/oauth2/authorize`, token_url: `${site.url}/oauth2/token` };
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'cli-m', display_name: 'CLI', business_entity_ids: [], callback } }), 201);
    site.client.redirectUris.add(`${adapter.url}/oauth/callback`);
    const env = { DATA_DIR: dataDir, PUBLIC_URL: adapter.url };
    const printed = await runBinToEnd(['merchants', 'connect', 'cli-m'], { cwd, env });
    expect(printed.code, printed.stderr).to.equal(0);
    const url = new URL(printed.stdout.trim());
    expect(url.origin + url.pathname).to.equal(`${site.url}/oauth2/authorize`);
    expect(url.searchParams.get('redirect_uri')).to.equal(`${adapter.url}/oauth/callback`);
    expect(url.searchParams.get('scope')).to.equal('einvoicing.status');
    const res = await fetch(url);
    expect(res.status, await res.clone().text()).to.equal(200);
    expect((await runBinToEnd(['merchants', 'list'], { cwd, env })).stdout).to.equal('cli-m\tCLI\tconnected\t\n');
    // The state is single use.
    const replay = await fetch(url);
    expect(replay.status).to.equal(400);
    expect(await replay.text()).to.contain('unknown, used or expired');
  });
});
