import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { readCdar } from '../../drivers/ctc-fr/cdar-read.js';
import { SandboxPlatform } from '../../drivers/ctc-fr/sandbox/sandbox-platform.js';
import { SandboxServer } from '../../drivers/ctc-fr/sandbox/sandbox-server.js';
import type { SandboxPlatformSettings } from '../../drivers/ctc-fr/settings.js';
import type { OpenAPIBackend } from 'openapi-backend';
import { directoryServiceApi, exchangeProblems, flowServiceApi, oauthTokenApi, openApiJudge } from '../../drivers/ctc-fr/xp-z12-013/xp-z12-013-api.js';
import { annexes, loadable } from '../helpers/xp-z12-013-annex.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { submitDocument } from '../helpers/documents.js';
import { FIXTURES_DIR, fixtureConfigCopy } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { recordStatusCallbacks, type StatusCallback } from '../helpers/status-callbacks.js';
import { trackingIdOf } from '../../drivers/ctc-fr/xp-z12-013/flow-transport.js';
import { platformClientConfig, PlatformProxy, type RecordedExchange } from '../helpers/platform-proxy.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';

// CTC_FR through an approved platform's XP Z12-013 API, as production runs it: the entity has a
// platform client in the configuration (token URL, client id, secret file), the platform is the
// sandbox's server run by the test, and a recording proxy between the two keeps every exchange
// (each is then held to our restatement of the annexes, and to the annexes themselves with
// XP_Z12_013_ANNEX_DIR) and makes the platform fail as real ones do. The loop: the buyer's directory line, the deposit, 200 → 205 (or 210 with its
// reason) with the callbacks; the failures: 401, 429, 503, a timeout and a lost answer, each
// retried with backoff and never deposited twice.

const base = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'domestic-en16931-ubl.json'), 'utf8')) as Record<string, any>;
let n = 0;
/** The domestic invoice under a new number, to a buyer of `siren` when given (and of its facility `siret`). */
function invoice(siren?: string, siret?: string): Record<string, any> {
  const doc = structuredClone(base);
  doc.id = `F2026-XP-${++n}`;
  if (siren) {
    const key = String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
    doc.accounting_customer_party.tax_scheme = [{ scheme: 'VAT', id: `FR${key}${siren}` }];
  }
  if (siret) doc.accounting_customer_party.legal_entity.company_id = siret;
  return doc;
}

/**
 * Every recorded exchange held to the document of its service: our restatement, and AFNOR's
 * annexes too when they are at hand (XP_Z12_013_ANNEX_DIR); the problems, by exchange.
 */
async function contractProblems(exchanges: RecordedExchange[]): Promise<string[]> {
  const problems = await problemsAgainst(exchanges, { flow: await flowServiceApi(), directory: await directoryServiceApi(), token: await oauthTokenApi() });
  const annex = annexes();
  if (!annex) return problems;
  const judges = { flow: await openApiJudge(loadable(annex.flow)), directory: await openApiJudge(loadable(annex.directory)), token: await oauthTokenApi() };
  return [...problems, ...(await problemsAgainst(exchanges, judges)).map((p) => `annex: ${p}`)];
}

async function problemsAgainst(exchanges: RecordedExchange[], apis: { flow: OpenAPIBackend; directory: OpenAPIBackend; token: OpenAPIBackend }): Promise<string[]> {
  const problems: string[] = [];
  for (const e of exchanges) {
    const [, service, path] = /^\/(?:(flow|directory)-service)?(.*)$/.exec(e.path)!;
    const api = service === 'flow' ? apis.flow : service === 'directory' ? apis.directory : apis.token;
    const parse = (body: Buffer, type: string | undefined) => (body.length === 0 ? undefined : /json/.test(type ?? '') ? JSON.parse(body.toString('utf8')) : body.toString('utf8'));
    const found = await exchangeProblems(
      api,
      { method: e.method, path: service ? path! : e.path, headers: e.headers, query: e.query, body: parse(e.body, e.headers['content-type']) },
      { status: e.status, headers: e.responseHeaders, body: parse(e.responseBody, e.responseHeaders['content-type']) },
    );
    problems.push(...found.map((p) => `${e.method} ${e.path} → ${e.status}: ${p}`));
  }
  return problems;
}

