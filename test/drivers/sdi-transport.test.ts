import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import nock from 'nock';
import qs from 'qs';
import { notificationCallXml } from '../../drivers/sdi/sdicoop.js';
import { ROOT, type NotificationKind } from '../../drivers/sdi/notifications.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { makeTestPki, type TestPki } from '../helpers/certificates.js';
import { fixtureConfigCopy, FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// The SDI over its SdICoop channel, against the real runtime over HTTP: nock plays the SDI's
// SdIRiceviFile (answers shaped like the WSDL's, fixtures/sdi/transport/) and the platform's
// callback receiver; the test plays the SDI's TrasmissioneFatture calls to
// POST /networks/sdi/inbound with the notification files kept beside them. Each notification
// moves its document to its status once, its callback reaches the platform, and a repeat
// changes nothing.

const PLATFORM = 'http://platform.test';
const SDI = 'https://sdi.test';
const transport = (name: string) => readFileSync(join(FIXTURES_DIR, 'sdi', 'transport', name), 'utf8');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'sdi', `${name}.json`), 'utf8')) as Record<string, unknown>;

/** A recorded notification about one file: its IdentificativoSdI, and a MessageId of its own. */
function notificationFor(name: string, sdiId: string): string {
  return transport(name)
    .replace(/<IdentificativoSdI>111<\/IdentificativoSdI>/g, `<IdentificativoSdI>${sdiId}</IdentificativoSdI>`)
    .replace(/<MessageId>(\d+)<\/MessageId>/, (_m, id: string) => `<MessageId>${sdiId}${id}</MessageId>`);
}

function channelConfig(pki: TestPki): string {
  const client = pki.client('sdi-channel');
  return fixtureConfigCopy('sdi-channel-', (y) =>
    y.replace(
      '      fornitore-esempio: { regime_fiscale: RF01 }\n',
      `      fornitore-esempio:\n        regime_fiscale: RF01\n        channel:\n          client_certificate: { cert_file: ${client.cert}, key_file: ${client.key}, passphrase_env: SDI_TEST_PASSPHRASE }\n` +
        `    endpoint: ${SDI}/ricevi_file\n`,
    ),
  );
}

