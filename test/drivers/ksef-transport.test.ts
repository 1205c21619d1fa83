import { expect } from 'chai';
import nock from 'nock';
import { execFileSync } from 'node:child_process';
import { constants, createDecipheriv, createHash, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KsefClient, publishedMinistryKeys } from '../../drivers/ksef/ksef-client.js';
import { ministryKey } from '../../drivers/ksef/ksef-crypto.js';
import { HttpsKsefExchange, KSEF_API } from '../../drivers/ksef/ksef-exchange.js';
import { KsefTransport } from '../../drivers/ksef/ksef-transport.js';
import { TransportError, type NetworkEvent, type OutboundMessage } from '../../src/spi/transport.js';
import { createLogger } from '../../src/lib/log.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { ksefOpenApi } from '../helpers/ksef-openapi.js';
import { tempDir } from '../helpers/temp-dir.js';

// KSeF played by nock with recorded bodies that the official OpenAPI validates
// (fixtures/ksef/transport/, ksef-openapi.test.ts), over the real HTTPS exchange, every request
// asking for problem details: authentication with a KSeF token, the interactive session, a send
// whose encrypted content decrypts (with the test's key pair standing in for the Ministry's) to
// the stored FA(3) bytes and whose requests the OpenAPI validates, success with a KSeF number
// and UPO, a rejection, a duplicate, refusals read from problem details' errors[].code, 5xx and
// a timeout retried, an expired access token refreshed.

const ROOT = new URL(KSEF_API.test);
const API = `${ROOT.protocol}//${ROOT.host}`;
const V2 = ROOT.pathname;
const PROBLEM = { 'content-type': 'application/problem+json' };
const T = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'ksef', 'transport', name), 'utf8')) as Record<string, any>;
const UPO = readFileSync(join(FIXTURES_DIR, 'ksef', 'transport', 'upo-faktura-kontekst-id-nip.xml'), 'utf8');
const INVOICE = readFileSync(join(FIXTURES_DIR, 'ksef', 'domestic-23-8.xml'), 'utf8');
const KSEF_TOKEN = '20250625-EC-220A1D7000-2A1E3E4DDA-AB|nip-5265877635|0123456789abcdef';
const NIP = '5265877635';
const SESSION = T('sessions-online.response.json').referenceNumber as string;
const INVOICE_REF = T('sessions-online-invoices.response.json').referenceNumber as string;

/** The Ministry's certificate as KSeF publishes it (base64 DER), and its private key, made at test time. */
function ministry(): { certificate: string; privateKey: KeyObject } {
  const dir = tempDir('ksef-mf-');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'mf.key', '-out', 'mf.der', '-outform', 'DER', '-days', '2', '-subj', '/CN=Ministerstwo Finansow (test)'], { cwd: dir, stdio: 'pipe' });
  return { certificate: readFileSync(join(dir, 'mf.der')).toString('base64'), privateKey: createPrivateKey(readFileSync(join(dir, 'mf.key'))) };
}

const decryptRsa = (key: KeyObject, b64: string) => privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64'));

/** KSeF answers only requests that ask for problem details (`X-Error-Format`): a request without it matches nothing. */
const ksef = () => nock(API, { reqheaders: { 'x-error-format': 'problem-details' } });