describe('CTC_FR through an XP Z12-013 platform: directory, deposit, lifecycle, failures', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let server: SandboxServer;
  let proxy: PlatformProxy;
  const sandbox: SandboxPlatformSettings = {
    step_ms: 100,
    directory: {
      '300000007': [],
      '400000006': ['400000006_COMPTA'],
      '500000005': ['500000005_A', '500000005_B'],
      '123456782': ['123456782', '123456782_12345678200010'],
    },
  };
  let callbacks: StatusCallback[];

  before(async () => {
    callbacks = recordStatusCallbacks('http://platform.test');
    server = await SandboxServer.start(new SandboxPlatform(sandbox, () => new Date()), () => new Date());
    proxy = await PlatformProxy.start(server.url);
    const config = platformClientConfig('ctc-fr-xp-', tempDir('xp-z12-013-'), { proxyUrl: proxy.url, secret: server.secret, requestTimeoutSeconds: 1 });
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, BILLING_URL: 'http://platform.test', RETRY_MIN_DELAY: '100', RETRY_MAX_DELAY: '400' } });
  });
  after(async () => {
    await adapter?.close();
    await proxy?.close();
    server?.close();
    nock.cleanAll();
  });

  const submit = (doc: Record<string, unknown>) => submitDocument(adapter, doc);
  const history = async (id: string) => (await adapter.runtime.store.documents.get(id))!.statuses;
  const statuses = async (id: string) => (await history(id)).map((s) => s.status);
  /** The flows the platform holds for a document (its tracking id is the document id). */
  const flowsOf = (documentId: string) => proxy.of('/flow-service/v1/flows', 'POST').filter((e) => e.status === 202 && JSON.parse(e.responseBody.toString()).trackingId === documentId);

  it('looks the buyer up in the directory, deposits the invoice and walks 200, 202, 203 and the buyer\'s 205 with the callbacks; every request and answer holds to the documents', async () => {
    const doc = invoice();
    const id = await submit(doc);
    await eventually(async () => (await statuses(id)).includes('ACCEPTED') && (await statuses(id)).length === 5, 15_000, 'ACCEPTED');
    expect(await statuses(id)).to.deep.equal(['ACCEPTED', 'IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'ACCEPTED']);
    expect(proxy.of('/directory-service/v1/directory-line/code:200000008', 'GET').map((e) => e.status)).to.deep.equal([200]);
    expect(flowsOf(id)).to.have.length(1);
    const deposit = flowsOf(id)[0]!;
    expect(deposit.headers.authorization).to.match(/^Bearer \S+$/);
    expect(deposit.headers['request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(deposit.body.toString()).to.contain('"flowSyntax":"UBL"').and.contain(`"trackingId":"${id}"`).and.contain('<cbc:ID>' + doc.id);
    const sent = (await history(id)).find((s) => s.status === 'SUCCESS')!;
    expect(JSON.stringify(sent)).to.contain('test-pa');
    await eventually(() => callbacks.filter((c) => c.path.includes(doc.id)).length >= 4, 10_000, 'the callbacks');
    expect(callbacks.filter((c) => c.path.includes(doc.id)).map((c) => c.status)).to.deep.equal(['IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'ACCEPTED']);
    expect(await contractProblems(proxy.exchanges)).to.deep.equal([]);
  });

  it('ends REJECTED with the buyer\'s reason when the buyer refuses the invoice (210 Refusée), the reason on the callback', async () => {
    sandbox.buyer = { code: '210', reason_code: 'CMD_ERR', reason: 'Commande inconnue' };
    try {
      const doc = invoice();
      const id = await submit(doc);
      await eventually(async () => (await statuses(id)).includes('REJECTED'), 15_000, 'REJECTED');
      const related = await adapter.runtime.store.statusChanges.relatedOf(id);
      const last = readCdar((await adapter.runtime.store.statusChanges.related(related.at(-1)!.id))!.content);
      expect(last).to.include({ code: '210', reasonCode: 'CMD_ERR', reason: 'Commande inconnue' });
      await eventually(() => callbacks.find((c) => c.path.includes(doc.id) && c.status === 'REJECTED'), 10_000, 'the REJECTED callback');
      expect(JSON.stringify(Object.fromEntries(callbacks.find((c) => c.path.includes(doc.id) && c.status === 'REJECTED')!.body))).to.contain('CMD_ERR: Commande inconnue');
    } finally {
      delete sandbox.buyer;
    }
  });

  it('refuses at once (400, CTC_FR-114) an invoice to a buyer the directory does not have, or that has several lines and none of its own, naming them', async () => {
    for (const [siren, said] of [
      ['300000007', 'the buyer (SIREN 300000007) is not in the directory'],
      ['500000005', 'SIREN 500000005 has no line of its own in the directory but receives at 500000005_A, 500000005_B'],
    ]) {
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice(siren) });
      expect(res.status).to.equal(400);
      const text = JSON.stringify(await bodyOf(res));
      expect(text).to.contain('INVALID_DATA').and.contain(said).and.contain('CTC_FR-114');
    }
  });

  it('writes an invoice that names no address to the line the directory gives: the buyer\'s only line, or its facility\'s for a SIRET', async () => {
    const only = await submit(invoice('400000006'));
    const facility = await submit(invoice('123456782', '12345678200010'));
    await eventually(async () => (await statuses(only)).includes('SUCCESS') && (await statuses(facility)).includes('SUCCESS'), 15_000, 'SUCCESS');
    const written = async (id: string) => (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
    expect(await written(only)).to.contain('<cbc:EndpointID schemeID="0225">400000006_COMPTA</cbc:EndpointID>');
    expect(await written(facility)).to.contain('<cbc:EndpointID schemeID="0225">123456782_12345678200010</cbc:EndpointID>');
    const search = proxy.of('/directory-service/v1/directory-line/search').find((e) => e.body.includes('"siret"'));
    expect(JSON.parse(search!.body.toString()).filters).to.deep.equal({ siren: { op: 'strict', value: '123456782' }, siret: { op: 'strict', value: '12345678200010' } });
  });

  it('ends FAILED with INVALID_DATA an invoice whose own address is not in the directory, naming where the buyer receives, and deposits nothing', async () => {
    const doc = invoice('400000006');
    doc.accounting_customer_party.electronic_address = { scheme: '0225', id: '400000006' };
    const id = await submit(doc);
    await eventually(async () => (await statuses(id)).includes('FAILED'), 15_000, 'FAILED');
    const failed = JSON.stringify((await history(id)).find((s) => s.status === 'FAILED'));
    expect(failed).to.contain('INVALID_DATA').and.contain("the buyer's electronic address 400000006 is not in the directory").and.contain('receives at 400000006_COMPTA');
    expect(flowsOf(id)).to.have.length(0);
  });

  it('retries a deposit the platform answered 503, then 429 with Retry-After, and deposits it once', async () => {
    proxy.inject('POST', '/flow-service/v1/flows', { kind: 'answer', status: 503, body: { errorCode: 'SERVICE_UNAVAILABLE', errorMessage: 'maintenance' } });
    proxy.inject('POST', '/flow-service/v1/flows', { kind: 'answer', status: 429, body: { errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'slow down' }, headers: { 'retry-after': '1' } });
    const id = await submit(invoice());
    await eventually(async () => (await statuses(id)).includes('SUCCESS'), 20_000, 'SUCCESS');
    expect(proxy.of('/flow-service/v1/flows', 'POST').filter((e) => e.body.includes(id)).map((e) => e.status)).to.deep.equal([503, 429, 202]);
    expect(flowsOf(id)).to.have.length(1);
  });

  it('finds by its tracking id a deposit whose answer was lost, or came after the timeout, instead of depositing it again', async () => {
    proxy.inject('POST', '/flow-service/v1/flows', { kind: 'drop-answer' });
    const lost = await submit(invoice());
    await eventually(async () => (await statuses(lost)).includes('SUCCESS'), 20_000, 'SUCCESS after a lost answer');
    proxy.inject('POST', '/flow-service/v1/flows', { kind: 'delay', ms: 1500 });
    const late = await submit(invoice());
    await eventually(async () => (await statuses(late)).includes('SUCCESS'), 20_000, 'SUCCESS after a timeout');
    for (const id of [lost, late]) {
      expect(flowsOf(id), id).to.have.length(1);
      const search = proxy.of('/flow-service/v1/flows/search', 'POST').find((e) => e.body.includes(`"trackingId":"${id}"`));
      expect(search?.status, 'the retry searched by tracking id').to.equal(200);
    }
  });

  it('reports a paid B2C sale as flux 10 files (FRR, B2C): its transaction data and its collection, SUCCESS once the platform acknowledges both, without a directory lookup', async () => {
    const sale = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'b2c-sale-ereporting.json'), 'utf8')) as Record<string, any>;
    sale.id = `TK-XP-${++n}`;
    const lookups = proxy.of('/directory-service/v1/directory-line/search').length + proxy.exchanges.filter((e) => e.path.includes('/directory-line/code:')).length;
    const id = await submit(sale);
    await eventually(async () => (await statuses(id)).includes('SUCCESS'), 15_000, 'SUCCESS');
    expect(await statuses(id)).to.deep.equal(['ACCEPTED', 'SUCCESS']);
    // The sale was paid (status PAID) for services: its collection (10.4) is a second file, with a tracking id of its own.
    const [deposit] = flowsOf(id);
    const payments = proxy.of('/flow-service/v1/flows', 'POST').filter((e) => e.status === 202 && JSON.parse(e.responseBody.toString()).name === `${sale.id}-P.xml`);
    expect(payments).to.have.length(1);
    expect(JSON.parse(payments[0]!.responseBody.toString()).trackingId).to.equal(trackingIdOf({ documentId: id, documentType: 'ereporting-payments' })).and.not.equal(id);
    const paid = payments[0]!.body.toString();
    expect(paid).to.contain('"flowSyntax":"FRR"').and.contain('"processingRule":"B2C"').and.contain(`"name":"${sale.id}-P.xml"`).and.contain('<PaymentsReport>');
    expect(paid).to.contain('<TaxPercent>20</TaxPercent>').and.contain('<Amount>1200.00</Amount>').and.contain('<Amount>105.50</Amount>');
    const text = deposit!.body.toString();
    expect(text).to.contain('"flowSyntax":"FRR"').and.contain('"processingRule":"B2C"').and.contain('<Report>').and.contain(`<Id>${sale.id}</Id>`).and.contain('<CategoryCode>TPS1</CategoryCode>');
    // The platform sends the file on: it is named by its matricule (TT-8), the entity by its SIREN (TT-13).
    expect(text).to.contain('<Id schemeId="0238">0042</Id>').and.contain('<Name>test-pa</Name>').and.contain('<Id schemeId="0002">732829320</Id>');
    expect(proxy.of('/directory-service/v1/directory-line/search').length + proxy.exchanges.filter((e) => e.path.includes('/directory-line/code:')).length).to.equal(lookups);
    expect(await contractProblems(proxy.exchanges)).to.deep.equal([]);
  });

  it('reports a sale abroad as its 10.1 transaction data (FRR, B2BInt) instead of depositing the invoice, and ends SUCCESS', async () => {
    const doc = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'reverse-charge-en16931-ubl.json'), 'utf8')) as Record<string, any>;
    doc.id = `F2026-XP-${++n}`;
    const id = await submit(doc);
    await eventually(async () => (await statuses(id)).includes('SUCCESS'), 15_000, 'SUCCESS');
    const text = flowsOf(id)[0]!.body.toString();
    expect(text).to.contain('"flowSyntax":"FRR"').and.contain('"processingRule":"B2BInt"').and.contain('<Buyer>').and.contain('schemeId="0223">DE123456789<');
    expect(text).not.to.contain('<cbc:ID>');
  });

  it('asks for a new token when the platform answers 401, and goes on', async () => {
    const tokens = proxy.of('/token').length;
    proxy.inject('POST', '/flow-service/v1/flows', { kind: 'answer', status: 401, body: { errorCode: 'UNAUTHORIZED', errorMessage: 'token revoked' } });
    const id = await submit(invoice());
    await eventually(async () => (await statuses(id)).includes('SUCCESS'), 20_000, 'SUCCESS');
    expect(proxy.of('/token').length).to.equal(tokens + 1);
    expect(proxy.of('/flow-service/v1/flows', 'POST').filter((e) => e.body.includes(id)).map((e) => e.status)).to.deep.equal([401, 202]);
  });
});

