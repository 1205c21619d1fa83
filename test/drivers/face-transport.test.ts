import { expect } from 'chai';
import nock from 'nock';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FaceClient } from '../../drivers/face/face-client.js';
import { FaceTransport, REGISTRY_NUMBER } from '../../drivers/face/face-transport.js';
import { FACE_ENDPOINTS } from '../../drivers/face/network.js';
import { mapStatus, readInbound } from '../../drivers/face/statuses.js';
import { TransportError, type NetworkEvent, type OutboundMessage, type SentMessage } from '../../src/spi/transport.js';
import { loadSigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import { HttpsSoapExchange } from '../../src/platform/http/soap-exchange.js';
import { createLogger } from '../../src/lib/log.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { makeTestPki } from '../helpers/certificates.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// FACe played by nock with envelopes shaped like the service's answers (fixtures/face/transport/),
// over the real HTTPS exchange: each request signed with WS-Security by the entity's certificate
// (verified here), registration with its registry number, FACe's error codes (refusals, the
// "try later" ones, a duplicate), SOAP faults, a 5xx and a timeout retried, and the invoice's
// states polled into SUCCESS, PAID (accounted implied), REJECTED with the reason, and a
// cancellation.

const URL_ = new URL(FACE_ENDPOINTS.staging);
const HOST = `${URL_.protocol}//${URL_.host}`;
const PATH = URL_.pathname;
const T = (name: string) => readFileSync(join(FIXTURES_DIR, 'face', 'transport', name), 'utf8');
const XSIG = readFileSync(join(FIXTURES_DIR, 'face', 'b2g-dir3-centres.xml'), 'utf8');

describe('FACE transport against FACe (nock, FACe-shaped envelopes)', () => {
  const pki = makeTestPki(['proveedor']);
  const identity = loadSigningIdentity('test', { pkcs12_file: pki.client('proveedor').p12, passphrase_env: 'FACE_TEST_PASSPHRASE' }, '/', { FACE_TEST_PASSPHRASE: pki.passphrase });
  if (Array.isArray(identity)) throw new Error(identity.join('; '));
  const logger = createLogger('debug', { write: () => undefined });
  const now = new Date('2025-11-03T10:00:00Z');
  const message: OutboundMessage = {
    documentId: 'doc-1', model: 'FACE', documentType: 'facturae-invoice', mimeType: 'application/xml', documentNumber: 'FE-2025-0001',
    sender: { scheme: '9920', id: 'ESA28000008' }, receiver: { scheme: '9920', id: 'FACe' }, content: XSIG,
  };
  const sent: SentMessage = { messageId: 'face:202500012345', envelope: message, sentAt: now.toISOString() };

  function transport(timeoutMs = 2000): FaceTransport {
    const exchange = new HttpsSoapExchange('face', URL_, {}, undefined, timeoutMs);
    const client = new FaceClient({ exchange, identity: identity as Exclude<typeof identity, string[]>, clock: () => now });
    return new FaceTransport({ client, notificationEmail: 'facturas@suministros.example', clock: () => now, logger, retry: { minMs: 100, maxMs: 60_000 } });
  }

  /** FACe answering one operation; the request is checked as FACe checks it. */
  function face(operation: string, status: number, body: string, seen?: (request: string) => void): nock.Scope {
    return nock(HOST)
      .matchHeader('soapaction', `"https://webservice.face.gob.es#${operation}"`)
      .post(PATH, (b: string) => {
        seen?.(b);
        return b.includes(`<web:${operation}>`);
      })
      .reply(status, body, { 'content-type': 'text/xml;charset=UTF-8' });
  }

  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('registers the invoice: a WS-Security signed enviarFactura with the .xsig, and the registry number as message id and provider reference', async () => {
    let request = '';
    const scope = face('enviarFactura', 200, T('enviarFactura-correcto.xml'), (b) => (request = b));
    const receipt = await transport().send(message, { now, attempt: 1 });
    expect(scope.isDone()).to.equal(true);
    expect(receipt.messageId).to.equal('face:202500012345');
    expect(receipt.references).to.deep.equal([{ key: REGISTRY_NUMBER, value: '202500012345' }]);
    // FACe authenticates the request by its signature, made with the entity's certificate.
    expect(signatureProblem(request)).to.equal(undefined);
    expect(request).to.contain(`>${identity.certificateBase64}</wsse:BinarySecurityToken>`);
    expect(request).to.contain('<correo>facturas@suministros.example</correo>');
    expect(request).to.contain('<nombre>FE-2025-0001.xsig</nombre><mime>application/xml</mime>');
    const sentContent = /<factura><factura>([^<]+)<\/factura>/.exec(request)![1]!;
    expect(Buffer.from(sentContent, 'base64').toString('utf8')).to.equal(XSIG);
    // A request changed on its way no longer verifies.
    expect(signatureProblem(request.replace('<correo>facturas@', '<correo>otro@'))).to.not.equal(undefined);
  });

  it('fails the document on FACe\'s refusal codes (428 bad signature) and on a client fault, with FACe\'s code and words', async () => {
    face('enviarFactura', 200, T('enviarFactura-428-firma.xml'));
    const err = await transport().send(message, { now, attempt: 1 }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(TransportError);
    expect((err as TransportError).permanent).to.equal(true);
    expect((err as TransportError).errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'FACe 428: La firma de la factura es incorrecta' }]);

    face('enviarFactura', 500, T('fault-client.xml'));
    const fault = (await transport().send(message, { now, attempt: 1 }).catch((e: unknown) => e)) as TransportError;
    expect([fault.permanent, fault.message]).to.deep.equal([true, 'FACe soapenv:Client: La firma de la petición SOAP no es válida']);
  });

  it('tries again later on a server fault, a 5xx without SOAP, FACe\'s "try later" codes and a timeout', async () => {
    const retryable = async () => {
      const e = (await transport(300).send(message, { now, attempt: 1 }).catch((x: unknown) => x)) as TransportError;
      expect(e, 'a TransportError').to.be.instanceOf(TransportError);
      expect(e.permanent, e.message).to.equal(false);
      return e.message;
    };
    face('enviarFactura', 500, T('fault-server.xml'));
    expect(await retryable()).to.match(/FACe fault soapenv:Server on enviarFactura: Error interno del servidor/);
    nock(HOST).post(PATH).reply(503, '<html>Service Unavailable</html>');
    expect(await retryable()).to.match(/HTTP 503 and no readable SOAP answer/);
    face('enviarFactura', 200, T('enviarFactura-403-rec.xml'));
    expect(await retryable()).to.match(/FACe 403 on enviarFactura: No se ha podido registrar/);
    nock(HOST).post(PATH).delay(1000).reply(200, T('enviarFactura-correcto.xml'));
    expect(await retryable()).to.match(/did not answer enviarFactura/);
  });

  it('takes a duplicate (414) naming the earlier registry number as the success of a send whose answer was lost', async () => {
    face('enviarFactura', 200, T('enviarFactura-414-duplicada.xml'));
    const receipt = await transport().send(message, { now, attempt: 2 });
    expect(receipt.messageId).to.equal('face:202500012345');
    expect(receipt.payload).to.include({ duplicate_of_earlier_send: true });
  });

  /** The SPI statuses a tracking's events give, in order. */
  const statusesOf = (events: NetworkEvent[]) =>
    events.map((e) => (e.kind === 'delivered' ? 'SUCCESS' : e.kind === 'inbound' ? readInbound(e.documentType, e.content)!.status : 'FAILED'));

  it('polls consultarFactura: registered is SUCCESS and not done; paid is ACCEPTED (implied) then PAID, done', async () => {
    let request = '';
    face('consultarFactura', 200, T('consultarFactura-1200-registrada.xml'), (b) => (request = b));
    const registered = await transport().track(sent, now);
    expect(request).to.contain('<web:consultarFactura><numeroRegistro>202500012345</numeroRegistro></web:consultarFactura>');
    expect(statusesOf(registered.events)).to.deep.equal(['SUCCESS']);
    expect(registered.done).to.equal(false);
    expect(Date.parse(registered.checkAgainAt!)).to.be.greaterThan(now.getTime());
    expect(registered.events[0]!.references).to.deep.equal([{ key: REGISTRY_NUMBER, value: '202500012345' }]);

    face('consultarFactura', 200, T('consultarFactura-2500-pagada.xml'));
    const paid = await transport().track(sent, now);
    expect(statusesOf(paid.events)).to.deep.equal(['SUCCESS', 'ACCEPTED', 'PAID']);
    expect(paid.done).to.equal(true);
    const [, accounted, payment] = paid.events as Extract<NetworkEvent, { kind: 'inbound' }>[];
    expect(JSON.parse(accounted!.content)).to.include({ step: '2400', implied: true });
    expect(JSON.parse(payment!.content)).to.include({ step: '2500', implied: false });
    expect(JSON.parse(payment!.content).answer).to.equal(T('consultarFactura-2500-pagada.xml'));
  });

  it('reads a rejection with the public body\'s reason, and an accepted cancellation as FAILED', async () => {
    face('consultarFactura', 200, T('consultarFactura-2600-rechazada.xml'));
    const rejected = await transport().track(sent, now);
    expect(statusesOf(rejected.events)).to.deep.equal(['SUCCESS', 'REJECTED']);
    const last = rejected.events[1] as Extract<NetworkEvent, { kind: 'inbound' }>;
    expect(readInbound(last.documentType, last.content)).to.deep.include({ remote: '2600', note: 'El importe no corresponde con el contrato' });

    face('consultarFactura', 200, T('consultarFactura-3100-anulada.xml'));
    const cancelled = await transport().track(sent, now);
    expect(statusesOf(cancelled.events)).to.deep.equal(['SUCCESS', 'IN_PROCESS', 'FAILED']);
    expect(cancelled.done).to.equal(true);
  });

  it('looks again later, without events, when FACe does not answer a poll', async () => {
    nock(HOST).post(PATH).delay(1000).reply(200, T('consultarFactura-1200-registrada.xml'));
    const later = await transport(300).track(sent, now);
    expect(later).to.deep.include({ events: [], done: false });
  });

  it('maps every FACe state code (and an unknown one) to an SPI status', () => {
    const codes = ['1200', '1300', '2400', '2500', '2600', '3100', '4200', '4300', '4400', '9999'];
    expect(codes.map(mapStatus)).to.deep.equal(['SUCCESS', 'SUCCESS', 'ACCEPTED', 'PAID', 'REJECTED', 'FAILED', 'IN_PROCESS', 'FAILED', 'SUCCESS', 'IN_PROCESS']);
  });
});
