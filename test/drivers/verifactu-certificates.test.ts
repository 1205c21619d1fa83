import { listLookup } from '../../src/platform/directory/entity-lookup.js';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { aeatEndpoint } from '../../drivers/verifactu/aeat-endpoints.js';
import { verifactuNetwork } from '../../drivers/verifactu/network.js';
import { envelopeOf } from '../../drivers/verifactu/transmit.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { Transport } from '../../src/spi/transport.js';
import type { DriverNetwork } from '../../src/spi/driver.js';
import { createLogger } from '../../src/lib/log.js';
import { makeTestPki, type TestPki } from '../helpers/certificates.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { NO_INBOX, NO_RECEIVED } from '../helpers/network-deps.js';

// Mutual TLS for real: a local HTTPS server that demands a client certificate signed by its CA
// plays the AEAT, and each business entity's records arrive under that entity's own certificate,
// PEM (encrypted key) or PKCS#12. Certificate problems stop the start with lines naming the setting.

const PASS_ENV = 'VERIFACTU_MTLS_PASSPHRASE';
const PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
const GOLDEN = readFileSync(join(FIXTURES_DIR, 'verifactu', 'invoice.xml'), 'utf8');
const CORRECTO = readFileSync(join(FIXTURES_DIR, 'verifactu', 'transport', 'response-correcto.xml'), 'utf8');

const entityOf = (id: string, name: string) =>
  ({ id, display_name: name, party: { name, address: { country: 'ES' }, tax_identifiers: [], legal_entity: { registration_name: name } }, activations: [] }) as BusinessEntity;
const ENTITIES = [entityOf('pem-entity', 'Empresa PEM, S.L.'), entityOf('p12-entity', 'Empresa P12, S.L.')];

