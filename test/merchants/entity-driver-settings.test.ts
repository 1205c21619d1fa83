import { expect } from 'chai';
import nock from 'nock';
import { X509Certificate, constants, createPrivateKey, privateDecrypt, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KSEF_API } from '../../drivers/ksef/ksef-exchange.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { Sealer } from '../../src/platform/crypto/sealing.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';
import { makeTestPki } from '../helpers/certificates.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { configWithoutEntities, entityLike } from '../helpers/onboarding.js';
import { eventually } from '../helpers/lifecycle.js';
import { faceReceivesOne } from '../helpers/face-staging.js';
import { admin, expectStatus } from '../helpers/merchants.js';
import { bodyOf } from '../helpers/shape.js';
import { queryRows } from '../helpers/store-sql.js';
import { tempDir } from '../helpers/temp-dir.js';

// Onboarding from nothing to a first valid document through the admin API alone (issue 43): a
// FACE entity whose certificate is uploaded as PKCS#12, a CTC France entity choosing its billing
// framework and EXTENDED-CTC-FR, a KSeF entity with its token. The configuration file names
// none of them; every secret goes in once, sealed, and is never shown again. Over HTTP, against
// the real runtime; FACe and KSeF played by nock with their recorded answers.

const fixture = (driver: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, driver, `${name}.json`), 'utf8')) as Record<string, unknown>;

/** The official rules on a document the adapter produced (when ../shared is present): no fatal finding. */
function officiallyValid(content: string, name: string, rules?: string): void {
  if (!validatorAvailable()) return;
  const file = join(tempDir('onboarding-valid-'), name);
  writeFileSync(file, content);
  const [result] = validateFiles([file], rules);
  expect(result!.fatal, JSON.stringify(result!.errors.slice(0, 5))).to.equal(0);
}

/** A folder with two sealing keys (`key1`, `key2`), a data directory and the configuration without entities. */
function twoKeys(prefix: string): { dir: string; dataDir: string; config: string } {
  const dir = tempDir(prefix);
  for (const key of ['key1', 'key2']) writeFileSync(join(dir, key), randomBytes(32).toString('base64'));
  return { dir, dataDir: join(dir, 'data'), config: configWithoutEntities(dir) };
}

/** The status of the entity's activation that lists `model`. */
async function activationOf(a: TestAdapter, entityId: string, model: string): Promise<{ code: string; message: string }> {
  const body = await bodyOf(await a.call(`/einvoicing/activations?business_entity_id=${entityId}`));
  const found = (body.activations as { status: { code: string; message: string }; country_activations: { model: string }[] }[]).find((x) => x.country_activations.some((ca) => ca.model === model));
  return found!.status;
}