describe('KSEF transport against KSeF (nock, recorded bodies the official OpenAPI validates)', () => {
  const mf = ministry();
  const logs: string[] = [];
  const logger = createLogger('debug', { write: (l: string) => void logs.push(l) });
  let now = new Date('2025-07-11T12:23:56Z');
  const clock = () => now;
  const message: OutboundMessage = {
    documentId: 'doc-1', model: 'CLEARANCE', documentType: 'ksef-invoice', mimeType: 'application/xml', documentNumber: 'FV/2025/11/0001',
    sender: { scheme: '9945', id: `PL${NIP}` }, receiver: { scheme: '9945', id: 'KSeF' }, content: INVOICE,
  };

  function transport(timeoutMs = 2000): { t: KsefTransport; exchange: HttpsKsefExchange } {
    const exchange = new HttpsKsefExchange(KSEF_API.test, timeoutMs);
    const keys = publishedMinistryKeys(exchange, clock, (c) => ministryKey(c));
    const client = new KsefClient({ exchange, keys, ksefToken: KSEF_TOKEN, nip: NIP, clock, authPollMs: 1 });
    return { t: new KsefTransport({ client, name: exchange.name, clock, logger, retry: { minMs: 100, maxMs: 5000 }, contentOf: async () => INVOICE, idleCloseMs: 60_000 }), exchange };
  }

  /** The recorded certificates, each replaced by the test's (whose private key the test holds), with its ids. */
  function publicKeys(): nock.Scope {
    const body = T('public-key-certificates.response.json') as { certificate: string }[];
    const der = Buffer.from(mf.certificate, 'base64');
    const ids = { certificateId: createHash('sha256').update(der).digest('base64'), publicKeyId: ministryKey(mf.certificate).id };
    return ksef().get(`${V2}/security/public-key-certificates`).reply(200, body.map((c) => ({ ...c, certificate: mf.certificate, ...ids })));
  }

  /** Challenge → ksef-token (checked: documented keys, the token decrypts to token|timestampMs) → status 100, 200 → redeem. */
  function authentication(seen: Record<string, any>): nock.Scope {
    const challenge = T('auth-challenge.response.json');
    const init = T('auth-ksef-token.response.json');
    const authToken = init.authenticationToken.token as string;
    return ksef()
      .post(`${V2}/auth/challenge`).reply(200, challenge)
      .post(`${V2}/auth/ksef-token`, (body: Record<string, any>) => {
        seen.ksefToken = body;
        return true;
      })
      .reply(202, init)
      .get(`${V2}/auth/${init.referenceNumber}`).matchHeader('authorization', `Bearer ${authToken}`).reply(200, T('auth-status-100.response.json'))
      .get(`${V2}/auth/${init.referenceNumber}`).matchHeader('authorization', `Bearer ${authToken}`).reply(200, T('auth-status-200.response.json'))
      .post(`${V2}/auth/token/redeem`).matchHeader('authorization', `Bearer ${authToken}`).reply(200, T('auth-token-redeem.response.json'));
  }

  const access = () => T('auth-token-redeem.response.json').accessToken.token as string;

  function session(seen: Record<string, any>): nock.Scope {
    return ksef()
      .post(`${V2}/sessions/online`, (body: Record<string, any>) => {
        seen.session = body;
        return true;
      })
      .matchHeader('authorization', `Bearer ${access()}`)
      .reply(201, T('sessions-online.response.json'))
      .post(`${V2}/sessions/online/${SESSION}/invoices`, (body: Record<string, any>) => {
        seen.invoice = body;
        return true;
      })
      .reply(202, T('sessions-online-invoices.response.json'));
  }

  beforeEach(() => {
    nock.disableNetConnect();
    now = new Date('2025-07-11T12:00:00Z');
  });
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('authenticates, opens a session, sends the invoice encrypted, and clears it: KSeF number and UPO', async () => {
    const seen: Record<string, any> = {};
    const scopes = [publicKeys(), authentication(seen), session(seen)];
    const { t, exchange } = transport();
    const receipt = await t.send(message, { now, attempt: 1 });
    expect(receipt.messageId).to.equal(`ksef:${SESSION}:${INVOICE_REF}`);

    // Each request is one the OpenAPI takes, with the recorded request's keys.
    const api = ksefOpenApi();
    expect(api.requestProblems('POST', '/auth/ksef-token', seen.ksefToken)).to.deep.equal([]);
    expect(api.requestProblems('POST', '/sessions/online', seen.session)).to.deep.equal([]);
    expect(api.requestProblems('POST', `/sessions/online/${SESSION}/invoices`, seen.invoice)).to.deep.equal([]);
    // The token request has the recorded keys; the token decrypts to token|timestampMs.
    expect(Object.keys(seen.ksefToken).sort()).to.deep.equal(Object.keys(T('auth-ksef-token.request.json')).sort());
    expect(seen.ksefToken.contextIdentifier).to.deep.equal({ type: 'Nip', value: NIP });
    expect(decryptRsa(mf.privateKey, seen.ksefToken.encryptedToken).toString('utf8')).to.equal(`${KSEF_TOKEN}|${T('auth-challenge.response.json').timestampMs}`);
    expect(seen.ksefToken.publicKeyId).to.equal(ministryKey(mf.certificate).id);
    // The session names FA (3) and a wrapped 32-byte key; the invoice decrypts to the stored bytes.
    expect(Object.keys(seen.session).sort()).to.deep.equal(Object.keys(T('sessions-online.request.json')).sort());
    expect(seen.session.formCode).to.deep.equal({ systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' });
    const key = decryptRsa(mf.privateKey, seen.session.encryption.encryptedSymmetricKey);
    expect(key.length).to.equal(32);
    expect(Object.keys(seen.invoice).sort()).to.deep.equal(Object.keys(T('sessions-online-invoices.request.json')).sort());
    const encrypted = Buffer.from(seen.invoice.encryptedInvoiceContent, 'base64');
    const d = createDecipheriv('aes-256-cbc', key, Buffer.from(seen.session.encryption.initializationVector, 'base64'));
    const plain = Buffer.concat([d.update(encrypted), d.final()]);
    expect(plain.equals(Buffer.from(INVOICE, 'utf8')), 'the decrypted invoice is the stored FA(3), byte for byte').to.equal(true);
    expect(seen.invoice.invoiceSize).to.equal(plain.length);
    expect(seen.invoice.encryptedInvoiceSize).to.equal(encrypted.length);

    // Processing (150), then success (200) with the UPO.
    const sent = { messageId: receipt.messageId, envelope: message, sentAt: now.toISOString() };
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).reply(200, T('session-invoice-status-150.response.json'));
    const pending = await t.track(sent, now);
    expect(pending.done).to.equal(false);
    expect(pending.events).to.deep.equal([]);
    ksef()
      .get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).reply(200, T('session-invoice-status-200.response.json'))
      .get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}/upo`).reply(200, UPO, { 'content-type': 'application/xml' });
    const done = await t.track(sent, now);
    expect(done.done).to.equal(true);
    const event = done.events[0] as Extract<NetworkEvent, { kind: 'delivered' }>;
    expect(event.kind).to.equal('delivered');
    expect(event.references).to.deep.equal([{ key: 'ksefNumber', value: T('session-invoice-status-200.response.json').ksefNumber }]);
    expect(event.receipt).to.deep.equal({ documentType: 'ksef-upo', mimeType: 'application/xml', content: UPO });
    for (const s of scopes) expect(s.isDone(), s.pendingMocks().join(', ')).to.equal(true);

    // Closing the transport closes the session (the collective UPO).
    const close = ksef().post(`${V2}/sessions/online/${SESSION}/close`).reply(204);
    await t.close();
    expect(close.isDone()).to.equal(true);
    exchange.close();
    expect(logs.join('\n')).to.not.contain(KSEF_TOKEN);
  });

  it('maps a rejection (450) to FAILED errors with KSeF\'s code, description and details', async () => {
    publicKeys();
    authentication({});
    session({});
    const { t, exchange } = transport();
    const receipt = await t.send(message, { now, attempt: 1 });
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).reply(200, T('session-invoice-status-450.response.json'));
    const tracking = await t.track({ messageId: receipt.messageId, envelope: message, sentAt: now.toISOString() }, now);
    expect(tracking.done).to.equal(true);
    const event = tracking.events[0] as Extract<NetworkEvent, { kind: 'refused' }>;
    expect(event.kind).to.equal('refused');
    expect(event.errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'KSeF 450 Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowa wartość pola P_15: kwota należności ogółem nie zgadza się z sumą pozycji.' }]);
    exchange.close();
  });

  it('takes a duplicate (440) as the success it is: the original KSeF number and its UPO', async () => {
    publicKeys();
    authentication({});
    session({});
    const { t, exchange } = transport();
    const receipt = await t.send(message, { now, attempt: 1 });
    const dup = T('session-invoice-status-440.response.json');
    ksef()
      .get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).reply(200, dup)
      .get(`${V2}/sessions/${dup.status.extensions.originalSessionReferenceNumber}/invoices/ksef/${dup.status.extensions.originalKsefNumber}/upo`).reply(200, UPO);
    const tracking = await t.track({ messageId: receipt.messageId, envelope: message, sentAt: now.toISOString() }, now);
    const event = tracking.events[0] as Extract<NetworkEvent, { kind: 'delivered' }>;
    expect(event.kind).to.equal('delivered');
    expect(event.references[0]).to.deep.equal({ key: 'ksefNumber', value: dup.status.extensions.originalKsefNumber });
    exchange.close();
  });

  it('retries a 5xx and a timeout (never a permanent failure), then sends', async () => {
    publicKeys();
    authentication({});
    ksef().post(`${V2}/sessions/online`).reply(503, 'Service Unavailable');
    const { t, exchange } = transport(300);
    const first = await t.send(message, { now, attempt: 1 }).then(() => undefined, (e: unknown) => e);
    expect(first).to.be.instanceOf(TransportError);
    expect((first as TransportError).permanent).to.equal(false);
    expect((first as TransportError).message).to.contain('HTTP 503');

    ksef().post(`${V2}/sessions/online`).delay(1000).reply(201, T('sessions-online.response.json'));
    const second = await t.send(message, { now, attempt: 2 }).then(() => undefined, (e: unknown) => e);
    expect(second).to.be.instanceOf(TransportError);
    expect((second as TransportError).permanent).to.equal(false);
    expect((second as TransportError).message).to.match(/did not answer|within 300 ms/);

    session({});
    const receipt = await t.send(message, { now, attempt: 3 });
    expect(receipt.messageId).to.equal(`ksef:${SESSION}:${INVOICE_REF}`);
    // A status KSeF does not answer is looked at again later, not failed.
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).reply(502);
    const tracking = await t.track({ messageId: receipt.messageId, envelope: message, sentAt: now.toISOString() }, now);
    expect(tracking).to.include({ done: false });
    expect(tracking.events).to.deep.equal([]);
    exchange.close();
  });

  /** A send KSeF refuses with recorded problem details: the transport and what its send threw. */
  async function refusedSend(problemFile: string): Promise<{ t: KsefTransport; exchange: HttpsKsefExchange; err: TransportError }> {
    publicKeys();
    authentication({});
    ksef().post(`${V2}/sessions/online`).reply(201, T('sessions-online.response.json'));
    ksef().post(`${V2}/sessions/online/${SESSION}/invoices`).reply(400, T(problemFile), PROBLEM);
    const { t, exchange } = transport();
    const err = (await t.send(message, { now, attempt: 1 }).then(() => undefined, (e: unknown) => e)) as TransportError;
    return { t, exchange, err };
  }

  it('refuses a send KSeF refuses (problem details, 21403) as a permanent failure with KSeF\'s codes', async () => {
    const { exchange, err } = await refusedSend('send-invoice-21403.problem.json');
    expect(err.permanent).to.equal(true);
    expect(err.errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'KSeF 21403 Nieprawidłowy skrót pliku.: Skrót treści nie zgadza się ze skrótem pliku.' }]);
    expect(err.payload).to.deep.equal({ status: 400, codes: [{ code: 21403, description: 'Nieprawidłowy skrót pliku.', details: ['Skrót treści nie zgadza się ze skrótem pliku.'] }] });
    exchange.close();
  });

  it('opens a new session when KSeF says the session takes no more invoices (problem details, 21180): retried, never failed', async () => {
    const { t, exchange, err: first } = await refusedSend('send-invoice-21180.problem.json');
    expect(first).to.be.instanceOf(TransportError);
    expect(first.permanent).to.equal(false);
    expect(first.message).to.contain(`no longer takes invoices in session ${SESSION}`);
    // The next try opens another session and sends there.
    const second = { ...T('sessions-online.response.json'), referenceNumber: '20250711-SO-3D4F7E9000-C786D06E79-18' };
    ksef()
      .post(`${V2}/sessions/online`).reply(201, second)
      .post(`${V2}/sessions/online/${second.referenceNumber}/invoices`).reply(202, T('sessions-online-invoices.response.json'));
    const receipt = await t.send(message, { now, attempt: 2 });
    expect(receipt.messageId).to.equal(`ksef:${second.referenceNumber}:${INVOICE_REF}`);
    expect(nock.pendingMocks()).to.deep.equal([]);
    exchange.close();
  });

  it('refreshes the access token before it expires, and after a 401', async () => {
    publicKeys();
    authentication({});
    session({});
    const { t, exchange } = transport();
    await t.send(message, { now, attempt: 1 });
    const refreshToken = T('auth-token-redeem.response.json').refreshToken.token as string;
    const refreshed = T('auth-token-refresh.response.json');
    // Less than a minute before the access token's validUntil (12:38:58): refreshed first.
    now = new Date('2025-07-11T12:38:30Z');
    const before = ksef().post(`${V2}/auth/token/refresh`).matchHeader('authorization', `Bearer ${refreshToken}`).reply(200, { accessToken: { ...refreshed.accessToken, token: 'access-2' } });
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).matchHeader('authorization', 'Bearer access-2').reply(200, T('session-invoice-status-150.response.json'));
    const sent = { messageId: `ksef:${SESSION}:${INVOICE_REF}`, envelope: message, sentAt: now.toISOString() };
    expect((await t.track(sent, now)).done).to.equal(false);
    expect(before.isDone()).to.equal(true);
    // KSeF revokes it early: a 401 refreshes and the call is made again.
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).matchHeader('authorization', 'Bearer access-2').reply(401, T('unauthorized.problem.json'), PROBLEM);
    const after = ksef().post(`${V2}/auth/token/refresh`).reply(200, { accessToken: { ...refreshed.accessToken, token: 'access-3' } });
    ksef().get(`${V2}/sessions/${SESSION}/invoices/${INVOICE_REF}`).matchHeader('authorization', 'Bearer access-3').reply(200, T('session-invoice-status-150.response.json'));
    expect((await t.track(sent, now)).done).to.equal(false);
    expect(after.isDone()).to.equal(true);
    expect(nock.pendingMocks()).to.deep.equal([]);
    exchange.close();
  });
});
