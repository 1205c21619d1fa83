import { createSocket } from 'node:dgram';
import { promises as dns } from 'node:dns';
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import { accessPointSettings, LAB_ZONE, startLab, writeAccessPointFragments, type Lab } from '../../src/cli/actions/edelivery-lab/lab.js';
import { NEMHANDEL_LAB_SERVICES } from '../../src/cli/actions/edelivery-lab/nemhandel-services.js';
import { PEPPOL_LAB_SERVICES } from '../../src/cli/actions/edelivery-lab/peppol-services.js';
import { BILLING_PROFILES } from '../../drivers/nemhandel/identifiers.js';
import { participantDnsName } from '../../src/driver-kit/networks/edelivery/participant-dns-name.js';
import { receiverLookup } from '../../src/driver-kit/networks/edelivery/receiver-lookup.js';
import { documentTypeIdOf, routingOf } from '../../src/formats/sbdh/document-type-id.js';
import { killChildren, runBin, runBinToEnd } from '../helpers/child.js';
import { tempDir } from '../helpers/temp-dir.js';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// The eDelivery lab as two access points on one machine use it: the real receiver lookup, with
// node:dns asking the lab's DNS and the lab's SMP CA as its only trust anchor, finds each
// participant's endpoint and certificate; and the command serves it until a signal.

const ALICE = 'iso6523-actorid-upis::0088:5790000000001';
const BOB = 'iso6523-actorid-upis::9930:de987654321';
const ALICE_URL = 'http://127.0.0.1:18080/networks/peppol/inbound';
const BOB_URL = 'http://127.0.0.1:18081/networks/peppol/inbound';

function resolverAt(server: string): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([server]);
  return resolver;
}

function lookupIn(lab: { zone: string; dns: { server: string } }, smpCa: X509Certificate) {
  return receiverLookup({ smlZone: lab.zone, smpTrustAnchors: [smpCa], resolver: resolverAt(lab.dns.server), allowHttp: true, timeoutMs: 3000, cacheEntries: 0 });
}

const [INVOICE, CREDIT_NOTE, INVOICE_RESPONSE, MLR] = PEPPOL_LAB_SERVICES as [(typeof PEPPOL_LAB_SERVICES)[number], (typeof PEPPOL_LAB_SERVICES)[number], (typeof PEPPOL_LAB_SERVICES)[number], (typeof PEPPOL_LAB_SERVICES)[number]];