describe('onboarding an entity through the admin API alone: driver settings and sealed secrets', function () {
  this.timeout(120_000);
  let adapter: TestAdapter;
  const pki = makeTestPki(['proveedor'], { days: 400, keyUsage: 'digitalSignature,nonRepudiation' });
  const p12 = readFileSync(pki.client('proveedor').p12).toString('base64');

  before(async () => {
    const dir = tempDir('onboarding-');
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: configWithoutEntities(dir), RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(async () => {
    nock.cleanAll();
    nock.enableNetConnect();
    await adapter.close();
  });
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  const activation = (entityId: string, model: string) => activationOf(adapter, entityId, model);

  it('FACE: a PKCS#12 uploaded once signs the entity\'s first Facturae, which FACe receives signed with it; the secret is never shown again', async () => {
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: entityLike('suministros-ejemplo', 'empresa-nueva') }), 201);
    expect(await expectStatus(admin(adapter, '/business-entities/empresa-nueva/drivers/FACE'), 200)).to.deep.include({ source: 'none', settings: {} });
    expect((await activation('empresa-nueva', 'FACE')).message).to.contain('no certificate is configured');

    // Refused, each naming what is wrong: the wrong passphrase, a key that is not the certificate's,
    // an expired certificate, one that cannot sign, a file name (files are each instance's own).
    const refused = async (json: unknown, pattern: RegExp) => {
      const body = await expectStatus(admin(adapter, '/business-entities/empresa-nueva/drivers/FACE', { method: 'PUT', json }), 400);
      expect(JSON.stringify(body.errors), JSON.stringify(body)).to.match(pattern);
    };
    await refused({ certificate: { pkcs12: p12, passphrase: 'not-the-passphrase' } }, /certificate/);
    const other = makeTestPki(['otro'], { days: 400, keyUsage: 'digitalSignature' });
    const keyOf = (path: string) => execFileSync('openssl', ['pkey', '-in', path, '-passin', `pass:${pki.passphrase}`], { encoding: 'utf8' });
    await refused({ certificate: { cert: readFileSync(pki.client('proveedor').cert, 'utf8'), key: keyOf(other.client('otro').key) } }, /certificate.*(match|key)/i);
    const expired = makeTestPki(['caducado'], { days: -1, keyUsage: 'digitalSignature' });
    await refused({ certificate: { pkcs12: readFileSync(expired.client('caducado').p12).toString('base64'), passphrase: expired.passphrase } }, /expired/);
    const encipherOnly = makeTestPki(['cifrado'], { days: 400, keyUsage: 'keyEncipherment' });
    await refused({ certificate: { pkcs12: readFileSync(encipherOnly.client('cifrado').p12).toString('base64'), passphrase: encipherOnly.passphrase } }, /digitalSignature|sign/);
    await refused({ certificate: { pkcs12_file: pki.client('proveedor').p12 } }, /certificate\.pkcs12_file: the admin API takes the value itself/);

    const put = await expectStatus(admin(adapter, '/business-entities/empresa-nueva/drivers/FACE', { method: 'PUT', json: { certificate: { pkcs12: p12, passphrase: pki.passphrase } } }), 200);
    const uploaded = new X509Certificate(readFileSync(pki.client('proveedor').cert));
    expect(put).to.deep.include({ source: 'api' }).and.to.have.property('version').that.is.a('number');
    expect(put.certificates.certificate.subject).to.contain('CN=proveedor');
    expect(new Date(put.certificates.certificate.not_after).getTime()).to.equal(new Date(uploaded.validTo).getTime());
    expect(put.settings.certificate.pkcs12).to.deep.equal({ sealed: `sha256:${uploaded.fingerprint256}` });
    expect(put.settings.certificate.passphrase.sealed).to.match(/^hmac-sha256:[0-9a-f]{32}$/);
    const shown = JSON.stringify(await expectStatus(admin(adapter, '/business-entities/empresa-nueva/drivers/FACE'), 200));
    for (const secret of [pki.passphrase, p12.slice(0, 40)]) expect(shown).to.not.contain(secret);
    for (const line of adapter.logs) for (const secret of [pki.passphrase, p12.slice(0, 40)]) expect(JSON.stringify(line)).to.not.contain(secret);
    // Sealed at rest: the row holds neither, and its sealed part is a JWE under a named key.
    const [row] = await queryRows(adapter.runtime.store, "SELECT settings, sealed FROM entity_driver_settings WHERE business_entity_id = 'empresa-nueva'");
    expect(JSON.stringify(row)).to.not.contain(pki.passphrase).and.not.contain(p12.slice(0, 40));
    const header = JSON.parse(Buffer.from(String(row!.sealed).split('.')[0]!, 'base64url').toString('utf8')) as Record<string, string>;
    expect(header).to.include({ alg: 'A256KW', enc: 'A256GCM' }).and.to.have.property('kid').that.matches(/^[0-9a-f]{16}$/);
    // Not readable without the key: another key, even named as this one, opens nothing.
    const forged = String(row!.sealed);
    expect(await Sealer.of(new Uint8Array(randomBytes(32))).unseal(forged).catch((e: unknown) => e)).to.be.instanceOf(Error);
    const stored = await Sealer.open({ dataDir: adapter.dataDir }).unseal<Record<string, string>>(forged);
    expect(stored).to.deep.equal({ 'certificate.pkcs12': p12, 'certificate.passphrase': pki.passphrase });
    // GET, edit, PUT: a secret sent back as shown keeps its stored value.
    const again = await expectStatus(admin(adapter, '/business-entities/empresa-nueva/drivers/FACE', { method: 'PUT', json: JSON.parse(shown).settings }), 200);
    expect(again.version).to.be.greaterThan(put.version);
    expect(again.settings).to.deep.equal(put.settings);
    expect((await activation('empresa-nueva', 'FACE')).message).to.contain('staging');

    // The first document: signed with the uploaded certificate, sent to FACe signed with it.
    const face = faceReceivesOne();
    const submitted = await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: fixture('face', 'b2g-dir3-centres') }));
    expect(submitted.document_id, JSON.stringify(submitted)).to.be.a('string');
    await eventually(() => face.scope.isDone(), 20_000, 'FACe receiving the invoice');
    expect(face.request()).to.contain(`>${uploaded.raw.toString('base64')}</wsse:BinarySecurityToken>`);
    const q = 'country=ES&transaction_type=B2G&model=FACE&document_type=facturae-invoice';
    const download = await bodyOf(await adapter.call(`/einvoicing/documents/${submitted.document_id}/download?${q}`));
    const xsig = Buffer.from(download.documents[0].document_content, 'base64').toString('utf8');
    expect(signatureProblem(xsig)).to.equal(undefined);
    expect(/<ds:X509Certificate>([^<]+)</.exec(xsig)![1]).to.equal(uploaded.raw.toString('base64'));
    officiallyValid(xsig, 'first.xsig.xml', 'facturae,facturae-sig');
  });

  it('CTC France: the billing framework and EXTENDED-CTC-FR chosen through the API are what the entity\'s first invoice carries', async () => {
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: entityLike('vendeur-ctc-etendu', 'editions-nouvelles') }), 201);
    const wrong = await expectStatus(admin(adapter, '/business-entities/editions-nouvelles/drivers/ctc_fr', { method: 'PUT', json: { profile: 'minimum', supply: 'mixed' } }), 400);
    expect(JSON.stringify(wrong.errors)).to.contain('profile');
    // What the schema lets through but is no URL is a 400 naming it, as the platform's settings are read.
    const platform = { client_id: 'c', client_secret: 'platform-secret-0123', flow_service_url: 'https://[', directory_service_url: 'https://pa.example/directory', token_url: 'https://pa.example/token', matricule: 'PA01' };
    const notUrl = await expectStatus(admin(adapter, '/business-entities/editions-nouvelles/drivers/ctc_fr', { method: 'PUT', json: { profile: 'extended-ctc-fr', platform } }), 400);
    expect(notUrl.errors[0].message).to.equal('platform.flow_service_url: not a URL');
    const put = await expectStatus(admin(adapter, '/business-entities/editions-nouvelles/drivers/ctc_fr', { method: 'PUT', json: { profile: 'extended-ctc-fr', supply: 'mixed' } }), 200);
    expect(put).to.deep.include({ driver: 'CTC_FR', source: 'api', settings: { profile: 'extended-ctc-fr', supply: 'mixed' } });
    const submitted = await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: fixture('ctc-fr', 'domestic-extended-cii') }));
    expect(submitted.document_id, JSON.stringify(submitted)).to.be.a('string');
    const q = 'country=FR&transaction_type=B2B&model=CTC&document_type=cii-invoice';
    const download = await bodyOf(await adapter.call(`/einvoicing/documents/${submitted.document_id}/download?${q}`));
    const xml = Buffer.from(download.documents[0].document_content, 'base64').toString('utf8');
    expect(xml).to.match(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M1<\/ram:ID>/);
    expect(xml).to.contain('urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr');
    officiallyValid(xml, 'first-extended.xml');
    // Services only, from the next document on, without a restart.
    await expectStatus(admin(adapter, '/business-entities/editions-nouvelles/drivers/CTC_FR', { method: 'PUT', json: { supply: 'services' } }), 200);
    const next = await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('ctc-fr', 'domestic-en16931-cii'), accounting_supplier_party: fixture('ctc-fr', 'domestic-extended-cii').accounting_supplier_party, id: 'FR-NEXT-1' } }));
    const nextXml = Buffer.from((await bodyOf(await adapter.call(`/einvoicing/documents/${next.document_id}/download?${q}`))).documents[0].document_content, 'base64').toString('utf8');
    expect(nextXml).to.match(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>S1<\/ram:ID>/);
    expect(nextXml).to.not.contain('extended-ctc-fr');
  });

  it('KSEF: a token sent once is what KSeF is authenticated with for the entity\'s first invoice, and a new one replaces it without a restart', async () => {
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: entityLike('przyklad-sprzedawca', 'sprzedawca-nowy') }), 201);
    expect((await activation('sprzedawca-nowy', 'CLEARANCE')).message).to.contain('no KSeF token');
    // A secret of the wrong type is refused without being quoted back.
    const typed = await expectStatus(admin(adapter, '/business-entities/sprzedawca-nowy/drivers/KSEF', { method: 'PUT', json: { token: 98765432101234 } }), 400);
    expect(JSON.stringify(typed)).to.contain('token').and.not.contain('98765432101234');
    const refusedNip = await expectStatus(admin(adapter, '/business-entities/sprzedawca-nowy/drivers/KSEF', { method: 'PUT', json: { token: 't', context_nip: '12' } }), 400);
    expect(JSON.stringify(refusedNip.errors)).to.contain('context_nip');
    const token = '20250625-EC-220A1D7000-2A1E3E4DDA-AB|nip-5265877635|0123456789abcdef';
    const put = await expectStatus(admin(adapter, '/business-entities/sprzedawca-nowy/drivers/KSEF', { method: 'PUT', json: { token, environment: 'test' } }), 200);
    expect(JSON.stringify(put)).to.not.contain(token);
    expect((await activation('sprzedawca-nowy', 'CLEARANCE')).message).to.contain('test environment');

    // KSeF: its published keys (the test's own, whose private key it holds), the challenge and the
    // token, which decrypts to the uploaded one.
    const dir = tempDir('ksef-mf-');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'mf.key', '-out', 'mf.der', '-outform', 'DER', '-days', '2', '-subj', '/CN=Ministerstwo Finansow (test)'], { cwd: dir, stdio: 'pipe' });
    const mf = readFileSync(join(dir, 'mf.der')).toString('base64');
    const T = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'ksef', 'transport', name), 'utf8')) as Record<string, any>;
    const root = new URL(KSEF_API.test);
    const seen: string[] = [];
    const ksef = () =>
      nock(`${root.protocol}//${root.host}`)
        .get(`${root.pathname}/security/public-key-certificates`)
        .reply(200, (T('public-key-certificates.response.json') as unknown as Record<string, unknown>[]).map((c) => ({ ...c, certificate: mf })))
        .post(`${root.pathname}/auth/challenge`)
        .reply(200, T('auth-challenge.response.json'))
        .post(`${root.pathname}/auth/ksef-token`, (body: { encryptedToken: string }) => {
          const plain = privateDecrypt({ key: createPrivateKey(readFileSync(join(dir, 'mf.key'))), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.encryptedToken, 'base64')).toString('utf8');
          seen.push(plain.split('|').slice(0, -1).join('|'));
          return true;
        })
        .reply(400, { title: 'stop here' }, { 'content-type': 'application/problem+json' });
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    const first = ksef();
    const submitted = await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: fixture('ksef', 'domestic-23-8') }));
    expect(submitted.document_id, JSON.stringify(submitted)).to.be.a('string');
    await eventually(() => first.isDone(), 20_000, 'KSeF asked with the token');
    const fa3 = await bodyOf(await adapter.call(`/einvoicing/documents/${submitted.document_id}/download?country=PL&transaction_type=B2B&model=CLEARANCE&document_type=ksef-invoice`));
    officiallyValid(Buffer.from(fa3.documents[0].document_content, 'base64').toString('utf8'), 'first-fa3.xml');
    expect(seen).to.deep.equal([token]);

    const replaced = token.replace('0123456789abcdef', 'fedcba9876543210');
    await expectStatus(admin(adapter, '/business-entities/sprzedawca-nowy/drivers/KSEF', { method: 'PUT', json: { token: replaced, environment: 'test' } }), 200);
    const second = ksef();
    await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('ksef', 'domestic-23-8'), id: 'FV-NEXT-1' } }));
    await eventually(() => seen.includes(replaced), 20_000, 'KSeF asked with the new token');
    expect(seen).to.deep.equal([token, replaced]);
    expect(second.isDone()).to.equal(true);
  });

  it('rotation: the secrets sealed under the old key are sealed again under the new one; the entity signs with the same certificate and its old document still verifies', async () => {
    const { dir, dataDir, config } = twoKeys('onboarding-rotate-');
    const start = (env: Record<string, string>) => startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: config, TRANSPORT: 'none', ...env } });
    const xsigOf = async (a: TestAdapter, id: string) =>
      Buffer.from((await bodyOf(await a.call(`/einvoicing/documents/${id}/download?country=ES&transaction_type=B2G&model=FACE&document_type=facturae-invoice`))).documents[0].document_content, 'base64').toString('utf8');
    const first = await start({ SEALING_KEY_FILE: join(dir, 'key1') });
    let doc1: string;
    try {
      await expectStatus(admin(first, '/business-entities', { method: 'POST', json: entityLike('suministros-ejemplo', 'empresa-rotada') }), 201);
      await expectStatus(admin(first, '/business-entities/empresa-rotada/drivers/FACE', { method: 'PUT', json: { certificate: { pkcs12: p12, passphrase: pki.passphrase } } }), 200);
      doc1 = (await bodyOf(await first.call('/einvoicing/documents', { method: 'POST', json: fixture('face', 'b2g-dir3-centres') }))).document_id as string;
    } finally {
      await first.close();
    }
    const kidOf = async (a: TestAdapter) => {
      const [row] = await queryRows(a.runtime.store, "SELECT sealed FROM entity_driver_settings WHERE business_entity_id = 'empresa-rotada'");
      return (JSON.parse(Buffer.from(String(row!.sealed).split('.')[0]!, 'base64url').toString('utf8')) as { kid: string }).kid;
    };
    const during = await start({ SEALING_KEY_FILE: join(dir, 'key2'), SEALING_PREVIOUS_KEY_FILES: join(dir, 'key1') });
    let oldKid: string;
    try {
      oldKid = await kidOf(during);
      const rotated = await expectStatus(admin(during, '/sealing/rotate', { method: 'POST' }), 200);
      expect(rotated.tables.entity_driver_settings).to.deep.equal({ resealed: 1, current: 0, changed: 0, unreadable: 0 });
      expect(await kidOf(during)).to.equal(rotated.current_kid).and.not.equal(oldKid);
    } finally {
      await during.close();
    }
    const after = await start({ SEALING_KEY_FILE: join(dir, 'key2') });
    try {
      const uploaded = new X509Certificate(readFileSync(pki.client('proveedor').cert)).raw.toString('base64');
      const old = await xsigOf(after, doc1);
      expect(signatureProblem(old)).to.equal(undefined);
      expect(/<ds:X509Certificate>([^<]+)</.exec(old)![1]).to.equal(uploaded);
      const doc2 = (await bodyOf(await after.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('face', 'b2g-dir3-centres'), id: 'FE-ROTATED-2' } }))).document_id as string;
      const next = await xsigOf(after, doc2);
      expect(signatureProblem(next)).to.equal(undefined);
      expect(/<ds:X509Certificate>([^<]+)</.exec(next)![1]).to.equal(uploaded);
    } finally {
      await after.close();
    }
  });

  it('holds the documents of an entity whose secrets do not open with this instance\'s keys (503, PENDING), never sending them elsewhere', async () => {
    const { dir, dataDir, config } = twoKeys('onboarding-lost-key-');
    const first = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: config, TRANSPORT: 'none', SEALING_KEY_FILE: join(dir, 'key1') } });
    try {
      await expectStatus(admin(first, '/business-entities', { method: 'POST', json: entityLike('przyklad-sprzedawca', 'sprzedawca-zgubiony') }), 201);
      await expectStatus(admin(first, '/business-entities/sprzedawca-zgubiony/drivers/KSEF', { method: 'PUT', json: { token: 'lost-token-0123456789' } }), 200);
    } finally {
      await first.close();
    }
    const other = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: config, TRANSPORT: 'none', SEALING_KEY_FILE: join(dir, 'key2') } });
    try {
      const status = await activationOf(other, 'sprzedawca-zgubiony', 'CLEARANCE');
      expect(status.code).to.equal('PENDING');
      expect(status.message).to.contain('KSEF: this business entity\'s settings cannot be used').and.contain('SEALING_PREVIOUS_KEY_FILES');
      const refused = await expectStatus(other.call('/einvoicing/documents', { method: 'POST', json: fixture('ksef', 'domestic-23-8') }), 503);
      expect(refused.errors[0]).to.include({ code: 'SERVICE_UNAVAILABLE' });
      expect(refused.errors[0].message).to.contain('business entity sprzedawca-zgubiony: its KSEF settings cannot be used');
      // What may be shown still is.
      expect(await expectStatus(admin(other, '/business-entities/sprzedawca-zgubiony/drivers/KSEF'), 200)).to.deep.include({ source: 'api' });
    } finally {
      await other.close();
    }
  });

  it('says a certificate that ends within 30 days in the activation\'s message, and warns of it at start', async () => {
    const dir = tempDir('onboarding-expiry-');
    const dataDir = join(dir, 'data');
    const config = configWithoutEntities(dir);
    const soon = makeTestPki(['pronto'], { days: 10, keyUsage: 'digitalSignature' });
    const first = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: config, TRANSPORT: 'none' } });
    try {
      await expectStatus(admin(first, '/business-entities', { method: 'POST', json: entityLike('suministros-ejemplo', 'empresa-pronto') }), 201);
      const put = await expectStatus(admin(first, '/business-entities/empresa-pronto/drivers/FACE', { method: 'PUT', json: { certificate: { pkcs12: readFileSync(soon.client('pronto').p12).toString('base64'), passphrase: soon.passphrase } } }), 200);
      const until = String(put.certificates.certificate.not_after).slice(0, 10);
      const body = await bodyOf(await first.call('/einvoicing/activations?business_entity_id=empresa-pronto'));
      const status = body.activations[0].status as { code: string; message: string };
      expect(status.message).to.contain(`FACE: the certificate CN=pronto`).and.contain(`expires on ${until}, in 9 day(s)`).and.contain('PUT /admin/business-entities/empresa-pronto/drivers/FACE');
    } finally {
      await first.close();
    }
    const again = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: config, TRANSPORT: 'none' } });
    try {
      const warned = await eventually(() => again.logs.find((l) => l.code === 'CERTIFICATE_EXPIRES_SOON'), 5_000, 'the warning');
      expect(warned).to.include({ level: 'warn', business_entity_id: 'empresa-pronto', driver: 'FACE', certificate: 'certificate', days_left: 9 });
    } finally {
      await again.close();
    }
  });

  it('shows an entity the file configures as the file\'s, and refuses to change it (409)', async () => {
    const dir = tempDir('onboarding-file-');
    const dataDir = join(dir, 'data');
    // Set through the API first, then the file names the same entity's settings: the file's run.
    const before = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: configWithoutEntities(dir), TRANSPORT: 'none' } });
    try {
      await expectStatus(admin(before, '/business-entities', { method: 'POST', json: entityLike('vendeur-ctc-etendu', 'vendeur-ctc-etendu') }), 201);
      await expectStatus(admin(before, '/business-entities/vendeur-ctc-etendu/drivers/CTC_FR', { method: 'PUT', json: { profile: 'en16931', supply: 'goods' } }), 200);
    } finally {
      await before.close();
    }
    const file = await startTestAdapter({ dataDir, env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    try {
      expect(file.logs.find((l) => l.driver === 'CTC_FR' && l.business_entity_id === 'vendeur-ctc-etendu')).to.include({ level: 'warn' }).and.to.have.property('msg').that.contains('are kept unused');
      const q = 'country=FR&transaction_type=B2B&model=CTC&document_type=cii-invoice';
      const doc = await bodyOf(await file.call('/einvoicing/documents', { method: 'POST', json: fixture('ctc-fr', 'domestic-extended-cii') }));
      const xml = Buffer.from((await bodyOf(await file.call(`/einvoicing/documents/${doc.document_id}/download?${q}`))).documents[0].document_content, 'base64').toString('utf8');
      expect(xml).to.contain('extended-ctc-fr');
      const shown = await expectStatus(admin(file, '/business-entities/vendeur-ctc-etendu/drivers/CTC_FR'), 200);
      expect(shown).to.deep.include({ source: 'config', settings: { profile: 'extended-ctc-fr', supply: 'mixed' } });
      const refused = await expectStatus(admin(file, '/business-entities/vendeur-ctc-etendu/drivers/CTC_FR', { method: 'PUT', json: { profile: 'en16931' } }), 409);
      expect(refused.errors[0].message).to.contain('drivers.CTC_FR.entities.vendeur-ctc-etendu: set in the configuration file');
      await expectStatus(admin(file, '/business-entities/vendeur-ctc-etendu/drivers/PEPPOL'), 404);
      await expectStatus(admin(file, '/business-entities/nobody/drivers/CTC_FR'), 404);
    } finally {
      await file.close();
    }
  });
});
