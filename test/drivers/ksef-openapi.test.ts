import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KsefClient, KsefRefused, type OpenSession } from '../../drivers/ksef/ksef-client.js';
import { encryptInvoice, sha256Base64 } from '../../drivers/ksef/ksef-crypto.js';
import type { KsefAnswer, KsefExchange, KsefRequest } from '../../drivers/ksef/ksef-exchange.js';
import { KsefSimulator } from '../../drivers/ksef/ksef-simulator.js';
import { KsefTransport } from '../../drivers/ksef/ksef-transport.js';
import type { NetworkEvent, OutboundMessage } from '../../src/spi/transport.js';
import { createLogger } from '../../src/lib/log.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { ksefOpenApi } from '../helpers/ksef-openapi.js';

// What KSeF is played with is what KSeF sends: each recorded request and answer under
// fixtures/ksef/transport/ is valid against the official OpenAPI (API 2.6.0) for the operation,
// HTTP status and media type its index names, and so is every request the client makes of the
// sandbox's simulated KSeF and every answer it gives, refusals included.

const DIR = join(FIXTURES_DIR, 'ksef', 'transport');

interface Recorded {
  operation: string;
  request?: true;
  status?: number;
  mediaType?: string;
}

const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as Record<string, Recorded>;

describe('KSEF recorded exchanges against the official OpenAPI (API 2.6.0)', () => {
  const api = ksefOpenApi();

  it('is the Ministry of Finance\'s open-api.json of API 2.6.0', () => {
    expect(api.document.info.description).to.contain('**Wersja API:** 2.6.0');
  });

  it('maps every recorded body to its operation', () => {
    const files = readdirSync(DIR).filter((f) => f !== 'README.md' && f !== 'index.json').sort();
    expect(Object.keys(index).sort()).to.deep.equal(files);
  });

  for (const [file, r] of Object.entries(index)) {
    const [method, path] = r.operation.split(' ') as [string, string];
    it(`${file}: ${r.request ? 'the request of' : `${r.status} ${r.mediaType} of`} ${r.operation}`, () => {
      expect(api.templateOf(method, path), `${r.operation} is an operation of the OpenAPI`).to.equal(path);
      const text = readFileSync(join(DIR, file), 'utf8');
      const body = r.mediaType === 'application/xml' ? text : (JSON.parse(text) as unknown);
      const problems = r.request ? api.requestProblems(method, path, body) : api.answerProblems(method, path, r.status!, r.mediaType!, body);
      expect(problems, file).to.deep.equal([]);
    });
  }
});

/** The simulated KSeF with every exchange kept. */
class Recording implements KsefExchange {
  readonly name = 'sandbox';
  readonly exchanges: { request: KsefRequest; answer: KsefAnswer }[] = [];
  constructor(private readonly inner: KsefExchange) {}
  async request(request: KsefRequest): Promise<KsefAnswer> {
    const answer = await this.inner.request(request);
    this.exchanges.push({ request, answer });
    return answer;
  }
  close(): void {}
}

