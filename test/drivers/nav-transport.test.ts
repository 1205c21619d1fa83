import { expect } from 'chai';
import nock from 'nock';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenExchangeRequest } from '../../drivers/nav/api-request.js';
import { decryptExchangeToken, invoiceHash, passwordHash, requestSignature } from '../../drivers/nav/nav-crypto.js';
import { NavClient } from '../../drivers/nav/nav-client.js';
import { HttpsNavExchange, NAV_API } from '../../drivers/nav/nav-exchange.js';
import { NavTransport } from '../../drivers/nav/nav-transport.js';
import { activationStatus, navNetwork } from '../../drivers/nav/network.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { listLookup } from '../../src/platform/directory/entity-lookup.js';
import { TransportError, type OutboundMessage } from '../../src/spi/transport.js';
import { createLogger } from '../../src/lib/log.js';
import { withLogContext } from '../../src/lib/log-context.js';
import { child, children, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';
import { fixtureConfig, FIXTURES_DIR, UPDATE_GOLDENS } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';
import { NO_INBOX, NO_RECEIVED } from '../helpers/network-deps.js';

// The NAV played by nock with bodies shaped by invoiceApi.xsd (fixtures/nav/transport/, which
// pass the NAV schemas), over the real HTTPS exchange: the signature and hashes against the
// values worked in the Interface Specification and the official samples, a token decrypted with
// the exchange key, reports batched into one manageInvoice, DONE, DONE with a warning, ABORTED
// (technical and business), 5xx and a timeout retried, an expired token renewed, refused
// credentials.

const T = (name: string) => readFileSync(join(FIXTURES_DIR, 'nav', 'transport', name), 'utf8');
const REPORT = readFileSync(join(FIXTURES_DIR, 'nav', 'domestic-27.xml'), 'utf8');
const CREDIT = readFileSync(join(FIXTURES_DIR, 'nav', 'credit-note-modify.xml'), 'utf8');
const ROOT = new URL(NAV_API.test);
const HOST = `${ROOT.protocol}//${ROOT.host}`;
const P = (op: string) => `${ROOT.pathname}/${op}`;
const USER = { login: 'testtechuser001', password: 'Jelszó-123', signatureKey: 'ce-8f5e-215119fa7dd621DLMRHRLH2S', exchangeKey: 'testexchangekey1', taxNumber: '12345676' };
const TOKEN = 'b1aca173-d9e8-4561-9237-0511eed99eaa2P0ZHLXBRI2U';
const TRANSACTION = '4Z9Q8NHHSO3Z3WQA';

describe('NAV request signature and hashes (Interface Specification 3.0 worked values)', () => {
  it('computes requestSignature for manageInvoice as the specification works it (1.5.1)', () => {
    const operations = [
      { operation: 'CREATE', base64: 'QWJjZDEyMzQ=' },
      { operation: 'MODIFY', base64: 'RGNiYTQzMjE=' },
    ];
    expect(requestSignature('TSTKFT1222564', '2017-12-30T18:25:45.000Z', 'ce-8f5e-215119fa7dd621DLMRHRLH2S', operations)).to.equal(
      '60BC80609EE3B8F42FE904200A49A1921A1DADA08D55319ACD40C59F626514B74EEA49011D372600A10DBCF8199D590DA9C2841D987308F2D83DAE17C2470C42',
    );
  });

  it('computes requestSignature of requests without reports as the official samples carry it (1.5.2)', () => {
    // sample/API sample/queryTransactionStatus.xml and tokenExchange.xml, signature key in their comments.
    const key = 'ac-ac3a-7f661bff7d342N43CYX4U9FG';
    expect(requestSignature('RID603063244730', '2019-09-11T10:55:34.063Z', key)).to.equal(
      '3461426EDF923610281B5B24562F2EBA44A3118FEB7CCDD299B7ACAA6E7A5EA889B1965F1E3372F7F34064AC16C867958704089C9354F150248754D45C9A36F5',
    );
    expect(requestSignature('RID896801578348', '2019-09-11T10:55:31.440Z', key)).to.equal(
      'B4B5E0F197BFFD3DF69BCC98D3BE775F65FD5445EEF95C9D6B6C59425F2B81C4F6DA1FD563B0C7E7D98AF1E1725E5C63C2803B5D3A93D1C02ED354AC92F2CC94',
    );
  });

  it('hashes the password with SHA-512 in upper-case hex', () => {
    // The specification works no password example: FIPS 180-2's SHA-512 vector for "abc".
    expect(passwordHash('abc')).to.equal(
      'DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A2192992A274FC1A836BA3C23A3FEEBBD454D4423643CE80E2A9AC94FA54CA49F',
    );
  });

  it('hashes a report with SHA3-512 and decrypts the token with the exchange key (AES-128-ECB)', () => {
    expect(invoiceHash(Buffer.from('abc'))).to.equal(
      'B751850B1A57168A5693CD924B6B096E08F621827444F70D884F5D0240D2712E10E116E9192AF3C91A7EC57647E3934057340B4CF408D5A56592F8274EEC53F0',
    );
    const encoded = text(parseLocal(T('token-exchange.response.xml')).TokenExchangeResponse, 'encodedExchangeToken')!;
    expect(decryptExchangeToken(encoded, USER.exchangeKey)).to.equal(TOKEN);
    expect(() => decryptExchangeToken(encoded, 'wrong-key-16byte')).to.throw();
  });

  it('writes a TokenExchangeRequest that passes the NAV schema', function () {
    if (!validatorAvailable()) this.skip();
    const file = join(tempDir('nav-req-'), 'token-exchange.request.xml');
    writeFileSync(file, tokenExchangeRequest({ requestId: 'RID1', timestamp: '2026-11-16T09:00:00.000Z', user: USER, software: undefined }));
    const [r] = validateFiles([file], 'nav');
    expect(r!.fatal, JSON.stringify(r!.errors)).to.equal(0);
  });
});

describe('NAV transport against the NAV (nock, shaped by the official schemas)', function () {
  this.timeout(20_000);
  const logs: string[] = [];
  const logger = createLogger('debug', { write: (l: string) => void logs.push(l) });
  const now = new Date('2026-11-16T09:00:00.000Z');
  let ids = 0;
  const message = (content: string, documentType = 'nav-invoice', documentId = 'doc-1'): OutboundMessage => ({
    documentId, model: 'REPORTING', documentType, mimeType: 'application/xml', documentNumber: 'MSZ-2026-000101',
    sender: { scheme: '9910', id: 'HU12345676' }, receiver: { scheme: '9910', id: 'NAV' }, content,
  });

  function transport(timeoutMs = 2000, batchWaitMs = 0): NavTransport {
    const exchange = new HttpsNavExchange(NAV_API.test, timeoutMs);
    const client = new NavClient({ exchange, user: USER, clock: () => now, requestIds: () => `RID${String(++ids).padStart(10, '0')}` });
    return new NavTransport({ client, name: exchange.name, logger, retry: { minMs: 100, maxMs: 5000 }, batchWaitMs });
  }

  const sent = (messageId: string) => ({ messageId, envelope: message(REPORT), sentAt: now.toISOString() });

  beforeEach(() => {
    ids = 0;
    logs.length = 0;
    nock.disableNetConnect();
  });
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  /** What a request says, read back, with its signature checked as the NAV checks it. */
  function verified(body: string): XmlTree {
    const parsed = parseLocal(body);
    const req = parsed[Object.keys(parsed).find((k) => !k.startsWith('@') && !k.startsWith('?'))!] as XmlTree;
    const header = child(req, 'header');
    const user = child(req, 'user');
    const ops = children(child(req, 'invoiceOperations'), 'invoiceOperation').map((o) => ({ operation: text(o, 'invoiceOperation')!, base64: text(o, 'invoiceData')! }));
    expect(text(user, 'login')).to.equal(USER.login);
    expect(text(user, 'taxNumber')).to.equal(USER.taxNumber);
    expect(text(user, 'passwordHash')).to.equal(passwordHash(USER.password));
    expect(text(user, 'requestSignature')).to.equal(requestSignature(text(header, 'requestId')!, text(header, 'timestamp')!, USER.signatureKey, ops));
    // The secrets themselves never travel.
    for (const secret of [USER.password, USER.signatureKey, USER.exchangeKey]) expect(body).to.not.contain(secret);
    return req;
  }

  it('sends reports batched into one signed manageInvoice, then reads DONE: SUCCESS with the transaction as reference', async () => {
    const t = transport(2000, 50);
    const bodies: string[] = [];
    nock(HOST)
      .post(P('tokenExchange'), (b: string) => (verified(b), true)).reply(200, T('token-exchange.response.xml'))
      .post(P('manageInvoice'), (b: string) => (bodies.push(b), true)).reply(200, T('manage-invoice.response.xml'))
      .post(P('queryTransactionStatus'), (b: string) => text(verified(b), 'transactionId') === TRANSACTION).reply(200, T('query-transaction-status-processing.response.xml'))
      .post(P('queryTransactionStatus')).reply(200, T('query-transaction-status-done.response.xml'));
    // Each sent from its own document's work, as the dispatcher does it.
    const [a, b] = await Promise.all([
      withLogContext({ request_id: 'r-1', document_id: 'doc-1' }, () => t.send(message(REPORT), { now, attempt: 1 })),
      withLogContext({ request_id: 'r-2', document_id: 'doc-2' }, () => t.send(message(CREDIT, 'nav-creditnote', 'doc-2'), { now, attempt: 1 })),
    ]);
    expect([a.messageId, b.messageId]).to.deep.equal([`nav:${TRANSACTION}:1`, `nav:${TRANSACTION}:2`]);
    // The batch is both documents' and neither's: its line names them all and its driver, and no request.
    const taken = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'NAV manageInvoice taken')!;
    expect(taken).to.include({ driver: 'NAV', transaction_id: TRANSACTION });
    expect(taken.document_ids).to.deep.equal(['doc-1', 'doc-2']);
    expect(taken).to.not.have.any.keys('request_id', 'document_id');

    const req = verified(bodies[0]!);
    expect(text(req, 'exchangeToken')).to.equal(TOKEN);
    const ops = children(child(req, 'invoiceOperations'), 'invoiceOperation');
    expect(ops.map((o) => [text(o, 'index'), text(o, 'invoiceOperation')])).to.deep.equal([['1', 'CREATE'], ['2', 'MODIFY']]);
    expect(Buffer.from(text(ops[0], 'invoiceData')!, 'base64').toString('utf8')).to.equal(REPORT);
    expect(text(ops[0], 'electronicInvoiceHash')).to.equal(invoiceHash(Buffer.from(REPORT, 'utf8')));

    // The request is the golden envelope (fixtures/nav/transport/, checked by the NAV schema in .ci/run).
    const golden = join(FIXTURES_DIR, 'nav', 'transport', 'manage-invoice.request.xml');
    if (UPDATE_GOLDENS || !existsSync(golden)) writeFileSync(golden, bodies[0]!);
    expect(bodies[0]).to.equal(readFileSync(golden, 'utf8'));

    const first = await t.track(sent(a.messageId), now);
    expect(first.done).to.equal(false);
    const second = await t.track(sent(a.messageId), new Date(now.getTime() + 2000));
    expect(second.done).to.equal(true);
    expect(second.events.map((e) => e.kind)).to.deep.equal(['delivered']);
    const delivered = second.events[0] as Extract<(typeof second.events)[number], { kind: 'delivered' }>;
    expect(delivered.references).to.deep.equal([{ key: 'navTransactionId', value: TRANSACTION }]);
    expect(delivered.warnings).to.deep.equal([]);
    expect(nock.isDone()).to.equal(true);
    // No secret in the logs either.
    for (const secret of [USER.password, USER.signatureKey, USER.exchangeKey, TOKEN]) expect(logs.join('\n')).to.not.contain(secret);
  });

  it('reports DONE with a warning as SUCCESS with the NAV\'s message', async () => {
    nock(HOST).post(P('queryTransactionStatus')).reply(200, T('query-transaction-status-warn.response.xml'));
    const tracking = await transport().track(sent(`nav:${TRANSACTION}:1`), now);
    const e = tracking.events[0] as { kind: string; warnings?: { message: string }[] };
    expect(e.kind).to.equal('delivered');
    expect(e.warnings!.map((w) => w.message)).to.deep.equal(['NAV WARN INCORRECT_COUNTY_CODE: A megadott megyekód nem létezik. (customerTaxNumber/countyCode = 02)']);
  });

  it('reports ABORTED as FAILED with the technical and business codes', async () => {
    nock(HOST)
      .post(P('queryTransactionStatus')).reply(200, T('query-transaction-status-aborted.response.xml'))
      .post(P('queryTransactionStatus')).reply(200, T('query-transaction-status-error.response.xml'));
    const technical = await transport().track(sent(`nav:${TRANSACTION}:1`), now);
    expect(technical.events.map((e) => e.kind)).to.deep.equal(['refused']);
    expect((technical.events[0] as { errors: { message: string }[] }).errors[0]!.message).to.match(/^NAV ERROR SCHEMA_VIOLATION: cvc-complex-type/);
    const business = await transport().track(sent(`nav:${TRANSACTION}:1`), now);
    expect((business.events[0] as { errors: { message: string }[] }).errors.map((e) => e.message)).to.deep.equal([
      'NAV ERROR INVOICE_NUMBER_NOT_UNIQUE: A megadott számlaszám korábban már felhasználásra került. (invoiceNumber = MSZ-2026-000101)',
    ]);
  });

  it('takes a number the NAV already holds, after a send whose answer was lost, as the success of that send', async () => {
    nock(HOST).post(P('queryTransactionStatus')).reply(200, T('query-transaction-status-error.response.xml'));
    const tracking = await transport().track(sent(`nav:${TRANSACTION}:1:again`), now);
    expect(tracking.events.map((e) => e.kind)).to.deep.equal(['delivered']);
    expect((tracking.events[0] as { payload: { duplicate_of_earlier_send?: boolean } }).payload.duplicate_of_earlier_send).to.equal(true);
  });

  it('retries a 5xx and a timeout: the send fails retryably, and the next attempt goes through', async () => {
    const t = transport(300);
    nock(HOST)
      .post(P('tokenExchange')).reply(200, T('token-exchange.response.xml'))
      .post(P('manageInvoice')).reply(503, '<html>Service Unavailable</html>')
      .post(P('tokenExchange')).delay(1000).reply(200, T('token-exchange.response.xml'))
      .post(P('tokenExchange')).reply(200, T('token-exchange.response.xml'))
      .post(P('manageInvoice')).reply(200, T('manage-invoice.response.xml'));
    for (const expected of [/HTTP 503/, /did not answer tokenExchange/]) {
      const err = await t.send(message(REPORT), { now, attempt: 1 }).then(() => undefined, (e: unknown) => e);
      expect(err).to.be.instanceOf(TransportError);
      expect((err as TransportError).permanent).to.equal(false);
      expect((err as TransportError).message).to.match(expected);
    }
    const receipt = await t.send(message(REPORT), { now, attempt: 3 });
    expect(receipt.messageId).to.equal(`nav:${TRANSACTION}:1:again`);
  });

  it('renews a data reporting token the NAV calls invalid or expired, once', async () => {
    const tokens: string[] = [];
    nock(HOST)
      .post(P('tokenExchange')).reply(200, T('token-exchange.response.xml'))
      .post(P('manageInvoice'), (b: string) => (tokens.push(text(verified(b), 'exchangeToken')!), true)).reply(400, T('general-error-invalid-exchange-token.response.xml'))
      .post(P('tokenExchange')).reply(200, T('token-exchange.response.xml'))
      .post(P('manageInvoice'), (b: string) => (tokens.push(text(verified(b), 'exchangeToken')!), true)).reply(200, T('manage-invoice.response.xml'));
    const receipt = await transport().send(message(REPORT), { now, attempt: 1 });
    expect(receipt.messageId).to.equal(`nav:${TRANSACTION}:1`);
    expect(tokens).to.deep.equal([TOKEN, TOKEN]);
    expect(nock.isDone()).to.equal(true);
  });

  it('keeps documents waiting when the NAV refuses the technical user, and tells the operator', async () => {
    nock(HOST).post(P('tokenExchange')).reply(401, T('general-error-invalid-security-user.response.xml'));
    const err = (await transport().send(message(REPORT), { now, attempt: 1 }).then(() => undefined, (e: unknown) => e)) as TransportError;
    expect(err.permanent).to.equal(false);
    expect(err.message).to.contain('INVALID_SECURITY_USER');
    expect(logs.join('\n')).to.contain('the NAV refused the technical user');
  });

  it('looks again later when the status cannot be read', async () => {
    nock(HOST).post(P('queryTransactionStatus')).reply(500, 'Generic exception occurred!');
    const tracking = await transport().track(sent(`nav:${TRANSACTION}:1`), now);
    expect(tracking.done).to.equal(false);
    expect(tracking.checkAgainAt).to.be.a('string');
  });
});

