import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { annexes, loadable } from '../helpers/xp-z12-013-annex.js';
import { join } from 'node:path';
import type { OpenAPIBackend } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { directoryServiceDocument } from '../../drivers/ctc-fr/xp-z12-013/directory-service.openapi.js';
import { flowServiceDocument } from '../../drivers/ctc-fr/xp-z12-013/flow-service.openapi.js';
import { formParts } from '../../src/platform/http/form-parts.js';
import {
  callbackApi,
  directoryServiceApi,
  exchangeProblems,
  flowServiceApi,
  oauthTokenApi,
  openApiJudge,
  type ExchangeRequest,
  type ExchangeResponse,
} from '../../drivers/ctc-fr/xp-z12-013/xp-z12-013-api.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { restatementDifferences } from '../helpers/openapi-restatement.js';

// The recorded XP Z12-013 exchanges (fixtures/ctc-fr/transport/) held to our restatement of the
// Flow and Directory Services (drivers/ctc-fr/xp-z12-013/), and, when a developer has AFNOR's
// annexes (XP_Z12_013_ANNEX_DIR: a folder with flow-service-1.2.0.json and
// directory-service-1.2.0.json, which this repository may not hold), to the annexes themselves,
// with our documents compared to them property by property.

const TRANSPORT = join(FIXTURES_DIR, 'ctc-fr', 'transport');

type Service = 'flow' | 'directory' | 'oauth-token' | 'flow-callback';

interface Exchange {
  service: Service;
  request: ExchangeRequest;
  response: ExchangeResponse;
}

const exchanges: Array<[string, Exchange]> = readdirSync(TRANSPORT)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(TRANSPORT, f), 'utf8')) as Exchange]);

interface Judges {
  flow: OpenAPIBackend;
  directory: OpenAPIBackend;
  token: OpenAPIBackend;
  flowDocument: OpenAPIV3.Document;
}

/** The document an exchange is held to: the platform's services, the token endpoint, or the callback a platform posts. */
async function judgeOf(judges: Judges, exchange: Exchange): Promise<OpenAPIBackend> {
  switch (exchange.service) {
    case 'flow':
      return judges.flow;
    case 'directory':
      return judges.directory;
    case 'oauth-token':
      return judges.token;
    case 'flow-callback':
      return callbackApi(judges.flowDocument, 'WebhookCallback', exchange.request.path, 'WebhookCallback');
  }
}

/** A value at a dotted path (`response.body.results.0.flowType`) of an exchange. */
function at(exchange: Exchange, path: string): { parent: Record<string, unknown>; key: string } {
  const keys = path.split('.');
  const key = keys.pop()!;
  const parent = keys.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], exchange) as Record<string, unknown>;
  if (!parent || typeof parent !== 'object') throw new Error(`no ${path}`);
  return { parent, key };
}

const set = (path: string, value: unknown) => (e: Exchange) => {
  const { parent, key } = at(e, path);
  parent[key] = value;
};
const drop = (path: string) => (e: Exchange) => {
  const { parent, key } = at(e, path);
  if (!(key in parent)) throw new Error(`no ${path} to drop`);
  delete parent[key];
};
/** Replaces text in the raw (multipart or form-encoded) request body. */
const edit = (from: string, to: string) => (e: Exchange) => {
  const body = String(e.request.body);
  if (!body.includes(from)) throw new Error(`no ${from} in the body`);
  e.request.body = body.replace(from, to);
};

interface Breakage {
  what: string;
  /** The field the problem must name. */
  field: string;
  break: (e: Exchange) => void;
}