describe('CTC_FR: an entity\'s platform client in the configuration', () => {
  it('stops the start, naming each key missing, when a client id comes without its URLs, secret file and matricule', async () => {
    const config = fixtureConfigCopy('ctc-fr-xp-bad-', (yaml) => yaml.replace('      vendeur-ctc: { supply: services }\n', '      vendeur-ctc: { supply: services, platform: { client_id: vendeur-ctc } }\n'));
    const err = await startTestAdapter({ env: { ADAPTER_CONFIG: config } }).then(
      async (a) => (await a.close(), undefined),
      (e: unknown) => e as Error,
    );
    expect(err?.message).to.contain('drivers.CTC_FR.entities.vendeur-ctc.platform: flow_service_url, directory_service_url, token_url, client_secret_file, matricule must be set');
  });

  it('stops the start when a platform URL is plain http to another host than a loopback one: the bearer token would travel in clear', async () => {
    const urls = 'flow_service_url: "http://pa.example/flow-service", directory_service_url: "https://pa.example/directory-service", token_url: "http://127.0.0.1:1/token"';
    const config = fixtureConfigCopy('ctc-fr-xp-http-', (yaml) => yaml.replace('      vendeur-ctc: { supply: services }\n', `      vendeur-ctc: { supply: services, platform: { client_id: vendeur-ctc, matricule: "0042", client_secret_file: nowhere, ${urls} } }\n`));
    const err = await startTestAdapter({ env: { ADAPTER_CONFIG: config } }).then(
      async (a) => (await a.close(), undefined),
      (e: unknown) => e as Error,
    );
    expect(err?.message).to.contain('drivers.CTC_FR.entities.vendeur-ctc.platform: flow_service_url must be https:// URLs (plain http only to a loopback address)');
  });
});
