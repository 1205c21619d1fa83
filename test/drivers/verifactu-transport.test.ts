import { listLookup } from '../../src/platform/directory/entity-lookup.js';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { envelopeOf } from '../../drivers/verifactu/transmit.js';
import { verifactuNetwork } from '../../drivers/verifactu/network.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { NetworkEvent, SentMessage, Transport } from '../../src/spi/transport.js';
import type { DriverNetwork } from '../../src/spi/driver.js';
import { createLogger } from '../../src/lib/log.js';
import { makeTestPki, type TestPki } from '../helpers/certificates.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { NO_INBOX, NO_RECEIVED } from '../helpers/network-deps.js';

// The AEAT transport against nock playing the AEAT's test service with the answers of
// fixtures/verifactu/transport (shaped like the AEAT's published envelopes): what a request
// carries, how records are batched and the TiempoEsperaEnvio kept, how each answer line becomes
// a status, and what happens on faults, timeouts and a restart. The clock is the test's.

const HOST = 'https://prewww1.aeat.es';
const PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
const ENTITY = 'empresa-ejemplo';
const PASS_ENV = 'VERIFACTU_TEST_PASSPHRASE';
const answer = (name: string) => readFileSync(join(FIXTURES_DIR, 'verifactu', 'transport', `${name}.xml`), 'utf8');
const GOLDEN = readFileSync(join(FIXTURES_DIR, 'verifactu', 'invoice.xml'), 'utf8');

const entity = {
  id: ENTITY,
  display_name: 'Empresa de ejemplo',
  party: { name: 'Empresa de ejemplo', address: { country: 'ES' }, tax_identifiers: [{ scheme: 'VAT', id: 'ES89890001K' }], legal_entity: { registration_name: 'Empresa de ejemplo, S.L.' } },
  activations: [],
} as BusinessEntity;

/** The invoice golden as the record of invoice `num` (the fixtures' answers name FV-T/0001…0004). */
const record = (num: string) => GOLDEN.replace('<sum1:NumSerieFactura>FV-2025/0001</sum1:NumSerieFactura>', `<sum1:NumSerieFactura>${num}</sum1:NumSerieFactura>`);

/** The correcto answer with one Correcto line per record named. */
function correctoFor(nums: readonly string[]): string {
  const text = answer('response-correcto');
  const line = /<tikR:RespuestaLinea>[\s\S]*?<\/tikR:RespuestaLinea>\s*/.exec(text)![0];
  const lines = nums.map((n) => line.replace('FV-T/0001', n)).join('');
  return text.replace(/<tikR:RespuestaLinea>[\s\S]*<\/tikR:RespuestaLinea>\s*/, lines);
}

/** The records (sum1:NumSerieFactura) a request carried, in order. */
const numbersIn = (body: string) => [...body.matchAll(/<sum1:NumSerieFactura>([^<]*)</g)].map((m) => m[1]);