describe('eDelivery lab', function () {
  this.timeout(60000);
  let dir: string;
  let lab: Lab;

  before(async () => {
    dir = tempDir('edelivery-lab-');
    // Alice given without the scheme, as the command line gives it.
    lab = await startLab({ dir, participants: [{ participantId: '0088:5790000000001', as4Url: ALICE_URL, seat: 'POP000001' }, { participantId: BOB, as4Url: BOB_URL, seat: 'POP000002' }] });
  });
  after(() => lab?.close());

  it('registers the Peppol document types by what rendered documents say: root, CustomizationID and ProfileID', () => {
    for (const [golden, service] of [['spec-invoice', INVOICE], ['spec-credit-note', CREDIT_NOTE], ['spec-application-response', INVOICE_RESPONSE]] as const) {
      const xml = readFileSync(join(FIXTURES_DIR, 'peppol', `${golden}.xml`), 'utf8');
      expect(service, golden).to.deep.equal({
        documentTypeId: `busdox-docid-qns::${documentTypeIdOf(xml)}`,
        processId: `cenbii-procid-ubl::${/<cbc:ProfileID>([^<]+)</.exec(xml)![1]}`,
      });
    }
    expect(MLR).to.deep.equal({
      documentTypeId: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:mlr:3::2.1',
      processId: 'cenbii-procid-ubl::urn:fdc:peppol.eu:poacc:bis:mlr:3',
    });
  });

  it('the receiver lookup finds each participant\'s AS4 endpoint and access point certificate through the lab\'s DNS and SMP', async () => {
    const lookups = lookupIn(lab, lab.pki.smpCa.certificate);
    for (const [id, url, seat] of [[ALICE, ALICE_URL, 'POP000001'], [BOB, BOB_URL, 'POP000002']] as const) {
      const outcome = await lookups.lookup(id, INVOICE.documentTypeId, INVOICE.processId);
      expect(outcome.kind, JSON.stringify(outcome)).to.equal('FOUND');
      if (outcome.kind !== 'FOUND') return;
      expect(outcome.endpoint.url).to.equal(url);
      expect(outcome.endpoint.transportProfile).to.equal('peppol-transport-as4-v2_0');
      expect(outcome.endpoint.certificate.fingerprint256).to.equal(lab.pki.accessPoints.get(seat)!.certificate.fingerprint256);
      expect(outcome.endpoint.certificate.subject).to.contain(`CN=${seat}`);
    }
    // Every service a participant is registered for, the participant id in another case too (POLICY 2).
    for (const s of [CREDIT_NOTE, INVOICE_RESPONSE, MLR]) {
      const outcome = await lookups.lookup('iso6523-actorid-upis::9930:DE987654321', s.documentTypeId, s.processId);
      expect(outcome.kind, `${s.documentTypeId}: ${JSON.stringify(outcome)}`).to.equal('FOUND');
    }
  });

  it('an unknown participant is NOT_REGISTERED (NXDOMAIN), and so is a document type the participant does not receive (the SMP\'s 404)', async () => {
    const lookups = lookupIn(lab, lab.pki.smpCa.certificate);
    const stranger = await lookups.lookup('iso6523-actorid-upis::0088:5790000000099', INVOICE.documentTypeId, INVOICE.processId);
    expect(stranger).to.include({ kind: 'NOT_REGISTERED', final: true });
    expect((stranger as { reason: string }).reason).to.match(/ENOTFOUND/);
    const other = await lookups.lookup(ALICE, INVOICE.documentTypeId.replace('billing:3.0', 'billing:9.9'), INVOICE.processId);
    expect(other).to.include({ kind: 'NOT_REGISTERED', final: true });
    expect((other as { reason: string }).reason).to.match(/404/);
  });

  it('the SMP\'s signature verifies against the SMP CA only: a lookup trusting the AP CA refuses it', async () => {
    const outcome = await lookupIn(lab, lab.pki.apCa.certificate).lookup(ALICE, INVOICE.documentTypeId, INVOICE.processId);
    expect(outcome).to.include({ kind: 'INVALID_METADATA' });
    expect((outcome as { reason: string }).reason).to.match(/not issued by a trusted SMP CA/);
  });

  it('the DNS answers NODATA for another type at a registered name, and FORMERR to a datagram that is no question', async () => {
    const name = participantDnsName(ALICE, LAB_ZONE);
    const error = await resolverAt(lab.dns.server).resolve4(name).catch((e: NodeJS.ErrnoException) => e);
    expect((error as NodeJS.ErrnoException).code).to.equal('ENODATA');
    const query = Buffer.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 0x0c]);
    const answer = await udpAsk(lab.dns.port, query);
    expect(answer.readUInt16BE(0)).to.equal(0x1234);
    expect(answer.readUInt16BE(2) & 0x800f).to.equal(0x8001);
  });

  it('the certificates chain to their CAs: access points to the AP CA with CN = the seat id, the SMP to the SMP CA; keys are mode 0600', () => {
    const { apCa, smpCa, smp, accessPoints } = lab.pki;
    for (const [seat, ap] of accessPoints) {
      const fromFile = new X509Certificate(readFileSync(ap.certFile));
      expect(fromFile.subject).to.contain(`CN=${seat}`);
      expect(fromFile.checkIssued(apCa.certificate) && fromFile.verify(apCa.certificate.publicKey)).to.equal(true);
      expect(fromFile.verify(smpCa.certificate.publicKey)).to.equal(false);
      expect(fromFile.ca).to.equal(false);
      expect(fromFile.publicKey.asymmetricKeyDetails?.modulusLength).to.equal(2048);
      expect(statSync(ap.keyFile).mode & 0o777).to.equal(0o600);
    }
    expect(smp.certificate.checkIssued(smpCa.certificate) && smp.certificate.verify(smpCa.certificate.publicKey)).to.equal(true);
    expect(apCa.certificate.ca && smpCa.certificate.ca).to.equal(true);
    for (const f of [apCa.keyFile, smpCa.keyFile, smp.keyFile]) expect(statSync(f).mode & 0o777).to.equal(0o600);
  });

  it('a restart on the same directory keeps the certificates; a new seat gets one from the same AP CA', async () => {
    const again = await startLab({ dir, participants: [{ participantId: ALICE, as4Url: ALICE_URL, seat: 'POP000001' }, { participantId: '0088:5790000000003', as4Url: BOB_URL, seat: 'POP000003' }] });
    try {
      expect(again.pki.apCa.certificate.fingerprint256).to.equal(lab.pki.apCa.certificate.fingerprint256);
      expect(again.pki.smp.certificate.fingerprint256).to.equal(lab.pki.smp.certificate.fingerprint256);
      expect(again.pki.accessPoints.get('POP000001')!.certificate.fingerprint256).to.equal(lab.pki.accessPoints.get('POP000001')!.certificate.fingerprint256);
      const added = again.pki.accessPoints.get('POP000003')!.certificate;
      expect(added.checkIssued(lab.pki.apCa.certificate) && added.verify(lab.pki.apCa.certificate.publicKey)).to.equal(true);
      expect(added.serialNumber).to.not.equal(lab.pki.accessPoints.get('POP000001')!.certificate.serialNumber);
    } finally {
      await again.close();
    }
  });

  it('writes each access point\'s drivers.PEPPOL.access_point: its own certificate and key, both CAs, the lab zone and DNS, http allowed', () => {
    const fragments = writeAccessPointFragments(lab);
    expect([...fragments.keys()]).to.deep.equal(['POP000001', 'POP000002']);
    const read = parseYaml(readFileSync(fragments.get('POP000002')!, 'utf8')) as { drivers: { PEPPOL: { access_point: Record<string, unknown> } } };
    expect(read.drivers.PEPPOL.access_point).to.deep.equal(accessPointSettings(lab, 'POP000002'));
    expect(read.drivers.PEPPOL.access_point).to.deep.equal({
      certificate: { cert_file: `${lab.dir}/ap-POP000002.pem`, key_file: `${lab.dir}/ap-POP000002.key` },
      ap_ca_file: `${lab.dir}/ap-ca.pem`,
      smp_ca_file: `${lab.dir}/smp-ca.pem`,
      sml_zone: 'lab.peppol.invalid',
      dns_servers: [`127.0.0.1:${lab.dns.port}`],
      allow_http: true,
    });
  });

  it('refuses a seat id that is not one, before writing anything', async () => {
    const empty = tempDir('edelivery-lab-bad-');
    let error: unknown;
    await startLab({ dir: empty, participants: [{ participantId: ALICE, as4Url: ALICE_URL, seat: '../POP1' }] }).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/seat id is three capital letters and six digits/);
  });

  describe('the command', () => {
    afterEach(killChildren);

    it('--help says it is for testing on one machine only and shows --participant', async () => {
      const { code, stdout } = await runBinToEnd(['edelivery-lab', '--help'], { cwd: tempDir('edelivery-lab-cli-') });
      expect(code).to.equal(0);
      expect(stdout).to.contain('Usage: einvoicing-adapter edelivery-lab [options] DIR').and.contain('testing on one machine only').and.contain('--participant VALUE');
    });

    it('serves the lab until SIGTERM: the lookup finds the participant; the files stay for the next start', async () => {
      const cwd = tempDir('edelivery-lab-cli-');
      const child = runBin(['edelivery-lab', 'lab', '--participant', `0088:5790000000001=${ALICE_URL}=POP000001`], { cwd });
      const [, , server] = await child.waitFor(/eDelivery lab serving: SMP (\S+), DNS (\S+) /, 30000);
      expect(child.stdout()).to.contain('drivers:\n  PEPPOL:\n    access_point:').and.contain(`${cwd}/lab/ap-POP000001.pem`).and.contain(`- ${server}`);
      const smpCa = new X509Certificate(readFileSync(`${cwd}/lab/smp-ca.pem`));
      const outcome = await lookupIn({ zone: LAB_ZONE, dns: { server: server! } }, smpCa).lookup(ALICE, INVOICE.documentTypeId, INVOICE.processId);
      expect(outcome.kind === 'FOUND' && outcome.endpoint.url).to.equal(ALICE_URL);
      child.proc.kill('SIGTERM');
      expect((await child.exited).code).to.equal(0);
      expect(child.stderr()).to.contain('SIGTERM received, eDelivery lab stopped');
      expect(statSync(`${cwd}/lab/access-point-POP000001.yaml`).isFile()).to.equal(true);
    });

    it('--network nemhandel serves NemHandel\'s zone and prints drivers.NEMHANDEL.access_point; another network is a usage error', async () => {
      const cwd = tempDir('edelivery-lab-cli-');
      const child = runBin(['edelivery-lab', 'lab', '--network', 'nemhandel', '--participant', `0184:25313704=${DK_URL}=POP000011`], { cwd });
      const [, , server] = await child.waitFor(/eDelivery lab serving: SMP (\S+), DNS (\S+) /, 30000);
      expect(child.stdout()).to.contain('# NEMHANDEL eDelivery lab').and.contain('SML zone lab.nemhandel.invalid').and.contain('drivers:\n  NEMHANDEL:\n    access_point:');
      const smpCa = new X509Certificate(readFileSync(`${cwd}/lab/smp-ca.pem`));
      const outcome = await lookupIn({ zone: 'lab.nemhandel.invalid', dns: { server: server! } }, smpCa).lookup(DK_SELLER, DK_INVOICE.documentTypeId, DK_INVOICE.processId);
      expect(outcome.kind === 'FOUND' && outcome.endpoint.url).to.equal(DK_URL);
      child.proc.kill('SIGTERM');
      expect((await child.exited).code).to.equal(0);
      const bad = await runBinToEnd(['edelivery-lab', 'lab', '--network', 'sdi', '--participant', `0184:25313704=${DK_URL}=POP000011`], { cwd });
      expect(bad.code).to.equal(2);
      expect(bad.stderr).to.contain('--network is peppol or nemhandel, not "sdi"');
    });

    it('a malformed --participant is a usage error (exit 2)', async () => {
      const { code, stderr } = await runBinToEnd(['edelivery-lab', 'lab', '--participant', '0088:1=http://x'], { cwd: tempDir('edelivery-lab-cli-') });
      expect(code).to.equal(2);
      expect(stderr).to.contain('--participant is ID=AS4URL=SEAT');
    });
  });
});