// Broken copies of each recorded exchange: the contract must refuse each, naming the field.
const breakages: Record<string, Breakage[]> = {
  createFlow: [
    { what: 'flowInfo without its name', field: 'name', break: edit('"name":"F2026-0001-EU.xml",', '') },
    { what: 'no file part', field: 'file', break: edit('name="file"', 'name="document"') },
    { what: 'flowInfo not JSON', field: 'flowInfo', break: edit('Content-Type: application/json', 'Content-Type: text/plain') },
    { what: 'an answer with a flowSyntax not listed', field: 'flowSyntax', break: set('response.body.flowSyntax', 'PDF') },
    { what: 'an answer without submittedAt', field: 'submittedAt', break: drop('response.body.submittedAt') },
  ],
  'createFlow.already-existing': [{ what: 'an error without its code', field: 'errorCode', break: drop('response.body.errorCode') }],
  'createFlow.too-many-requests': [{ what: 'an error without its code', field: 'errorCode', break: drop('response.body.errorCode') }],
  'searchFlows.tracking-id': [
    { what: 'a search without where', field: 'where', break: drop('request.body.where') },
    { what: 'a limit over 100', field: 'limit', break: set('request.body.limit', 500) },
    { what: 'an acknowledgement status not listed', field: 'status', break: set('response.body.results.0.acknowledgement.status', 'Done') },
  ],
  'searchFlows.incoming-lifecycle': [
    { what: 'a flow type not listed', field: 'flowType', break: set('request.body.where.flowType', ['CustomerInvoiceLifecycle']) },
    { what: 'updatedAfter without its offset', field: 'updatedAfter', break: set('request.body.where.updatedAfter', '2026-11-05T08:00:00') },
    { what: 'a flow without its direction', field: 'flowDirection', break: drop('response.body.results.0.flowDirection') },
  ],
  'searchFlows.unauthorized': [{ what: 'an error without its code', field: 'errorCode', break: drop('response.body.errorCode') }],
  'getFlow.metadata': [
    { what: 'a docType not listed', field: 'docType', break: set('request.query.docType', 'Xml') },
    { what: 'a flow without updatedAt', field: 'updatedAt', break: drop('response.body.updatedAt') },
  ],
  'getFlow.original': [
    { what: 'a Request-Id that is no UUID', field: 'request-id', break: set('request.headers.Request-Id', 'req-1') },
    { what: 'a file not given as an attachment', field: 'content-disposition', break: set('response.headers.Content-Disposition', 'inline') },
  ],
  'getFlow.unavailable': [{ what: 'an error without its code', field: 'errorCode', break: drop('response.body.errorCode') }],
  createWebhook: [
    { what: 'metadata without a flow type', field: 'flowType', break: drop('request.body.metadata.flowType') },
    { what: 'a callback URL that is no URI', field: 'url', break: set('request.body.callback.url', 'not a url') },
    { what: 'a webhook id that is no UUID', field: 'webhookId', break: set('response.body.webhookId', 'wh-1') },
  ],
  WebhookCallback: [
    { what: 'a flow without its acknowledgement', field: 'acknowledgement', break: drop('request.body.acknowledgement') },
    { what: 'a flow type not listed', field: 'flowType', break: set('request.body.flowType', 'Status') },
  ],
  requestToken: [
    { what: 'another grant', field: 'grant_type', break: edit('grant_type=client_credentials', 'grant_type=password') },
    { what: 'an answer without the token', field: 'access_token', break: drop('response.body.access_token') },
    { what: 'an answer without Cache-Control', field: 'cache-control', break: drop('response.headers.Cache-Control') },
  ],
  getDirectoryLineById: [
    { what: 'a platform type not listed', field: 'platformType', break: set('response.body.platformType', 'PA') },
    { what: 'an include not listed', field: 'include', break: set('request.query.include', 'platform') },
  ],
  'searchDirectoryLine.siren': [
    { what: 'an operator not listed', field: 'op', break: set('request.body.filters.siren.op', 'equals') },
    { what: 'a line status not listed', field: 'directoryLineStatus', break: set('response.body.results.0.directoryLineStatus', 'Active') },
  ],
  'searchDirectoryLine.siren-none': [{ what: 'a SIREN of ten digits', field: 'value', break: set('request.body.filters.siren.value', '5521005540') }],
  getCompanyBySiren: [
    { what: 'an entity type not listed', field: 'entityType', break: set('response.body.entityType', 'Private') },
    { what: 'a SIREN of eight digits', field: 'siren', break: set('request.path', '/v1/siren/code-insee:73282932') },
  ],
};

async function ourJudges(): Promise<Judges> {
  return { flow: await flowServiceApi(), directory: await directoryServiceApi(), token: await oauthTokenApi(), flowDocument: flowServiceDocument };
}

