import { expect } from 'chai';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('the admin API: business entities at run time', function () {
  this.timeout(20_000);
  let adapter: TestAdapter | undefined;
  let dataDir: string;
  const start = async () => (adapter = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } }));
  const submit = (body: unknown) => adapter!.call('/einvoicing/documents', { method: 'POST', json: body });
  beforeEach(async () => {
    dataDir = tempDir('admin-entities-');
    await start();
  });
  afterEach(async () => {
    await adapter?.close();
    adapter = undefined;
  });

  it('generates the admin key into DATA_DIR (0600) and keeps the two keys apart: each opens only its own API (401)', async () => {
    const file = join(dataDir, 'admin-api-key');
    expect(readFileSync(file, 'utf8').trim()).to.equal(adapter!.runtime.adminApiKey.key);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(adapter!.said.join('\n')).to.contain(adapter!.runtime.adminApiKey.key);
    expect((await admin(adapter!, '/business-entities')).status).to.equal(200);
    const spiKeyOnAdmin = await admin(adapter!, '/business-entities', { key: adapter!.key });
    expect(spiKeyOnAdmin.status).to.equal(401);
    expect(await spiKeyOnAdmin.text()).to.equal('');
    const adminKeyOnSpi = await adapter!.call('/einvoicing/activations', { key: adapter!.runtime.adminApiKey.key });
    expect(adminKeyOnSpi.status).to.equal(401);
    expect((await fetch(`${adapter!.url}/admin/merchants`)).status).to.equal(401);
  });

  it('adds an entity that takes documents at once and after a restart; a removed one is refused but its documents stay readable', async () => {
    expect((await submit(invoiceBy('NEW-1', 'DE111111111'))).status).to.equal(400);
    const created = await expectStatus(admin(adapter!, '/business-entities', { method: 'POST', json: germanEntity('new-seller', 'DE111111111') }), 201);
    const { activations: sentActivations, ...sent } = germanEntity('new-seller', 'DE111111111');
    expect({ ...created, activations: undefined }).to.deep.equal({ ...sent, activations: undefined });
    expect(created.activations).to.have.length((sentActivations as unknown[]).length);
    const first = await expectStatus(submit(invoiceBy('NEW-1', 'DE111111111')), 200);
    const activations = await expectStatus(adapter!.call('/einvoicing/activations?business_entity_id=new-seller'), 200);
    expect(activations.activations.map((a: { business_entity: { id: string } }) => a.business_entity.id)).to.deep.equal(['new-seller']);

    await adapter!.close();
    await start();
    expect((await expectStatus(admin(adapter!, '/business-entities/new-seller'), 200)).id).to.equal('new-seller');
    await expectStatus(submit(invoiceBy('NEW-2', 'DE111111111')), 200);

    expect((await admin(adapter!, '/business-entities/new-seller', { method: 'DELETE' })).status).to.equal(204);
    const refused = await expectStatus(submit(invoiceBy('NEW-3', 'DE111111111')), 400);
    expect(refused.errors[0].message).to.contain('no configured business entity has the identifier DE111111111');
    expect((await expectStatus(adapter!.call(`/einvoicing/documents/${first.document_id}/status`), 200)).document_id).to.equal(first.document_id);
    await expectStatus(admin(adapter!, '/business-entities/new-seller'), 404);
    const listed = await expectStatus(adapter!.call('/einvoicing/activations?mode=business_entities'), 200);
    expect(listed.business_entities.map((e: { id: string }) => e.id)).not.to.include('new-seller');
    // Removed stays removed across a restart, though nothing in the file names it.
    await adapter!.close();
    await start();
    await expectStatus(submit(invoiceBy('NEW-4', 'DE111111111')), 400);
  });

  it('answers 409 for a taken id or identifier, 400 with one error per problem and dotted paths, 404 for an unknown id', async () => {
    const taken = await expectStatus(admin(adapter!, '/business-entities', { method: 'POST', json: germanEntity('example-seller', 'DE333333333') }), 409);
    expect(taken.errors[0]).to.include({ code: 'INVALID_OPERATION' });
    const sharedVat = await expectStatus(admin(adapter!, '/business-entities', { method: 'POST', json: germanEntity('copycat', 'DE987654321') }), 409);
    expect(sharedVat.errors[0].message).to.equal('party: the identifier DE987654321 already identifies business entity example-seller');
    const bad = germanEntity('broken', 'DE444444444') as { party: Record<string, unknown>; activations: Record<string, unknown>[] };
    delete bad.party.name;
    (bad.party.address as Record<string, unknown>).country = 'XX';
    bad.activations[0]!.surprise = true;
    const invalid = await expectStatus(admin(adapter!, '/business-entities', { method: 'POST', json: bad }), 400);
    const codes = invalid.errors.map((e: { code: string; message: string }) => `${e.code} ${e.message.split(':')[0]}`);
    expect(codes).to.include('MISSING_REQUIRED_DATA party.name is required');
    expect(codes.some((c: string) => c.startsWith('INVALID_DATA party.address.country'))).to.equal(true);
    expect(codes.some((c: string) => c.startsWith('INVALID_DATA activations[0]'))).to.equal(true);
    expect(invalid.errors.length).to.be.greaterThanOrEqual(3);
    await expectStatus(admin(adapter!, '/business-entities/nobody'), 404);
    await expectStatus(admin(adapter!, '/business-entities/nobody', { method: 'DELETE' }), 404);
    const notJson = await fetch(`${adapter!.url}/admin/business-entities`, { method: 'POST', headers: { authorization: `Bearer ${adapter!.runtime.adminApiKey.key}`, 'content-type': 'application/json' }, body: '{"id": ' });
    expect(notJson.status).to.equal(400);
  });

  it('replaces an entity with PUT (the path names it) and the next request sees it; the file no longer overrides it', async () => {
    const replaced = germanEntity('example-seller', 'DE987654321') as { display_name: string };
    replaced.display_name = 'Renamed Seller';
    await expectStatus(admin(adapter!, '/business-entities/example-seller', { method: 'PUT', json: { ...replaced, id: 'other' } }), 400);
    await expectStatus(admin(adapter!, '/business-entities/example-seller', { method: 'PUT', json: replaced }), 200);
    const seen = async () => (await expectStatus(adapter!.call('/einvoicing/activations?mode=business_entities&business_entity_id=example-seller'), 200)).business_entities[0].display_name;
    expect(await seen()).to.equal('Renamed Seller');
    await adapter!.close();
    await start();
    expect(await seen()).to.equal('Renamed Seller');
    expect(adapter!.logs.some((l) => String(l.msg).startsWith('the configuration file names a business entity that the admin API changed since') && l.business_entity_id === 'example-seller')).to.equal(true);
  });
});
