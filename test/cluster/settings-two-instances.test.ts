import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { configWithoutEntities, entityLike } from '../helpers/onboarding.js';
import { tempDir } from '../helpers/temp-dir.js';
import { databaseUrlFor } from '../helpers/test-database.js';

// Two adapter instances on one database with one sealing key (issue 43): an entity's driver
// settings changed through one instance are what the other uses for its next document, secrets
// included, without a restart. On PostgreSQL when TEST_DATABASE_URL is set (two DATA_DIRs, one
// DATABASE_URL), else two processes on one SQLite data directory.

const KEY = 'two-instances-key-0123456789abcdef01';
const ADMIN_KEY = 'two-instances-admin-0123456789abcdef';

describe('two adapter instances on one database: entity driver settings set on one are used by the other', function () {
  this.timeout(120_000);
  after(() => killChildren());

  it('renders the next document on the other instance with the settings just changed, and opens the secret sealed by the first', async () => {
    const root = tempDir('settings-two-');
    const databaseUrl = await databaseUrlFor(join(root, 'shared'));
    writeFileSync(join(root, 'sealing-key'), randomBytes(32).toString('base64'));
    const config = configWithoutEntities(root);
    const start = async (n: number): Promise<{ child: Child; url: string }> => {
      const child = runBin(['serve'], {
        cwd: root,
        env: { ADAPTER_PORT: '0', ...(databaseUrl ? { DATA_DIR: join(root, `instance-${n}`), DATABASE_URL: databaseUrl } : { DATA_DIR: join(root, 'shared') }), ADAPTER_API_KEY: KEY, ADMIN_API_KEY: ADMIN_KEY, ADAPTER_CONFIG: config, SEALING_KEY_FILE: join(root, 'sealing-key'), TRANSPORT: 'none', LOG_LEVEL: 'warn' },
      });
      const [, url] = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
      return { child, url: url! };
    };
    const [a, b] = [await start(1), await start(2)];
    const call = async (url: string, path: string, init: { method?: string; json?: unknown; admin?: boolean } = {}) => {
      const res = await fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${init.admin ? ADMIN_KEY : KEY}`, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
        ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
      });
      const body = res.status === 204 ? {} : ((await res.json()) as Record<string, any>);
      return { status: res.status, body };
    };
    const invoice = (id: string) => ({ ...JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'domestic-extended-cii.json'), 'utf8')), id });
    const rendered = async (url: string, id: string) => {
      const submitted = await call(url, '/einvoicing/documents', { method: 'POST', json: invoice(id) });
      expect(submitted.status, JSON.stringify(submitted.body)).to.equal(200);
      const download = await call(url, `/einvoicing/documents/${submitted.body.document_id}/download?country=FR&transaction_type=B2B&model=CTC&document_type=cii-invoice`);
      return Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    };

    expect((await call(a.url, '/admin/business-entities', { method: 'POST', json: entityLike('vendeur-ctc-etendu', 'editions-partagees'), admin: true })).status).to.equal(201);
    expect((await call(a.url, '/admin/business-entities/editions-partagees/drivers/CTC_FR', { method: 'PUT', json: { profile: 'extended-ctc-fr', supply: 'mixed' }, admin: true })).status).to.equal(200);
    const first = await rendered(b.url, 'FR-TWO-1');
    expect(first).to.contain('urn.cpro.gouv.fr:1p0:extended-ctc-fr');
    expect(first).to.match(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M1</);

    expect((await call(a.url, '/admin/business-entities/editions-partagees/drivers/CTC_FR', { method: 'PUT', json: { supply: 'services' }, admin: true })).status).to.equal(200);
    const second = await rendered(b.url, 'FR-TWO-2');
    expect(second).to.not.contain('extended-ctc-fr');
    expect(second).to.match(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>S1</);

    // Removed on one: the other runs with the file's (EN 16931); set again: the other uses the new ones.
    expect((await call(a.url, '/admin/business-entities/editions-partagees/drivers/CTC_FR', { method: 'DELETE', admin: true })).status).to.equal(204);
    expect(await rendered(b.url, 'FR-TWO-3')).to.not.contain('extended-ctc-fr');
    expect((await call(a.url, '/admin/business-entities/editions-partagees/drivers/CTC_FR', { method: 'PUT', json: { profile: 'extended-ctc-fr', supply: 'goods' }, admin: true })).status).to.equal(200);
    const fourth = await rendered(b.url, 'FR-TWO-4');
    expect(fourth).to.contain('extended-ctc-fr');
    expect(fourth).to.match(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>B1</);

    // A secret sealed by one instance opens on the other: its KSeF activation now names the environment, not a missing token.
    expect((await call(a.url, '/admin/business-entities', { method: 'POST', json: entityLike('przyklad-sprzedawca', 'sprzedawca-wspolny'), admin: true })).status).to.equal(201);
    const status = async (url: string) => (await call(url, '/einvoicing/activations?business_entity_id=sprzedawca-wspolny')).body.activations[0].status.message as string;
    expect(await status(b.url)).to.contain('no KSeF token');
    expect((await call(a.url, '/admin/business-entities/sprzedawca-wspolny/drivers/KSEF', { method: 'PUT', json: { token: 'shared-token-0123456789', environment: 'demo' }, admin: true })).status).to.equal(200);
    expect(await status(b.url)).to.contain('demo environment');
    const shownOnB = await call(b.url, '/admin/business-entities/sprzedawca-wspolny/drivers/KSEF', { admin: true });
    expect(shownOnB.body).to.deep.include({ source: 'api' });
    expect(JSON.stringify(shownOnB.body)).to.not.contain('shared-token-0123456789');

    for (const { child } of [a, b]) child.proc.kill('SIGTERM');
    for (const { child } of [a, b]) expect((await child.exited).code).to.equal(0);
  });
});