const DK_SELLER = 'iso6523-actorid-upis::0184:25313704';
const DK_BUYER = 'iso6523-actorid-upis::0088:5798009882806';
const DK_URL = 'http://127.0.0.1:18082/networks/nemhandel/inbound';
const DK_INVOICE = NEMHANDEL_LAB_SERVICES[0]!;

describe('eDelivery lab playing NemHandel', function () {
  this.timeout(60000);
  let lab: Lab;

  before(async () => {
    lab = await startLab({ dir: tempDir('edelivery-lab-nh-'), network: 'NEMHANDEL', participants: [{ participantId: DK_SELLER, as4Url: DK_URL, seat: 'POP000011' }, { participantId: DK_BUYER, as4Url: DK_URL, seat: 'POP000011' }] });
  });
  after(() => lab?.close());

  it('registers what rendered OIOUBL documents route by: their document type id in busdox-docid-qns and their cbc:ProfileID in oioubl-procid-ubl', () => {
    for (const golden of ['b2b-cvr', 'public-sector-gln', 'credit-note', 'response-rejected', 'response-acknowledged']) {
      const routing = routingOf(readFileSync(join(FIXTURES_DIR, 'nemhandel', `${golden}.xml`), 'utf8'));
      expect(NEMHANDEL_LAB_SERVICES, golden).to.deep.include({ documentTypeId: `busdox-docid-qns::${routing.documentTypeId}`, processId: `oioubl-procid-ubl::${routing.processId}` });
    }
    expect(DK_INVOICE).to.deep.equal({
      documentTypeId: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##OIOUBL-2.1::2.1',
      processId: 'oioubl-procid-ubl::Procurement-BilSim-1.0',
    });
  });

  it('the receiver lookup finds a participant in lab.nemhandel.invalid for every billing profile, one SMP page listing them; Peppol\'s process scheme is not registered', async () => {
    expect(lab.zone).to.equal('lab.nemhandel.invalid');
    const lookups = lookupIn(lab, lab.pki.smpCa.certificate);
    for (const profile of BILLING_PROFILES) {
      for (const id of [DK_SELLER, DK_BUYER]) {
        const outcome = await lookups.lookup(id, DK_INVOICE.documentTypeId, `oioubl-procid-ubl::${profile}`);
        expect(outcome.kind, `${id} ${profile}: ${JSON.stringify(outcome)}`).to.equal('FOUND');
        expect(outcome.kind === 'FOUND' && outcome.endpoint.url).to.equal(DK_URL);
      }
    }
    const peppolScheme = await lookups.lookup(DK_SELLER, DK_INVOICE.documentTypeId, 'cenbii-procid-ubl::Procurement-BilSim-1.0');
    expect(peppolScheme).to.include({ kind: 'NOT_REGISTERED' });
    expect((peppolScheme as { reason: string }).reason).to.contain('not in process cenbii-procid-ubl::Procurement-BilSim-1.0');
  });

  it('writes the access point\'s drivers.NEMHANDEL.access_point, with the NemHandel lab zone', () => {
    const read = parseYaml(readFileSync(writeAccessPointFragments(lab).get('POP000011')!, 'utf8')) as { drivers: Record<string, { access_point: Record<string, unknown> }> };
    expect(Object.keys(read.drivers)).to.deep.equal(['NEMHANDEL']);
    expect(read.drivers.NEMHANDEL!.access_point).to.deep.equal(accessPointSettings(lab, 'POP000011'));
    expect(read.drivers.NEMHANDEL!.access_point).to.include({ sml_zone: 'lab.nemhandel.invalid' });
  });
});

/** One datagram to the lab's DNS, its answer. */
function udpAsk(port: number, message: Buffer): Promise<Buffer> {
  const socket = createSocket('udp4');
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer')), 2000);
    socket.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.send(message, port, '127.0.0.1');
  }).finally(() => socket.close());
}