describe('KSEF sandbox: the simulated KSeF against the official OpenAPI (API 2.6.0)', () => {
  const api = ksefOpenApi();
  const INVOICE = readFileSync(join(FIXTURES_DIR, 'ksef', 'domestic-23-8.xml'), 'utf8');
  const now = new Date('2025-07-11T12:23:56.015Z');
  const clock = () => now;
  const simulator = new KsefSimulator(clock);
  const exchange = new Recording(simulator);
  const client = new KsefClient({ exchange, keys: async () => simulator.keys, ksefToken: 'sandbox-token', nip: '5265877635', clock, authPollMs: 1 });
  const transport = new KsefTransport({ client, name: 'sandbox', clock, logger: createLogger('fatal'), retry: { minMs: 10, maxMs: 100 }, contentOf: async () => INVOICE, idleCloseMs: 60_000 });
  const message: OutboundMessage = {
    documentId: 'doc-1', model: 'CLEARANCE', documentType: 'ksef-invoice', mimeType: 'application/xml', documentNumber: 'FV/2025/11/0001',
    sender: { scheme: '9945', id: 'PL5265877635' }, receiver: { scheme: '9945', id: 'KSeF' }, content: INVOICE,
  };
  const refusal = (p: Promise<unknown>) => p.then(() => expect.fail('KSeF was expected to refuse'), (e: unknown) => e as KsefRefused);
  const codesOf = (e: KsefRefused) => e.codes.map((c) => c.code);

  /** The exchanges since the last call, judged: problems against the OpenAPI, and `METHOD template status` of each. */
  function judged(): { problems: string[]; answers: string[] } {
    const problems: string[] = [];
    const answers = new Set<string>();
    for (const { request, answer } of exchange.exchanges.splice(0)) {
      answers.add(`${request.method} ${api.templateOf(request.method, request.path)} ${answer.status}`);
      for (const p of api.requestProblems(request.method, request.path, request.json)) problems.push(`request ${request.method} ${request.path}: ${p}`);
      // Refusals are problem details (the client asks for them); a UPO is XML; the rest JSON.
      const xml = answer.status === 200 && request.path.endsWith('/upo');
      const mediaType = xml ? 'application/xml' : answer.status >= 400 ? 'application/problem+json' : 'application/json';
      const body = xml || answer.body === '' ? answer.body : (JSON.parse(answer.body) as unknown);
      for (const p of api.answerProblems(request.method, request.path, answer.status, mediaType, body)) problems.push(`${request.method} ${request.path} ${answer.status}: ${p}`);
    }
    return { problems, answers: [...answers].sort() };
  }

  after(() => transport.close());

  it('authenticates, clears an invoice and a duplicate of it: every request and answer as the OpenAPI has them', async () => {
    for (const documentId of ['doc-1', 'doc-2']) {
      const receipt = await transport.send({ ...message, documentId }, { now, attempt: 1 });
      const tracking = await transport.track({ messageId: receipt.messageId, envelope: { ...message, documentId }, sentAt: now.toISOString() }, now);
      expect((tracking.events[0] as NetworkEvent).kind).to.equal('delivered');
    }
    expect(exchange.exchanges.some((e) => e.answer.body.includes('"code":440')), 'the second send is a duplicate').to.equal(true);
    expect(judged()).to.deep.equal({
      problems: [],
      answers: [
        'GET /auth/{referenceNumber} 200',
        'GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo 200',
        'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber} 200',
        'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo 200',
        'POST /auth/challenge 200',
        'POST /auth/ksef-token 202',
        'POST /auth/token/redeem 200',
        'POST /sessions/online 201',
        'POST /sessions/online/{referenceNumber}/invoices 202',
      ],
    });
  });

  it('refuses with problem details whose errors[].code the client reads: an unknown invoice, a missing UPO, a wrong hash, a closed or unknown session', async () => {
    const session: OpenSession = await client.openSession();
    const ref = session.referenceNumber;
    expect(codesOf(await refusal(client.invoiceStatus(ref, ref.replace('-SO-', '-EE-'))))).to.deep.equal([21405]);
    expect(codesOf(await refusal(client.invoiceUpo(ref, { ksefNumber: '5265877635-20250711-0100001AF629-DC' })))).to.deep.equal([21178]);
    // An invoice whose hash is not its content's.
    const plain = Buffer.from(INVOICE, 'utf8');
    const encrypted = encryptInvoice(session.key, plain);
    const json = { invoiceHash: sha256Base64('another invoice'), invoiceSize: plain.length, encryptedInvoiceHash: sha256Base64(encrypted), encryptedInvoiceSize: encrypted.length, encryptedInvoiceContent: encrypted.toString('base64'), offlineMode: false };
    const wrongHash = await exchange.request({ method: 'POST', path: `/sessions/online/${ref}/invoices`, token: await client.accessToken(), json });
    expect((JSON.parse(wrongHash.body) as { errors: { code: number }[] }).errors.map((e) => e.code)).to.deep.equal([21403]);
    await client.closeSession(ref);
    expect(codesOf(await refusal(client.sendInvoice(session, INVOICE)))).to.deep.equal([21180]);
    expect(codesOf(await refusal(client.closeSession(ref.replace(/.{2}$/, '00'))))).to.deep.equal([21173]);
    expect(judged()).to.deep.equal({
      problems: [],
      answers: [
        'GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo 400',
        'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber} 400',
        'POST /sessions/online 201',
        'POST /sessions/online/{referenceNumber}/close 204',
        'POST /sessions/online/{referenceNumber}/close 400',
        'POST /sessions/online/{referenceNumber}/invoices 400',
      ],
    });
  });

  it('refuses unknown tokens and operations: 401 for an access or refresh token, 21304 and 21301 for an authentication', async () => {
    const open = { formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' }, encryption: { encryptedSymmetricKey: sha256Base64('k'), initializationVector: 'AAAAAAAAAAAAAAAAAAAAAA==' } };
    expect((await exchange.request({ method: 'POST', path: '/sessions/online', token: 'not-a-token', json: open })).status).to.equal(401);
    expect((await exchange.request({ method: 'POST', path: '/auth/token/refresh', token: 'not-a-token' })).status).to.equal(401);
    const unknown = '20250711-AU-0000000000-0000000000-00';
    const errorCodes = (a: KsefAnswer) => (JSON.parse(a.body) as { errors: { code: number }[] }).errors.map((e) => e.code);
    expect(errorCodes(await exchange.request({ method: 'GET', path: `/auth/${unknown}`, token: unknown }))).to.deep.equal([21304]);
    expect(errorCodes(await exchange.request({ method: 'POST', path: '/auth/token/redeem', token: unknown }))).to.deep.equal([21301]);
    expect(judged()).to.deep.equal({
      problems: [],
      answers: ['GET /auth/{referenceNumber} 400', 'POST /auth/token/redeem 400', 'POST /auth/token/refresh 401', 'POST /sessions/online 401'],
    });
  });
});