describe('NAV network settings: the technical user from files, every problem at once', () => {
  const entity = fixtureConfig().business_entities.find((e) => e.id === 'minta-szallito')!;
  const deps = (configDir: string) => ({ clock: () => new Date(), logger: createLogger('silent'), configDir, retry: { minMs: 1000, maxMs: 1000 }, contentOf: async () => undefined, inbox: NO_INBOX, received: NO_RECEIVED });
  const user = { login: 'testtechuser001', password_file: 'pw', signature_key_file: 'sign', exchange_key_file: 'xchg' };

  it('reads the secrets from their files and names every file that is missing, empty or of the wrong size', () => {
    const dir = tempDir('nav-secrets-');
    writeFileSync(join(dir, 'pw'), '');
    writeFileSync(join(dir, 'xchg'), 'fifteen-bytes!!');
    let err: unknown;
    try {
      navNetwork({ entities: { 'minta-szallito': user, 'no-such-entity': user } }, listLookup([entity]), deps(dir));
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ConfigError);
    const text = (err as ConfigError).lines.join('\n');
    expect(text).to.contain('drivers.NAV.entities.minta-szallito.password_file: the file is empty');
    expect(text).to.match(/drivers\.NAV\.entities\.minta-szallito\.signature_key_file: cannot read .*sign: ENOENT/);
    expect(text).to.contain('drivers.NAV.entities.minta-szallito.exchange_key_file: the exchange key (cserekulcs) must be 16 characters; it has 15');
    expect(text).to.contain('drivers.NAV.entities.no-such-entity: no business entity has this id');
    expect(text).to.not.contain('fifteen-bytes');
  });

  it('is live (COMPLETED) only for a technical user reporting to production; PENDING with where the reports go otherwise', () => {
    const completed = { code: 'COMPLETED' as const };
    expect(activationStatus(entity, {}, completed).message).to.match(/no technical user is configured/);
    expect(activationStatus(entity, { entities: { 'minta-szallito': user } }, completed)).to.deep.include({ code: 'PENDING' });
    expect(activationStatus(entity, { entities: { 'minta-szallito': { ...user, environment: 'production' } } }, completed)).to.deep.equal(completed);
  });
});