describe('XP Z12-013 contract: the recorded exchanges and our restated OpenAPI documents', function () {
  let judges: Judges;
  before(async () => {
    judges = await ourJudges();
  });

  it('has recordings of every operation the client uses, and a broken copy of each', () => {
    const names = exchanges.map(([name]) => name);
    for (const op of ['createFlow', 'searchFlows', 'getFlow', 'createWebhook', 'WebhookCallback', 'requestToken', 'getDirectoryLineById', 'searchDirectoryLine', 'getCompanyBySiren']) {
      expect(names.some((n) => n === op || n.startsWith(`${op}.`)), op).to.equal(true);
    }
    expect(Object.keys(breakages).sort()).to.deep.equal([...names].sort());
    const statuses = exchanges.map(([, e]) => e.response.status);
    for (const status of [200, 201, 202, 204, 401, 422, 429, 503]) expect(statuses, String(status)).to.include(status);
  });

  for (const [name, exchange] of exchanges) {
    it(`${name}: request and answer are valid`, async () => {
      expect(await exchangeProblems(await judgeOf(judges, exchange), exchange.request, exchange.response)).to.deep.equal([]);
    });

    for (const breakage of breakages[name] ?? []) {
      it(`${name}: refuses ${breakage.what}, naming ${breakage.field}`, async () => {
        const broken = structuredClone(exchange);
        breakage.break(broken);
        const problems = await exchangeProblems(await judgeOf(judges, broken), broken.request, broken.response);
        expect(problems.join('\n')).to.include(breakage.field);
      });
    }
  }

  it("createFlow's sha256 is the digest of the file part it deposits", async () => {
    const [, exchange] = exchanges.find(([name]) => name === 'createFlow')!;
    const parts = await formParts(String(exchange.request.body), exchange.request.headers['Content-Type']!);
    if (typeof parts === 'string') throw new Error(parts);
    const info = JSON.parse(parts.find((p) => p.name === 'flowInfo')!.content.toString('utf8')) as { sha256: string };
    expect(createHash('sha256').update(parts.find((p) => p.name === 'file')!.content).digest('hex')).to.equal(info.sha256);
  });

  it("getFlow Original's body is a CDAR, the driver's golden of the buyer's 205", () => {
    const [, exchange] = exchanges.find(([name]) => name === 'getFlow.original')!;
    expect(exchange.response.body).to.equal(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'response-205-accepted.xml'), 'utf8'));
  });

  it('refuses an exchange no operation matches, and an undocumented status', async () => {
    expect(await exchangeProblems(judges.flow, { method: 'GET', path: '/v1/flow', headers: {} }, { status: 200, headers: {} })).to.deep.equal(['GET /v1/flow is no operation of XP Z12-013 Flow Service (restated)']);
    const [, health] = [0, { method: 'GET', path: '/v1/healthcheck', headers: {} }] as const;
    expect(await exchangeProblems(judges.flow, health, { status: 418, headers: {} })).to.deep.equal(['response status 418: the operation documents 200, 500, 503']);
  });
});

// Only with AFNOR's annexes at hand (never in CI: the repository may not hold them).
describe("XP Z12-013 contract: against AFNOR's annexes (XP_Z12_013_ANNEX_DIR)", function () {
  let annex: { flow: OpenAPIV3.Document; directory: OpenAPIV3.Document } | undefined;
  before(function () {
    annex = annexes();
    if (!annex) this.skip();
  });

  it('every recorded exchange is valid against the annexes too', async function () {
    if (!annex) return this.skip();
    const judges: Judges = {
      flow: await openApiJudge(loadable(annex.flow)),
      directory: await openApiJudge(loadable(annex.directory)),
      token: await oauthTokenApi(),
      flowDocument: loadable(annex.flow),
    };
    const problems = await Promise.all(exchanges.map(async ([name, e]) => (await exchangeProblems(await judgeOf(judges, e), e.request, e.response)).map((p) => `${name}: ${p}`)));
    expect(problems.flat()).to.deep.equal([]);
  });

  it('our documents restate the annexes faithfully: the only differences are the deviations they list', function () {
    if (!annex) return this.skip();
    const differences = [...restatementDifferences(flowServiceDocument, annex.flow), ...restatementDifferences(directoryServiceDocument, annex.directory)];
    // The deviations of flow-service.openapi.ts and directory-service.openapi.ts, by number.
    const deviations: Array<[string, RegExp]> = [
      ['1 ReasonCode anyOf', /\.reasonCode: (anyOf of 2 in ours, of 0|oneOf of 0 in ours, of 2) in the annex$/],
      ['2 sha256 without format byte', /\.sha256: format undefined in ours, "byte" in the annex$/],
      ['3 Algorithm without null', /\.algo: enum .* in ours, .*"null"\] in the annex$/],
      ['4 callback expression', /callback WebhookCallback: expression \["\{\$request\.body#\/callback\/url\}"\] in ours, \["\{\$request\.body#\/callback\.url\}"\] in the annex$/],
      ['5 tokenUrl placeholder', /^security scheme OAuth2: definition .*auth\.example\.invalid\/token.* in ours, .*\{custId\}\/token.* in the annex$/],
      ['7 directoryLineStatus of 8 characters', /\.directoryLineStatus: maxLength 8 in ours, 7 in the annex$/],
      ['6 health without a bearer scope', /^GET \/v1\/healthcheck: security \[\{"bearerAuth":\[\]\}\] in ours, \[\{"bearerAuth":\["health\.read"\]\}\] in the annex$/],
    ];
    expect(differences.filter((d) => !deviations.some(([, re]) => re.test(d))), 'differences no deviation explains').to.deep.equal([]);
    expect(deviations.filter(([, re]) => !differences.some((d) => re.test(d))).map(([n]) => n), 'deviations the annexes no longer need').to.deep.equal([]);
  });
});