describe('VERIFACTU: mutual TLS with each business entity\'s certificate', function () {
  this.timeout(30_000);
  let pki: TestPki;
  let server: https.Server;
  let url: string;
  const seen: { cn: string; path: string; body: string }[] = [];
  let network: DriverNetwork | undefined;

  before(async () => {
    pki = makeTestPki(['pem-client', 'p12-client']);
    process.env[PASS_ENV] = pki.passphrase;
    server = https.createServer({ key: readFileSync(pki.serverKey), cert: readFileSync(pki.serverCert), ca: [readFileSync(pki.caCert)], requestCert: true, rejectUnauthorized: true }, (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ cn: String((req.socket as TLSSocket).getPeerCertificate().subject.CN), path: req.url ?? '', body });
        if (req.url === '/never-answers') return;
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(CORRECTO);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
  });
  after(async () => {
    delete process.env[PASS_ENV];
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(async () => {
    await network?.close();
    network = undefined;
    seen.length = 0;
  });

  const start = (settings: Record<string, unknown>) => {
    network = verifactuNetwork(settings, listLookup(ENTITIES), { clock: () => new Date(), logger: createLogger('silent'), configDir: pki.dir, retry: { minMs: 60_000, maxMs: 60_000 }, contentOf: async () => undefined, inbox: NO_INBOX, received: NO_RECEIVED });
    return network;
  };
  const certificates = () => ({
    // Relative to the configuration file's folder.
    'pem-entity': { cert_file: basename(pki.client('pem-client').cert), key_file: basename(pki.client('pem-client').key), passphrase_env: PASS_ENV },
    'p12-entity': { pkcs12_file: pki.client('p12-client').p12, passphrase_env: PASS_ENV, seal: true },
  });

  async function sendOne(t: Transport & { flushDue?(): Promise<void> }, id: string) {
    const envelope = envelopeOf({ documentType: 'verifactu-invoice', mimeType: 'application/xml', content: GOLDEN }, id);
    await t.send({ ...envelope, content: GOLDEN }, { now: new Date(), attempt: 1 });
    await t.flushDue!();
  }

  it('presents the PEM certificate for one entity and the PKCS#12 one for the other', async () => {
    const n = start({ endpoint: url, ca_file: pki.caCert, certificates: certificates() });
    await sendOne(n.transportFor('pem-entity')!, 'doc-pem');
    await sendOne(n.transportFor('p12-entity')!, 'doc-p12');
    expect(seen.map((s) => [s.cn, s.path])).to.deep.equal([['pem-client', PATH], ['p12-client', PATH]]);
    expect(seen[0]!.body).to.contain('<sum1:NombreRazon>Empresa PEM, S.L.</sum1:NombreRazon>');
    expect(seen[1]!.body).to.contain('<sum1:NombreRazon>Empresa P12, S.L.</sum1:NombreRazon>');
    expect(n.transportFor('pem-entity')!.name).to.equal('aeat');
  });

  it('does not send to a server it cannot trust; the record stays queued for the next try', async () => {
    const n = start({ endpoint: url, certificates: certificates() });
    const t = n.transportFor('pem-entity') as Transport & { queued(): Record<string, number> };
    await sendOne(t, 'doc-untrusted');
    expect(seen).to.deep.equal([]);
    expect(t.queued()).to.deep.equal({ '89890001K': 1 });
  });

  it('cuts a request on its way when closing instead of waiting for the AEAT, and keeps its records', async () => {
    const n = start({ endpoint: url.replace(PATH, '/never-answers'), ca_file: pki.caCert, certificates: certificates() });
    const t = n.transportFor('pem-entity') as Transport & { queued(): Record<string, number> };
    const envelope = envelopeOf({ documentType: 'verifactu-invoice', mimeType: 'application/xml', content: GOLDEN }, 'doc-slow');
    await t.send({ ...envelope, content: GOLDEN }, { now: new Date(), attempt: 1 });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.map((s) => s.path)).to.deep.equal(['/never-answers']);
    const started = Date.now();
    await n.close();
    network = undefined;
    expect(Date.now() - started).to.be.below(1000);
    expect(t.queued()).to.deep.equal({ '89890001K': 1 });
  });

  it('answers an entity without a certificate with the sandbox\'s simulated AEAT', () => {
    const n = start({ certificates: { 'pem-entity': certificates()['pem-entity'] } });
    expect(n.transportFor('p12-entity')!.name).to.equal('sandbox');
    expect(n.transportFor('unknown-entity')).to.equal(undefined);
  });

  it('stops the start on certificate problems, every one named by its setting', () => {
    const lines = (settings: Record<string, unknown>): readonly string[] => {
      try {
        start(settings);
      } catch (err) {
        if (err instanceof ConfigError) return err.lines;
        throw err;
      }
      throw new Error('no ConfigError');
    };
    const p12 = pki.client('p12-client').p12;
    expect(lines({ certificates: { 'p12-entity': { pkcs12_file: p12, passphrase_env: 'VERIFACTU_UNSET_VARIABLE' } } })).to.deep.equal([
      'drivers.VERIFACTU.certificates.p12-entity.passphrase_env: the environment variable VERIFACTU_UNSET_VARIABLE is not set',
    ]);
    process.env.VERIFACTU_WRONG_PASSPHRASE = 'not-the-passphrase';
    try {
      const [wrong] = lines({ certificates: { 'p12-entity': { pkcs12_file: p12, passphrase_env: 'VERIFACTU_WRONG_PASSPHRASE' } } });
      expect(wrong).to.match(/^drivers\.VERIFACTU\.certificates\.p12-entity: the certificate cannot be used: .*mac verify failure/);
    } finally {
      delete process.env.VERIFACTU_WRONG_PASSPHRASE;
    }
    expect(lines({ ca_file: 'missing-ca.pem', certificates: { nobody: { pkcs12_file: p12 }, 'pem-entity': { cert_file: 'missing.pem', key_file: 'missing.key' }, 'p12-entity': { pkcs12_file: p12, cert_file: 'x.pem' } } })).to.deep.equal([
      `drivers.VERIFACTU.ca_file: cannot read ${join(pki.dir, 'missing-ca.pem')}: ENOENT`,
      'drivers.VERIFACTU.certificates.nobody: no business entity has this id (known: pem-entity, p12-entity)',
      `drivers.VERIFACTU.certificates.pem-entity.cert_file: cannot read ${join(pki.dir, 'missing.pem')}: ENOENT`,
      `drivers.VERIFACTU.certificates.pem-entity.key_file: cannot read ${join(pki.dir, 'missing.key')}: ENOENT`,
      'drivers.VERIFACTU.certificates.p12-entity: give either pkcs12_file (or pkcs12), or cert_file (or cert) and key_file (or key)',
    ]);
  });

  it('knows the AEAT\'s four endpoints: production and test, ordinary and seal certificates', () => {
    expect(aeatEndpoint('test', false)).to.equal('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(aeatEndpoint('test', true)).to.equal('https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(aeatEndpoint('production', false)).to.equal('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(aeatEndpoint('production', true)).to.equal('https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
  });
});