describe('VERIFACTU: the AEAT transport (nock as the AEAT test service)', function () {
  this.timeout(20_000);
  let pki: TestPki;
  let now: number;
  const clock = () => new Date(now);
  const stored = new Map<string, string>();
  let network: DriverNetwork | undefined;

  before(() => {
    pki = makeTestPki(['empresa']);
    process.env[PASS_ENV] = pki.passphrase;
    nock.disableNetConnect();
  });
  after(() => {
    delete process.env[PASS_ENV];
    nock.cleanAll();
    nock.enableNetConnect();
  });
  beforeEach(() => {
    now = Date.parse('2025-03-14T09:00:00Z');
    stored.clear();
  });
  afterEach(async () => {
    await network?.close();
    network = undefined;
    expect(nock.pendingMocks(), 'every recorded answer was asked for').to.deep.equal([]);
    nock.cleanAll();
  });

  function start(extra: Record<string, unknown> = {}): Transport & { flushDue(): Promise<void>; queued(): Record<string, number> } {
    const settings = { certificates: { [ENTITY]: { cert_file: pki.client('empresa').cert, key_file: pki.client('empresa').key, passphrase_env: PASS_ENV } }, ...extra };
    network = verifactuNetwork(settings, listLookup([entity]), { clock, logger: createLogger('silent'), configDir: FIXTURES_DIR, retry: { minMs: 1000, maxMs: 8000 }, contentOf: async (id) => stored.get(id), inbox: NO_INBOX, received: NO_RECEIVED });
    return network.transportFor(ENTITY) as never;
  }

  async function send(t: Transport, documentId: string, num: string): Promise<SentMessage> {
    const content = record(num);
    stored.set(documentId, content);
    const envelope = envelopeOf({ documentType: 'verifactu-invoice', mimeType: 'application/xml', content }, documentId);
    const receipt = await t.send({ ...envelope, content }, { now: clock(), attempt: 1 });
    return { messageId: receipt.messageId, envelope, sentAt: clock().toISOString() };
  }

  const eventOf = async (t: Transport, sent: SentMessage): Promise<NetworkEvent | undefined> => {
    const tracking = await t.track(sent, clock());
    expect(tracking.done).to.equal(tracking.events.length > 0);
    return tracking.events[0];
  };

  it('sends what waits in one request, then keeps the TiempoEsperaEnvio before the next, and maps each line', async () => {
    const t = start();
    const bodies: string[] = [];
    const aeat = nock(HOST)
      .post(PATH, (b: string) => bodies.push(b) > 0)
      .matchHeader('content-type', 'text/xml; charset=utf-8')
      .matchHeader('soapaction', '""')
      .reply(200, correctoFor(['FV-T/0001', 'FV-T/0002']), { 'content-type': 'text/xml;charset=UTF-8' });
    const [a, b] = [await send(t, 'doc-1', 'FV-T/0001'), await send(t, 'doc-2', 'FV-T/0002')];
    await t.flushDue();
    expect(aeat.isDone()).to.equal(true);
    expect(numbersIn(bodies[0]!)).to.deep.equal(['FV-T/0001', 'FV-T/0002']);
    expect(bodies[0]).to.contain('<sum1:NombreRazon>Empresa de ejemplo, S.L.</sum1:NombreRazon>').and.contain('<sum1:NIF>89890001K</sum1:NIF>');
    // The record goes byte for byte as chained: its Huella is in the request.
    expect(bodies[0]).to.contain(/<sum1:Huella>([0-9A-F]{64})<\/sum1:Huella>/.exec(GOLDEN)![0]);
    for (const sent of [a, b]) {
      const e = await eventOf(t, sent);
      expect(e).to.deep.include({ kind: 'delivered', at: clock().toISOString(), references: [{ key: 'CSV', value: 'A-YRMXWPN3QNGJPE' }] });
      expect(e!.payload).to.deep.include({ csv: 'A-YRMXWPN3QNGJPE', estado_envio: 'Correcto', estado_registro: 'Correcto', operacion: 'Alta' });
    }

    // Answered with TiempoEsperaEnvio 60: records sent 10 s later wait until 60 s have passed.
    now += 10_000;
    const later = [await send(t, 'doc-2b', 'FV-T/0002'), await send(t, 'doc-3', 'FV-T/0003'), await send(t, 'doc-4', 'FV-T/0004')];
    await t.flushDue();
    expect(bodies).to.have.length(1);
    const waiting = await t.track(later[0]!, clock());
    expect(waiting).to.deep.equal({ events: [], done: false, checkAgainAt: new Date(Date.parse('2025-03-14T09:01:01Z')).toISOString() });
    expect(t.queued()).to.deep.equal({ '89890001K': 3 });

    now += 50_000;
    nock(HOST).post(PATH, (body: string) => bodies.push(body) > 0).reply(200, answer('response-parcialmente-correcto'));
    await t.flushDue();
    expect(numbersIn(bodies[1]!)).to.deep.equal(['FV-T/0002', 'FV-T/0003', 'FV-T/0004']);
    const [warned, refused, duplicate] = await Promise.all(later.map((s) => eventOf(t, s)));
    expect(warned).to.deep.include({ kind: 'delivered', references: [{ key: 'CSV', value: 'A-KXH7TQ2Z9LJWVC' }] });
    expect((warned as { warnings: { message: string }[] }).warnings[0]!.message).to.match(/^AEAT 2004: El valor del campo FechaHoraHusoGenRegistro/);
    expect(refused).to.deep.include({ kind: 'refused', errors: [{ code: 'INVALID_DATA', message: 'AEAT 1100: Valor o tipo incorrecto del campo: NIF del destinatario.' }] });
    expect(refused!.payload).to.deep.include({ estado_envio: 'ParcialmenteCorrecto', estado_registro: 'Incorrecto', codigo_error_registro: '1100' });
    // The AEAT already holds FV-T/0004: the record is where it belongs, so the document succeeded.
    expect(duplicate).to.deep.include({ kind: 'delivered' });
    expect(duplicate!.payload).to.deep.include({ codigo_error_registro: '3000', registro_duplicado: true });
    expect(t.queued()).to.deep.equal({ '89890001K': 0 });
  });

  it('sends on its own timer, and looks again when the timer fires before the clock says the wait is over', async () => {
    const t = start();
    nock(HOST).post(PATH).reply(200, correctoFor(['FV-T/0001']).replace('>60</tikR:TiempoEsperaEnvio>', '>1</tikR:TiempoEsperaEnvio>'));
    await send(t, 'doc-1', 'FV-T/0001');
    await t.flushDue();
    const bodies: string[] = [];
    nock(HOST).post(PATH, (b: string) => bodies.push(b) > 0).reply(200, correctoFor(['FV-T/0002']));
    await send(t, 'doc-2', 'FV-T/0002');
    // The timer set for the 1 s wait fires, but this clock has not moved (as a timer may fire a
    // little before the wall clock): nothing goes yet, and the transport must look again.
    await new Promise((r) => setTimeout(r, 1200));
    expect(bodies).to.have.length(0);
    now += 1000;
    await eventually(() => (bodies.length === 1 ? true : undefined), 5000, 'the request sent by the timer');
    expect(numbersIn(bodies[0]!)).to.deep.equal(['FV-T/0002']);
  });

  it('sends 1,000 waiting records at once even before the wait is over, never more than 1,000 in a request', async () => {
    const t = start();
    nock(HOST).post(PATH).reply(200, correctoFor(['FV-T/0001']));
    await send(t, 'first', 'FV-T/0001');
    await t.flushDue();
    const nums = Array.from({ length: 1001 }, (_, i) => `B/${String(i + 1).padStart(4, '0')}`);
    const bodies: string[] = [];
    nock(HOST).post(PATH, (b: string) => bodies.push(b) > 0).reply(200, correctoFor(nums.slice(0, 1000)));
    for (const [i, n] of nums.entries()) await send(t, `bulk-${i}`, n);
    await t.flushDue();
    expect(bodies).to.have.length(1);
    expect(numbersIn(bodies[0]!)).to.deep.equal(nums.slice(0, 1000));
    expect(t.queued()).to.deep.equal({ '89890001K': 1 });
    now += 60_000;
    nock(HOST).post(PATH, (b: string) => bodies.push(b) > 0).reply(200, correctoFor(nums.slice(1000)));
    await t.flushDue();
    expect(numbersIn(bodies[1]!)).to.deep.equal(['B/1001']);
  });

  it('sends again, after a backoff, what got no answer: a Server fault, an HTTP error page, a reset, a timeout', async () => {
    const t = start({ request_timeout_seconds: 1 });
    const sent = await send(t, 'doc-1', 'FV-T/0001');
    const tries: string[] = [];
    const aeat = nock(HOST)
      .post(PATH, () => tries.push('fault') > 0).reply(500, answer('response-fault-server'), { 'content-type': 'text/xml' })
      .post(PATH, () => tries.push('503') > 0).reply(503, '<html><body>Servicio no disponible</body></html>', { 'content-type': 'text/html' })
      .post(PATH, () => tries.push('reset') > 0).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' })
      .post(PATH, () => tries.push('slow') > 0).delay(1500).reply(200, correctoFor(['FV-T/0001']))
      .post(PATH, () => tries.push('answered') > 0).reply(200, correctoFor(['FV-T/0001']));
    await t.flushDue();
    for (let i = 0; i < 4; i++) {
      expect(await t.track(sent, clock())).to.include({ done: false });
      // Not before the backoff: nothing is sent.
      const before = tries.length;
      await t.flushDue();
      expect(tries).to.have.length(before);
      now += 8_000;
      await t.flushDue();
    }
    expect(tries).to.deep.equal(['fault', '503', 'reset', 'slow', 'answered']);
    expect(aeat.isDone()).to.equal(true);
    expect(await eventOf(t, sent)).to.deep.include({ kind: 'delivered' });
  });

  it('matches the lines of an alta and of its anulación in one request by their operation, whatever their order', async () => {
    const t = start();
    const alta = await send(t, 'alta', 'FV-T/0001');
    const voided = readFileSync(join(FIXTURES_DIR, 'verifactu', 'voided.xml'), 'utf8').replace('>FV-2025/0001<', '>FV-T/0001<');
    stored.set('anulacion', voided);
    const envelope = envelopeOf({ documentType: 'verifactu-invoice', mimeType: 'application/xml', content: voided }, 'anulacion');
    await t.send({ ...envelope, content: voided }, { now: clock(), attempt: 1 });
    const text = correctoFor(['FV-T/0001']);
    const altaLine = /<tikR:RespuestaLinea>[\s\S]*?<\/tikR:RespuestaLinea>/.exec(text)![0];
    const anulacionLine = altaLine
      .replace('<tik:TipoOperacion>Alta<', '<tik:TipoOperacion>Anulacion<')
      .replace('<tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro>', '<tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro><tikR:CodigoErrorRegistro>3002</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>No existe el registro de facturación.</tikR:DescripcionErrorRegistro>');
    nock(HOST).post(PATH).reply(200, text.replace(altaLine, anulacionLine + altaLine).replace('>Correcto</tikR:EstadoEnvio>', '>ParcialmenteCorrecto</tikR:EstadoEnvio>'));
    await t.flushDue();
    expect(await eventOf(t, alta)).to.deep.include({ kind: 'delivered' });
    expect(await eventOf(t, { messageId: 'x', envelope, sentAt: clock().toISOString() })).to.deep.include({
      kind: 'refused',
      errors: [{ code: 'INVALID_DATA', message: 'AEAT 3002: No existe el registro de facturación.' }],
    });
  });

  it('fails every record of a request the AEAT refuses as a whole (a Client fault)', async () => {
    const t = start();
    const sent = [await send(t, 'doc-1', 'FV-T/0001'), await send(t, 'doc-2', 'FV-T/0002')];
    nock(HOST).post(PATH).reply(500, answer('response-fault-client'), { 'content-type': 'text/xml' });
    await t.flushDue();
    for (const s of sent) {
      expect(await eventOf(t, s)).to.deep.include({
        kind: 'refused',
        errors: [{ code: 'INVALID_DATA', message: 'AEAT SOAP fault env:Client: Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: IDVersion' }],
      });
    }
  });

  it('after a restart, queues a record it never saw again from the store; the AEAT holding it already is its success', async () => {
    const before = start();
    const sent = await send(before, 'doc-4', 'FV-T/0004');
    await network!.close(); // the process dies before the request is answered: nothing was sent
    const t = start();
    const bodies: string[] = [];
    nock(HOST).post(PATH, (b: string) => bodies.push(b) > 0).reply(200, answer('response-parcialmente-correcto'));
    expect(await t.track(sent, clock())).to.include({ done: false });
    await t.flushDue();
    expect(numbersIn(bodies[0]!)).to.deep.equal(['FV-T/0004']);
    expect(bodies[0]).to.contain(stored.get('doc-4')!.split('\n')[2]!.trim());
    expect(await eventOf(t, sent)).to.deep.include({ kind: 'delivered' });
  });
});