describe('SDI transport: SdIRiceviFile and the notifications over HTTP (real runtime)', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let adapter: TestAdapter;
  const forms: Record<string, any>[] = [];
  const sent: { action: string; fileName: string; file: string }[] = [];
  let nextId = 4100;
  /** How SdIRiceviFile answers the next sends, then the recorded success. */
  const answers: string[] = [];

  before(async () => {
    pki = makeTestPki(['sdi-channel']);
    process.env.SDI_TEST_PASSPHRASE = pki.passphrase;
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    nock(PLATFORM).persist().post(/\/api\/v2\/(invoices|credit_notes)\/.*\/einvoice_status/).reply(200, (uri, body) => void forms.push({ uri, ...(qs.parse(body as string) as object) }));
    nock(SDI)
      .persist()
      .post('/ricevi_file')
      .reply(200, function (_uri, body) {
        const xml = String(body);
        sent.push({
          action: String(this.req.headers.soapaction),
          fileName: /<NomeFile>([^<]+)<\/NomeFile>/.exec(xml)![1]!,
          file: Buffer.from(/<File>([^<]+)<\/File>/.exec(xml)![1]!, 'base64').toString('utf8'),
        });
        return answers.shift() ?? transport('ricevi-file-answer.xml').replace('<IdentificativoSdI>111<', `<IdentificativoSdI>${nextId++}<`);
      });
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: channelConfig(pki), BILLING_URL: PLATFORM, RETRY_MIN_DELAY: '30', RETRY_MAX_DELAY: '150' } });
  });
  after(async () => {
    await adapter.close();
    nock.cleanAll();
    nock.enableNetConnect();
    delete process.env.SDI_TEST_PASSPHRASE;
  });

  const statusOf = async (id: string) => bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
  const statuses = async (id: string) => (await adapter.runtime.store.documents.get(id))!.statuses.map((s) => s.status);

  /** Submits a fixture under a new number and waits until the SDI gave it an id. */
  async function submitted(name: string, number: string): Promise<{ id: string; sdiId: string }> {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture(name), id: number } });
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).to.equal(200);
    const id = body.document_id as string;
    const messageId = await eventually(async () => (await adapter.runtime.store.transmissions.state(id))?.messageId ?? undefined, 10_000, 'the SDI id');
    return { id, sdiId: messageId.replace(/^sdi:/, '') };
  }

  const notify = (kind: NotificationKind, file: string, sdiId: string) =>
    fetch(`${adapter.url}/networks/sdi/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"http://www.fatturapa.it/TrasmissioneFatture/${ROOT[kind]}"` },
      body: notificationCallXml(kind, sdiId, `IT02114490572_00001_${kind}_001.xml`, notificationFor(file, sdiId)),
    });

  async function expectStatus(id: string, status: string): Promise<Record<string, any>> {
    return eventually(async () => {
      const body = await statusOf(id);
      return body.status === status ? body : undefined;
    }, 10_000, status);
  }

  const callbackOf = (number: string, status: string) =>
    eventually(() => forms.find((f) => String(f.uri).includes(`/${encodeURIComponent(number)}/einvoice_status`) && f.status === status), 10_000, `the ${status} callback of ${number}`);

  it('sends the file to SdIRiceviFile with its SOAPAction and the SDI file name, and keeps the IdentificativoSdI', async () => {
    const { id, sdiId } = await submitted('b2b-rates-22-10-4', 'SDI-T-1');
    const stored = (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
    const request = sent.find((s) => s.file === stored);
    expect(request, 'the stored file is the one sent').to.not.equal(undefined);
    expect(request!.action).to.equal('"http://www.fatturapa.it/SdIRiceviFile/RiceviFile"');
    expect(request!.fileName).to.match(/^IT02114490572_[0-9A-Z]{5}\.xml$/);
    expect(request!.file).to.contain(`<ProgressivoInvio>${request!.fileName.slice(14, 19)}</ProgressivoInvio>`);
    expect((await adapter.runtime.store.transmissions.state(id))!.messageId).to.equal(`sdi:${sdiId}`);
  });

  it('gives every file of the transmitter its own progressive, in submission order', async () => {
    const a = await submitted('b2b-rates-22-10-4', 'SDI-T-SEQ-1');
    const b = await submitted('b2b-rates-22-10-4', 'SDI-T-SEQ-2');
    const progressive = async (id: string) => /<ProgressivoInvio>([^<]+)</.exec((await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content)![1]!;
    expect(parseInt((await progressive(b.id)), 36)).to.equal(parseInt((await progressive(a.id)), 36) + 1);
    const names = sent.map((s) => s.fileName);
    expect(new Set(names).size).to.equal(names.length);
  });

  // Each notification the SDI can send, as the document's statuses after it.
  const CASES: { title: string; fixture: string; notifications: [NotificationKind, string][]; statuses: string[] }[] = [
    { title: 'RC → SUCCESS', fixture: 'b2b-rates-22-10-4', notifications: [['RC', 'rc.xml']], statuses: ['ACCEPTED', 'SUCCESS'] },
    { title: 'MC (business buyer) → SUCCESS with the tax-drawer detail', fixture: 'b2b-rates-22-10-4', notifications: [['MC', 'mc.xml']], statuses: ['ACCEPTED', 'SUCCESS'] },
    { title: 'NS → FAILED with the SDI error codes', fixture: 'b2b-rates-22-10-4', notifications: [['NS', 'ns.xml']], statuses: ['ACCEPTED', 'FAILED'] },
    { title: 'RC, NE EC01 → SUCCESS, ACCEPTED', fixture: 'b2g-fpa12', notifications: [['RC', 'rc.xml'], ['NE', 'ne-ec01.xml']], statuses: ['ACCEPTED', 'SUCCESS', 'ACCEPTED'] },
    { title: 'RC, NE EC02 → SUCCESS, REJECTED', fixture: 'b2g-fpa12', notifications: [['RC', 'rc.xml'], ['NE', 'ne-ec02.xml']], statuses: ['ACCEPTED', 'SUCCESS', 'REJECTED'] },
    { title: 'RC, DT → SUCCESS, MESSAGE_ACKNOWLEDGEMENT', fixture: 'b2g-fpa12', notifications: [['RC', 'rc.xml'], ['DT', 'dt.xml']], statuses: ['ACCEPTED', 'SUCCESS', 'MESSAGE_ACKNOWLEDGEMENT'] },
    { title: 'MC (public body), AT → IN_PROCESS, SUCCESS', fixture: 'b2g-fpa12', notifications: [['MC', 'mc.xml'], ['AT', 'at.xml']], statuses: ['ACCEPTED', 'IN_PROCESS', 'SUCCESS'] },
  ];

  CASES.forEach((c, n) => {
    it(`${c.title}, each once with its callback; repeats change nothing`, async () => {
      const number = `SDI-T-N${n}`;
      const { id, sdiId } = await submitted(c.fixture, number);
      for (const [i, [kind, file]] of c.notifications.entries()) {
        const res = await notify(kind, file, sdiId);
        expect(res.status, await res.text()).to.equal(202);
        await expectStatus(id, c.statuses[i + 1]!);
        await callbackOf(number, c.statuses[i + 1]!);
        // The SDI repeats a call it thinks failed: while the file is still tracked, too.
        expect((await notify(kind, file, sdiId)).status).to.equal(202);
      }
      expect((await adapter.runtime.store.inbox.of('SDI', `sdi:${sdiId}`)).length, 'each notification kept once').to.equal(c.notifications.length);
      // Every notification again: kept once, no status, no callback more.
      const before = { statuses: (await statuses(id)), callbacks: (await adapter.runtime.store.callbacks.ofDocument(id)).length, related: (await adapter.runtime.store.statusChanges.relatedOf(id)).length };
      for (const [kind, file] of c.notifications) expect((await notify(kind, file, sdiId)).status).to.equal(202);
      await new Promise((r) => setTimeout(r, 400));
      expect((await statuses(id))).to.deep.equal(c.statuses);
      expect((await adapter.runtime.store.callbacks.ofDocument(id)).length).to.equal(before.callbacks);
      expect((await adapter.runtime.store.statusChanges.relatedOf(id)).length).to.equal(before.related);
      expect(before.statuses).to.deep.equal(c.statuses);
      // Every notification is kept as an INBOUND related document of its status.
      expect((await adapter.runtime.store.statusChanges.relatedOf(id)).map((r) => r.documentType)).to.deep.equal(c.notifications.map(([kind]) => `sdi-${{ RC: 'ricevuta-consegna', NS: 'notifica-scarto', MC: 'mancata-consegna', NE: 'notifica-esito', DT: 'decorrenza-termini', AT: 'attestazione-trasmissione' }[kind]}`));
    });
  });

  it('says why: the SDI errors of an NS, the drawer of an MC, the public body\'s reason of an EC02', async () => {
    const failed = forms.find((f) => f.uri.includes('SDI-T-N2') && f.status === 'FAILED')!;
    expect(JSON.stringify(failed)).to.contain('SDI 00305: 1.4.1.1.2 IdCodice non valido').and.to.contain('SDI 00404: Fattura duplicata');
    const drawer = await statusOf((await adapter.runtime.store.documents.findByKey({ businessEntityId: 'fornitore-esempio', platformId: 'SDI-T-N1', type: 'INVOICE', model: 'CLEARANCE', country: 'IT' }))!.id);
    expect(JSON.stringify(drawer)).to.contain("buyer's reserved area");
    const rejected = forms.find((f) => f.uri.includes('SDI-T-N4') && f.status === 'REJECTED')!;
    expect(JSON.stringify(rejected)).to.contain("Importo non corrispondente all'ordine");
  });

  it('reads a notification sent as an MTOM attachment', async () => {
    const { id, sdiId } = await submitted('b2b-rates-22-10-4', 'SDI-T-MTOM');
    const boundary = 'MIMEBoundary_sdi';
    const envelope = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><ns2:ricevutaConsegna xmlns:ns2="http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types"><IdentificativoSdI>${sdiId}</IdentificativoSdI><NomeFile>IT02114490572_00009_RC_001.xml</NomeFile><File><xop:Include xmlns:xop="http://www.w3.org/2004/08/xop/include" href="cid:file%40sdi"/></File></ns2:ricevutaConsegna></soapenv:Body></soapenv:Envelope>`;
    const body = [
      `--${boundary}`, 'Content-Type: application/xop+xml; charset=UTF-8; type="text/xml"', 'Content-ID: <root@sdi>', '', envelope,
      `--${boundary}`, 'Content-Type: application/octet-stream', 'Content-Transfer-Encoding: binary', 'Content-ID: <file@sdi>', '', notificationFor('rc.xml', sdiId),
      `--${boundary}--`, '',
    ].join('\r\n');
    const res = await fetch(`${adapter.url}/networks/sdi/inbound`, {
      method: 'POST',
      headers: { 'content-type': `multipart/related; type="application/xop+xml"; boundary="${boundary}"; start="<root@sdi>"; start-info="text/xml"` },
      body,
    });
    expect(res.status, await res.text()).to.equal(202);
    await expectStatus(id, 'SUCCESS');
  });

  it('refuses what is not a notification with a SOAP client fault (400), and an unknown network with 404', async () => {
    const garbage = await fetch(`${adapter.url}/networks/sdi/inbound`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<nope/>' });
    expect(garbage.status).to.equal(400);
    expect(await garbage.text()).to.contain('<faultcode>soapenv:Client</faultcode>');
    const { sdiId } = await submitted('b2b-rates-22-10-4', 'SDI-T-UNKNOWN');
    const unsent = await fetch(`${adapter.url}/networks/sdi/inbound`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: notificationCallXml('RC', '998', 'x.xml', notificationFor('rc.xml', '998')) });
    expect(unsent.status).to.equal(400);
    expect(await unsent.text()).to.contain('no file sent by this adapter has IdentificativoSdI 998');
    expect((await adapter.runtime.store.inbox.of('SDI', 'sdi:998'))).to.deep.equal([]);
    expect(sdiId).to.not.equal('998');
    const mismatched = await fetch(`${adapter.url}/networks/sdi/inbound`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: notificationCallXml('RC', '999', 'x.xml', notificationFor('ns.xml', '999')) });
    expect(mismatched.status).to.equal(400);
    const unknown = await fetch(`${adapter.url}/networks/nowhere/inbound`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    expect(unknown.status).to.equal(404);
    expect((await unknown.json()).errors[0].code).to.equal('NOT_FOUND');
  });

  it('retries EI02 (service unavailable) and ends EI03 (user not enabled) as FAILED', async () => {
    answers.push(transport('ricevi-file-answer-ei02.xml'));
    const retried = await submitted('b2b-rates-22-10-4', 'SDI-T-EI02');
    expect((await adapter.runtime.store.transmissions.state(retried.id))!.messageId).to.match(/^sdi:\d+$/);
    answers.push(transport('ricevi-file-answer-ei03.xml'));
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('b2b-rates-22-10-4'), id: 'SDI-T-EI03' } });
    const id = (await bodyOf(res)).document_id as string;
    const failed = await expectStatus(id, 'FAILED');
    expect(JSON.stringify(failed)).to.contain('SDI EI03: user not enabled');
  });

  it('signs the public body\'s file (XAdES-BES): the XSD holds and the signature verifies', async () => {
    const { id } = await submitted('b2g-fpa12', 'SDI-T-SIGNED');
    const xml = (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
    expect(xml).to.contain('<ds:SignatureValue>').and.not.to.contain('SignaturePolicyIdentifier');
    expect(signatureProblem(xml)).to.equal(undefined);
    expect(signatureProblem(xml.replace('Comune di Esempio', 'Comune di Altrove'))).to.be.a('string');
    if (validatorAvailable()) {
      const file = join(tempDir('sdi-signed-'), 'IT02114490572_signed.xml');
      writeFileSync(file, xml);
      const [result] = validateFiles([file], 'fatturapa');
      expect(result!.fatal, JSON.stringify(result!.errors)).to.equal(0);
    }
  });
});

describe('SDI channel: SdIRiceviFile over mutual TLS to a local HTTPS server', function () {
  this.timeout(60_000);
  it('presents the entity\'s client certificate; the server that requires it answers', async () => {
    const pki = makeTestPki(['sdi-mtls']);
    const seen: string[] = [];
    const server = https.createServer({ key: readFileSync(pki.serverKey), cert: readFileSync(pki.serverCert), ca: readFileSync(pki.caCert), requestCert: true, rejectUnauthorized: true }, (req, res) => {
      seen.push((req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject.CN as string);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/xml' }).end(transport('ricevi-file-answer.xml').replace('>111<', '>4242<')));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const client = pki.client('sdi-mtls');
    process.env.SDI_MTLS_PASSPHRASE = pki.passphrase;
    const config = fixtureConfigCopy('sdi-mtls-', (y) =>
      y.replace(
        '      fornitore-esempio: { regime_fiscale: RF01 }\n',
        `      fornitore-esempio:\n        channel:\n          client_certificate: { cert_file: ${client.cert}, key_file: ${client.key}, passphrase_env: SDI_MTLS_PASSPHRASE }\n          ca_file: ${pki.caCert}\n    endpoint: https://127.0.0.1:${port}/ricevi_file\n`,
      ),
    );
    const adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '30', RETRY_MAX_DELAY: '150' } });
    try {
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...fixture('b2b-rates-22-10-4'), id: 'SDI-MTLS-1' } });
      const id = (await bodyOf(res)).document_id as string;
      await eventually(async () => (await adapter.runtime.store.transmissions.state(id))?.messageId === 'sdi:4242' || undefined, 10_000, 'sent over mutual TLS');
      expect(seen).to.deep.equal(['sdi-mtls']);
      const activation = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=fornitore-esempio'));
      expect(activation.activations[0].status.message).to.match(/SDI's test environment/);
    } finally {
      await adapter.close();
      server.close();
      delete process.env.SDI_MTLS_PASSPHRASE;
    }
  });
});
