import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import nock from 'nock';
import { httpRequest, PostNetworkError } from '../../src/platform/http/post.js';
import type { CallOutcome } from '../../src/spi/network-calls.js';
import { accessPointPair, PEPPOL_SIDES, SELLER, BUYER, submit } from '../helpers/access-points.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { submitDocument } from '../helpers/documents.js';
import { FIXTURES_DIR, fixtureConfigCopy } from '../helpers/fixtures.js';
import { eventually, invoiceTo } from '../helpers/lifecycle.js';
import { labelValues, METRICS_KEY, sample, scrapeWithKey } from '../helpers/prometheus-text.js';
import { recordStatusCallbacks } from '../helpers/status-callbacks.js';

// The calls the drivers' networks make to services, as GET /metrics shows them (issue 44): a
// PEPPOL invoice sent over AS4 between two adapter processes through the lab's SMP (one SMP
// lookup, then the cache; one AS4 send each), and a CTC_FR invoice through the sandbox's
// approved platform (its token, directory and flow operations). Labels name drivers, calls and
// outcomes only: never a document, a participant or a flow.

const calls = (text: string, driver: string, call: string, outcome: CallOutcome) => sample(text, 'einvoicing_network_calls_total', { driver, call, outcome });

describe('network call metrics', function () {
  this.timeout(120_000);

  describe('httpRequest with a meter', () => {
    let server: Server;
    let url: string;
    before(async () => {
      server = createServer((req, res) => {
        if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 1_000);
        res.writeHead(req.url === '/down' ? 503 : req.url === '/missing' ? 404 : 200).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((r) => server.close(r)));

    it('tells each request\'s outcome once: ok, http_4xx, http_5xx, timeout, network', async () => {
      const told: [CallOutcome, number][] = [];
      const meter = (outcome: CallOutcome, seconds: number) => void told.push([outcome, seconds]);
      const get = (path: string, timeoutMs = 2_000) => httpRequest(new URL(path, url), { method: 'GET', headers: {}, timeoutMs, meter });
      await get('/');
      await get('/missing');
      await get('/down');
      expect(await get('/slow', 100).catch((e: unknown) => e)).to.be.instanceOf(PostNetworkError);
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
      expect(await httpRequest(new URL(`http://127.0.0.1:${port}/`), { method: 'GET', headers: {}, timeoutMs: 1_000, meter }).catch((e: unknown) => e)).to.be.instanceOf(PostNetworkError);
      expect(told.map(([o]) => o)).to.deep.equal(['ok', 'http_4xx', 'http_5xx', 'timeout', 'network']);
      expect(told.every(([, s]) => s >= 0 && s < 5)).to.equal(true);
      expect(told[3]![1]).to.be.at.least(0.09);
    });
  });

  describe('PEPPOL over AS4: the SMP lookup, its cache and the AS4 send', () => {
    const pair = accessPointPair('PEPPOL', PEPPOL_SIDES);
    before(pair.setUp);
    after(pair.tearDown);

    it('counts one SMP lookup and one AS4 send for the first invoice, the cache and a second send for the next', async () => {
      const seller = await pair.start('seller', { METRICS_API_KEY: METRICS_KEY });
      await pair.start('buyer');
      await submit(seller.url, invoiceTo('INV-NETCALL-1'));
      await pair.callback('/api/v2/invoices/INV-NETCALL-1/einvoice_status', 'SUCCESS', 'SUCCESS of INV-NETCALL-1');
      const first = await scrapeWithKey(seller.url);
      expect(calls(first, 'PEPPOL', 'smp_lookup', 'ok')).to.equal(1);
      expect(calls(first, 'PEPPOL', 'as4_send', 'ok')).to.equal(1);
      expect(sample(first, 'einvoicing_network_call_duration_seconds_count', { driver: 'PEPPOL', call: 'as4_send' })).to.equal(1);
      expect(sample(first, 'einvoicing_network_call_duration_seconds_sum', { driver: 'PEPPOL', call: 'smp_lookup' })).to.be.above(0);
      expect(sample(first, 'einvoicing_receiver_lookups_total', { driver: 'PEPPOL', source: 'network' })).to.equal(1);
      expect(sample(first, 'einvoicing_receiver_lookups_total', { driver: 'PEPPOL', source: 'cache' })).to.equal(undefined);

      await submit(seller.url, invoiceTo('INV-NETCALL-2'));
      await pair.callback('/api/v2/invoices/INV-NETCALL-2/einvoice_status', 'SUCCESS', 'SUCCESS of INV-NETCALL-2');
      const second = await scrapeWithKey(seller.url);
      expect(calls(second, 'PEPPOL', 'smp_lookup', 'ok')).to.equal(1);
      expect(sample(second, 'einvoicing_receiver_lookups_total', { driver: 'PEPPOL', source: 'cache' })).to.equal(1);
      expect(calls(second, 'PEPPOL', 'as4_send', 'ok')).to.equal(2);
      // Bounded labels: no document number, participant or seat.
      const values = labelValues(second, 'einvoicing_network_call').concat(labelValues(second, 'einvoicing_receiver_lookups'));
      expect(values.filter((v) => /INV-NETCALL|9930|DE\d{9}|POP0000|[0-9a-f]{8}-[0-9a-f]{4}/.test(v))).to.deep.equal([]);
      expect(second).not.to.contain(SELLER.participant).and.not.to.contain(BUYER.participant);
    });
  });

  describe('CTC_FR through the sandbox\'s approved platform', () => {
    let adapter: TestAdapter;
    before(async () => {
      recordStatusCallbacks('http://platform.test');
      const config = fixtureConfigCopy('netcalls-ctc-fr-', (yaml) => yaml.replace('      vendeur-ctc-etendu: { profile: extended-ctc-fr, supply: mixed }\n', '      vendeur-ctc-etendu: { profile: extended-ctc-fr, supply: mixed }\n    sandbox:\n      step_ms: 50\n'));
      adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, BILLING_URL: 'http://platform.test', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200', METRICS_API_KEY: METRICS_KEY } });
    });
    after(async () => {
      await adapter.close();
      nock.cleanAll();
    });

    it('counts the token, the buyer\'s directory line and the deposit under platform_<operation>', async () => {
      const doc = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'domestic-en16931-ubl.json'), 'utf8')) as Record<string, unknown>;
      const id = await submitDocument(adapter, doc);
      await eventually(async () => (await adapter.runtime.store.documents.get(id))!.statuses.some((s) => s.status === 'SUCCESS'), 15_000, 'SUCCESS');
      const text = await scrapeWithKey(adapter.url);
      expect(calls(text, 'CTC_FR', 'platform_requestToken', 'ok')).to.be.at.least(1);
      expect(calls(text, 'CTC_FR', 'platform_getDirectoryLineById', 'ok')).to.be.at.least(1);
      expect(calls(text, 'CTC_FR', 'platform_createFlow', 'ok')).to.equal(1);
      expect(calls(text, 'CTC_FR', 'platform_searchFlows', 'ok')).to.be.at.least(1);
      expect(sample(text, 'einvoicing_network_call_duration_seconds_count', { driver: 'CTC_FR', call: 'platform_createFlow' })).to.equal(1);
      const values = labelValues(text, 'einvoicing_network_call');
      expect(values.filter((v) => v.includes(id) || /F2026|\d{9}/.test(v))).to.deep.equal([]);
    });
  });
});
