import { expect } from 'chai';
import nock from 'nock';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser, signInConsole } from '../helpers/browser.js';
import { makeTestPki } from '../helpers/certificates.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { faceReceivesOne } from '../helpers/face-staging.js';
import { admin, expectStatus } from '../helpers/merchants.js';
import { configWithoutEntities } from '../helpers/onboarding.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';

// Onboarding in the console (headless Chromium), from nothing to a first document: the operator
// adds a Spanish entity (the API's problems shown beside their fields), activates it for FACE,
// uploads its PKCS#12 certificate, adds its merchant and makes the merchant's key; with that key
// the entity's first invoice is signed with the uploaded certificate and received by FACe (nock,
// its recorded answer), and the document's page shows it. Nothing in the configuration file
// names the entity.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (driver: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, driver, `${name}.json`), 'utf8')) as Json;

describe('console: onboarding an entity with a certificate (Chromium)', function () {
  this.timeout(120_000);
  let adapter: TestAdapter;
  let browser: Browser;
  const pki = makeTestPki(['proveedor-consola'], { days: 400, keyUsage: 'digitalSignature,nonRepudiation' });

  before(async function () {
    browser = await launchBrowser(this);
    adapter = await startTestAdapter({ env: { CONSOLE: 'true', ADAPTER_CONFIG: configWithoutEntities(tempDir('console-onboarding-')), RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(async () => {
    nock.cleanAll();
    nock.enableNetConnect();
    await browser?.close();
    await adapter?.close();
  });

  const fill = async (page: Page, fields: Record<string, string>) => {
    for (const [id, value] of Object.entries(fields)) await page.locator(`#${id}`).fill(value);
  };

  it('adds, activates and equips an entity, gives it a merchant and a key, and its first invoice is signed with the uploaded certificate', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Entities' }).click();
    await page.waitForURL(/\/console\/entities$/);
    await page.getByRole('link', { name: 'Add a business entity' }).click();
    await page.waitForURL(/\/console\/entities\/new$/);
    await expectAccessible(page);

    // A country that is no country, and no registered name: each problem beside its field, the rest kept.
    await fill(page, {
      'f-id': 'empresa-consola',
      'f-display_name': 'Empresa de la consola',
      'f-party-name': 'Suministros de Ejemplo, S.A.',
      'f-party-address-line_1': 'Calle de Serrano 41',
      'f-party-address-zip': '28001',
      'f-party-address-city': 'Madrid',
      'f-party-address-division': 'Madrid',
      'f-party-address-country': 'XX',
      'f-party-tax_identifiers-0-scheme': 'VAT',
      'f-party-tax_identifiers-0-id': 'ESA28000008',
      'f-party-legal_entity-company_id': 'A28000008',
      'f-party-contact-email': 'facturas@suministros.example',
    });
    await page.getByRole('button', { name: 'Add the entity' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).to.contain('Not saved: 2 problems, each beside its field');
    expect(await page.locator('#f-party-address-country-error').textContent()).to.match(/^party\.address\.country: must be/);
    expect(await page.locator('#f-party-address-country').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#f-party-legal_entity-registration_name-error').textContent()).to.equal('party.legal_entity.registration_name is required');
    expect(await page.locator('#f-party-address-city').inputValue()).to.equal('Madrid');
    await expectAccessible(page);
    await fill(page, { 'f-party-address-country': 'ES', 'f-party-legal_entity-registration_name': 'Suministros de Ejemplo, S.A.' });
    await page.getByRole('button', { name: 'Add the entity' }).click();
    await page.waitForURL(/\/console\/entities\/empresa-consola\?added=1$/);
    expect(await page.getByRole('status').textContent()).to.contain('Added');
    // What the console added is what the admin API shows.
    const added = await expectStatus(admin(adapter, '/business-entities/empresa-consola'), 200);
    expect(added.party).to.deep.equal({
      name: 'Suministros de Ejemplo, S.A.',
      address: { line_1: 'Calle de Serrano 41', zip: '28001', city: 'Madrid', division: 'Madrid', country: 'ES' },
      tax_identifiers: [{ scheme: 'VAT', id: 'ESA28000008' }],
      legal_entity: { registration_name: 'Suministros de Ejemplo, S.A.', company_id: 'A28000008' },
      contact: { email: 'facturas@suministros.example' },
    });
    expect(added.activations).to.deep.equal([]);

    // Activated for FACE: PENDING until its certificate is there, and the page says why.
    await page.locator('#f-model').selectOption('FACE');
    await page.locator('#f-einvoicing_type').selectOption('B2G');
    await fill(page, { 'f-supported_document_types': 'facturae-invoice, facturae-creditnote' });
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL(/\/console\/entities\/empresa-consola\?activated=1/);
    const activationRow = page.getByRole('region', { name: 'Activations' }).locator('tbody tr').first();
    expect(await activationRow.locator('td').nth(1).textContent()).to.equal('FACE ES B2G (facturae-invoice, facturae-creditnote)');
    expect(await activationRow.locator('td').nth(3).textContent()).to.contain('no certificate is configured');
    await expectAccessible(page);

    // Edited: a problem beside its field, then saved; the activation stays.
    await fill(page, { 'f-party-electronic_address-scheme': '99', 'f-party-address-city': 'Alcobendas' });
    await page.getByRole('button', { name: 'Save the entity' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#f-party-electronic_address-scheme-error').textContent()).to.contain('party.electronic_address.scheme');
    expect(await page.locator('#f-id').getAttribute('readonly')).to.equal('');
    await fill(page, { 'f-party-electronic_address-scheme': '' });
    await page.getByRole('button', { name: 'Save the entity' }).click();
    await page.waitForURL(/\/console\/entities\/empresa-consola\?saved=1$/);
    const edited = await expectStatus(admin(adapter, '/business-entities/empresa-consola'), 200);
    expect(edited.party.address.city).to.equal('Alcobendas');
    expect(edited.activations).to.have.length(1);

    // The certificate: a wrong passphrase is refused beside the certificate, the right one saved and sealed.
    await page.getByRole('link', { name: 'FACE' }).click();
    await page.waitForURL(/\/console\/entities\/empresa-consola\/drivers\/FACE$/);
    await expectAccessible(page);
    await page.locator('#f-certificate-pkcs12').setInputFiles(pki.client('proveedor-consola').p12);
    await page.locator('#f-certificate-passphrase').fill('not-the-passphrase');
    await page.getByRole('button', { name: 'Save the FACE settings' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#f-certificate-error').textContent()).to.match(/^certificate/);
    expect(await page.locator('#f-certificate-passphrase').inputValue(), 'a secret typed in is not shown back').to.equal('');
    await expectAccessible(page);
    await page.locator('#f-certificate-pkcs12').setInputFiles(pki.client('proveedor-consola').p12);
    await page.locator('#f-certificate-passphrase').fill(pki.passphrase);
    await page.getByRole('button', { name: 'Save the FACE settings' }).click();
    await page.waitForURL(/\/drivers\/FACE\?saved=1$/);
    const uploaded = new X509Certificate(readFileSync(pki.client('proveedor-consola').cert));
    const stored = await page.locator('main').textContent();
    expect(stored).to.contain('CN=proveedor-consola').and.to.contain(`sha256:${uploaded.fingerprint256}`);
    expect(stored, 'the passphrase is never shown').to.not.contain(pki.passphrase);
    // The stored secrets and files are kept unseen, each saying so and tied to its field; a plain value is in its field.
    expect(await page.getByText('Left empty, it is kept.').count()).to.equal(2);
    expect(await page.locator('#f-certificate-passphrase').getAttribute('aria-describedby')).to.equal('f-certificate-passphrase-stored');
    expect(await page.getByLabel('Remove the stored passphrase').count()).to.equal(1);
    const settings = await expectStatus(admin(adapter, '/business-entities/empresa-consola/drivers/FACE'), 200);
    expect(settings).to.deep.include({ source: 'api' });
    expect(settings.settings.certificate.pkcs12).to.deep.equal({ sealed: `sha256:${uploaded.fingerprint256}` });
    // Saved again without choosing the file or typing the passphrase: both are kept.
    await page.getByRole('button', { name: 'Save the FACE settings' }).click();
    await page.waitForURL(/\/drivers\/FACE\?saved=1$/);
    const again = await expectStatus(admin(adapter, '/business-entities/empresa-consola/drivers/FACE'), 200);
    expect(again.version).to.be.greaterThan(settings.version);
    expect(again.settings).to.deep.equal(settings.settings);
    await page.getByRole('link', { name: 'Back to empresa-consola' }).click();
    expect(await page.getByRole('region', { name: 'Activations' }).locator('tbody tr').first().locator('td').nth(3).textContent()).to.not.contain('no certificate');

    // Its merchant and the merchant's key, shown once.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Merchants' }).click();
    await page.waitForURL(/\/console\/merchants$/);
    await fill(page, { 'f-id': 'consola', 'f-display_name': 'Tienda de la consola', 'f-business_entity_ids': 'empresa-consola\nno-such-entity' });
    await page.getByRole('button', { name: 'Add the merchant' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#f-business_entity_ids-error').textContent()).to.contain('no-such-entity');
    await expectAccessible(page);
    await fill(page, { 'f-business_entity_ids': 'empresa-consola' });
    await page.getByRole('button', { name: 'Add the merchant' }).click();
    await page.waitForURL(/\/console\/merchants\/consola\?added=1$/);
    await page.getByRole('button', { name: 'Make a new API key' }).click();
    await page.waitForLoadState();
    const key = (await page.locator('code.key').textContent())!;
    expect(key).to.match(/^mk_/);
    await expectAccessible(page);
    // A second key, revoked after its confirmation: the first stays.
    await page.getByRole('button', { name: 'Make a new API key' }).click();
    await page.waitForLoadState();
    const second = (await page.locator('code.key').textContent())!;
    await page.getByRole('link', { name: `Revoke …${second.slice(-4)}` }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Revoke …${second.slice(-4)}` }).click();
    await page.waitForURL(/\/console\/merchants\/consola\?revoked=1$/);
    const keys = (await expectStatus(admin(adapter, '/merchants/consola'), 200)).api_keys as Json[];
    expect(keys.map((k) => k.hint)).to.deep.equal([`…${key.slice(-4)}`]);

    // The first invoice, with the merchant's key: signed with the uploaded certificate, received by FACe.
    const face = faceReceivesOne();
    const invoice = fixture('face', 'b2g-dir3-centres');
    const submitted = await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice, key }));
    expect(submitted.document_id, JSON.stringify(submitted)).to.be.a('string');
    await eventually(() => face.scope.isDone(), 20_000, 'FACe receiving the invoice');
    expect(face.request()).to.contain(`>${uploaded.raw.toString('base64')}</wsse:BinarySecurityToken>`);

    // The merchant signs in with its key and finds the document, signed with its certificate.
    const merchant = await signInConsole(browser, adapter.url, key);
    await merchant.goto(`${adapter.url}/console/documents?invoice=${encodeURIComponent(String(invoice.id))}`);
    await merchant.getByRole('link', { name: String(invoice.id) }).click();
    await merchant.waitForURL(new RegExp(`/console/documents/${String(submitted.document_id)}$`));
    const xml = (await merchant.locator('pre.xml').first().textContent())!;
    expect(/<ds:X509Certificate>\s*([^<\s]+)\s*</.exec(xml)?.[1]).to.equal(uploaded.raw.toString('base64'));
    // The merchant sees its entity, read only; merchants are the operator's.
    await merchant.goto(`${adapter.url}/console/entities`);
    expect(await merchant.locator('tbody tr').count()).to.equal(1);
    expect(await merchant.getByRole('button', { name: 'Activate' }).count()).to.equal(0);
    // Another's entity is not found, whatever the URL names (the operator's example-seller here).
    expect((await merchant.goto(`${adapter.url}/console/entities/example-seller`))?.status()).to.equal(404);
    expect((await page.goto(`${adapter.url}/console/entities/example-seller`))?.status()).to.equal(200);
    const forbidden = await merchant.goto(`${adapter.url}/console/merchants`);
    expect(forbidden?.status()).to.equal(403);
    expect((await merchant.request.get(`${adapter.url}/console/entities/empresa-consola/drivers/FACE`)).status()).to.equal(403);
  });

  it('refuses a forged change: an entity form or an upload without the session\'s CSRF token, or from another site, changes nothing', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    const res = await page.request.post(`${adapter.url}/console/entities`, { form: { id: 'forged', display_name: 'x' }, headers: { origin: adapter.url } });
    expect(res.status()).to.equal(403);
    await expectStatus(admin(adapter, '/business-entities/forged'), 404);
    const before = await expectStatus(admin(adapter, '/business-entities/example-seller/drivers/EINVOICE'), 200);
    const upload = { multipart: { 'email.host': 'smtp.forged.example', 'email.from': 'x@forged.example' } };
    expect((await page.request.post(`${adapter.url}/console/entities/example-seller/drivers/EINVOICE`, { ...upload, headers: { origin: adapter.url } })).status()).to.equal(403);
    expect((await page.request.post(`${adapter.url}/console/entities/example-seller/drivers/EINVOICE`, { ...upload, headers: { origin: 'https://evil.example' } })).status()).to.equal(403);
    expect(await expectStatus(admin(adapter, '/business-entities/example-seller/drivers/EINVOICE'), 200)).to.deep.equal(before);
  });

  it('refuses an upload larger than 2 MB with a page saying so, and a driver without settings per entity is not found', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    const big = { name: 'big.p12', mimeType: 'application/x-pkcs12', buffer: Buffer.alloc(3 * 1024 * 1024, 1) };
    const res = await page.request.post(`${adapter.url}/console/entities/example-seller/drivers/EINVOICE`, { multipart: { csrf: 'x', 'email.ca': big }, headers: { origin: adapter.url } });
    expect(res.status()).to.equal(413);
    expect(await res.text()).to.contain('larger than 2 MB').and.not.match(/\n\s+at /);
    const peppol = await page.goto(`${adapter.url}/console/entities/example-seller/drivers/PEPPOL`);
    expect(peppol?.status()).to.equal(404);
    expect(await page.locator('main').textContent()).to.contain('no settings per business entity');
  });
});
