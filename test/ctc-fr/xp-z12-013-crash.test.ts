import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SandboxPlatform } from '../../drivers/ctc-fr/sandbox/sandbox-platform.js';
import { SandboxServer } from '../../drivers/ctc-fr/sandbox/sandbox-server.js';
import { freePort } from '../helpers/access-points.js';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { FIXTURES_DIR, fixtureConfigCopy } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { PlatformProxy } from '../helpers/platform-proxy.js';
import { openTestStore } from '../helpers/test-database.js';
import { tempDir } from '../helpers/temp-dir.js';

// A kill -9 of the adapter between its deposit and the platform's acknowledgement (issue 42): the
// adapter runs as a child process (`serve`) whose CTC_FR entity deposits through a recording
// proxy in front of the sandbox's XP Z12-013 platform. The proxy forwards the first createFlow,
// so the platform holds the flow, then kills the adapter with SIGKILL before the 202 reaches it
// and drops the connection. Nothing of the deposit was recorded: restarted on the same data
// directory (and, on the suite's PostgreSQL run, the same schema: runBin's), the adapter sends
// the document again, and must find the flow by its tracking id before depositing anything, end
// with one flow at the platform and the whole lifecycle, the buyer's 205 included.

const KEY = 'xp-crash-key-of-32-characters-or-more';
const base = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', 'domestic-en16931-ubl.json'), 'utf8')) as Record<string, any>;

describe('CTC_FR over XP Z12-013: the adapter killed between its deposit and the acknowledgement', function () {
  this.timeout(120_000);
  let platform: SandboxPlatform;
  let server: SandboxServer;
  let proxy: PlatformProxy;
  let billing: Server;
  let billingUrl: string;
  let dir: string;
  let config: string;
  let port: number;
  const callbacks: { path: string; status: string }[] = [];

  before(async () => {
    platform = new SandboxPlatform({ step_ms: 100 }, () => new Date());
    server = await SandboxServer.start(platform, () => new Date());
    proxy = await PlatformProxy.start(server.url);
    dir = tempDir('xp-crash-');
    writeFileSync(join(dir, 'pa-secret'), `${server.secret}\n`);
    const settings = [
      'name: test-pa',
      `flow_service_url: ${proxy.url}/flow-service`,
      `directory_service_url: ${proxy.url}/directory-service`,
      `token_url: ${proxy.url}/token`,
      'client_id: vendeur-ctc',
      `client_secret_file: ${join(dir, 'pa-secret')}`,
      'request_timeout_seconds: 5',
      'status_poll_seconds: 1',
    ].join(', ');
    config = fixtureConfigCopy('xp-crash-config-', (yaml) => yaml.replace('      vendeur-ctc: { supply: services }\n', `      vendeur-ctc: { supply: services, platform: { ${settings} } }\n`));
    billing = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        callbacks.push({ path: req.url!, status: new URLSearchParams(Buffer.concat(chunks).toString()).get('status') ?? '' });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => billing.listen(0, '127.0.0.1', r));
    billingUrl = `http://127.0.0.1:${(billing.address() as AddressInfo).port}`;
    port = await freePort();
  });
  after(async () => {
    await killChildren();
    await proxy?.close();
    server?.close();
    await new Promise((r) => billing?.close(r));
  });

  const start = async (): Promise<{ child: Child; url: string }> => {
    const child = runBin(['serve'], {
      cwd: dir,
      env: { ADAPTER_PORT: String(port), DATA_DIR: join(dir, 'data'), ADAPTER_API_KEY: KEY, ADAPTER_CONFIG: config, BILLING_URL: billingUrl, RETRY_MIN_DELAY: '100', RETRY_MAX_DELAY: '500', LOG_LEVEL: 'warn' },
    });
    const m = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
    return { child, url: m[1]! };
  };
  /** The exchanges that name the document's tracking id: its deposits and the searches for it. */
  const about = (id: string) => proxy.exchanges.filter((e) => e.method === 'POST' && /\/v1\/flows(\/search)?$/.test(e.path) && e.body.includes(`"trackingId":"${id}"`));

  it('the restarted adapter finds the flow by its tracking id instead of depositing again: one flow, and SUCCESS then the buyer\'s ACCEPTED', async () => {
    let adapter = await start();
    const first = adapter.child;
    let killed!: () => void;
    const crashed = new Promise<void>((resolve) => (killed = resolve));
    proxy.inject('POST', '/flow-service/v1/flows', {
      kind: 'drop-answer',
      then: async () => {
        first.proc.kill('SIGKILL');
        await first.exited;
        killed();
      },
    });

    const doc = structuredClone(base);
    doc.id = 'F2026-XP-CRASH';
    const res = await fetch(`${adapter.url}/einvoicing/documents`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) }, body: JSON.stringify(doc) });
    const body = (await res.json()) as { document_id: string };
    expect(res.status, JSON.stringify(body)).to.equal(200);
    const id = body.document_id;

    await crashed;
    expect((await first.exited).signal).to.equal('SIGKILL');
    const beforeCrash = about(id);
    expect(beforeCrash.map((e) => `${e.path} ${e.status}`).at(-1), 'the platform took the deposit the adapter never heard of').to.equal('/flow-service/v1/flows 202');
    const flowId = (JSON.parse(beforeCrash.at(-1)!.responseBody.toString()) as { flowId: string }).flowId;

    adapter = await start();
    const statusPath = `/api/v2/invoices/${doc.id}/einvoice_status`;
    await eventually(() => callbacks.find((c) => c.path === statusPath && c.status === 'ACCEPTED'), 60_000, "the buyer's ACCEPTED after the restart");

    // After the crash: a search by the tracking id, which found the flow, and no deposit at all.
    const afterCrash = about(id).slice(beforeCrash.length);
    expect(afterCrash.map((e) => `${e.path} ${e.status}`)[0], 'the restarted adapter searched by tracking id first').to.equal('/flow-service/v1/flows/search 200');
    expect(afterCrash.filter((e) => e.path.endsWith('/v1/flows')).map((e) => e.status), 'no second deposit').to.deep.equal([]);
    expect(proxy.of('/flow-service/v1/flows', 'POST').filter((e) => e.status === 202 && e.body.includes(`"trackingId":"${id}"`))).to.have.length(1);
    expect(platform.search('vendeur-ctc', { trackingId: id, flowDirection: ['Out'] }, 10).map((f) => f.flowId), 'the platform holds one flow of the document').to.deep.equal([flowId]);
    expect(callbacks.filter((c) => c.path === statusPath).map((c) => c.status)).to.deep.equal(['IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'ACCEPTED']);

    await killChildren();
    const store = await openTestStore(join(dir, 'data'));
    try {
      const stored = (await store.documents.get(id))!;
      expect(stored.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED', 'IN_PROGRESS', 'MESSAGE_ACKNOWLEDGEMENT', 'SUCCESS', 'ACCEPTED']);
      expect(JSON.stringify(stored.statuses.find((s) => s.status === 'SUCCESS'))).to.contain(flowId);
    } finally {
      await store.close();
    }
  });
});
