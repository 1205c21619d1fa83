import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { SandboxPlatform } from '../../drivers/ctc-fr/sandbox/sandbox-platform.js';
import { SandboxServer } from '../../drivers/ctc-fr/sandbox/sandbox-server.js';
import { openDatabase } from '../../src/platform/store/db.js';
import { ADAPTER_DB_FILE } from '../../src/platform/store/sqlite-store.js';
import { freePort } from '../helpers/access-points.js';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { platformClientConfig, PlatformProxy } from '../helpers/platform-proxy.js';
import { databaseUrlFor, openTestStore } from '../helpers/test-database.js';
import { tempDir } from '../helpers/temp-dir.js';

// A kill -9 of the adapter between its deposit and the platform's acknowledgement (issue 42): the
// adapter runs as a child process (`serve`) whose CTC_FR entity deposits through a recording
// proxy in front of the sandbox's XP Z12-013 platform. The platform takes the first createFlow
// (it holds the flow) and the adapter dies with nothing of the deposit recorded: killed by the
// proxy before the 202 reaches it (the connection dropped), or killed after the 202 reached it
// while the test holds its database's write lock, so it could not record it. Restarted on the
// same data directory (and, on the suite's PostgreSQL run, the same schema: runBin's), the
// adapter sends the document again and must find the flow by its tracking id before depositing
// anything, end with one flow at the platform and the whole lifecycle, the buyer's 205 included.

const KEY = 'xp-crash-key-of-32-characters-or-more';

/**
 * Takes the write lock of a data directory's adapter database (its SQLite file, or on the
 * suite's PostgreSQL run the transmissions table of its schema) until the function it answers
 * is called: the adapter's writes wait meanwhile. That function answers, on PostgreSQL, how many
 * writes were waiting (SQLite cannot tell).
 */
async function holdWrites(dataDir: string): Promise<() => Promise<number | undefined>> {
  const url = await databaseUrlFor(dataDir);
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE transmissions IN EXCLUSIVE MODE');
    return async () => {
      // A killed adapter's statement waiting for the lock stays with its server process, which
      // would run (and commit) it once the lock goes: ended, as in a crash before it reached the server.
      const ended = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))');
      await client.query('ROLLBACK');
      await client.end();
      return ended.rowCount ?? 0;
    };
  }
  const db = openDatabase(join(dataDir, ADAPTER_DB_FILE));
  db.exec('BEGIN IMMEDIATE');
  return async () => {
    db.exec('ROLLBACK');
    db.close();
    return undefined;
  };
}

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
    config = platformClientConfig('xp-crash-config-', dir, { proxyUrl: proxy.url, secret: server.secret, requestTimeoutSeconds: 5 });
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
  // A failed assertion must not leave its adapter on the port the next test starts one on.
  afterEach(killChildren);
  after(async () => {
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

  /**
   * Submits an invoice to a fresh adapter, lets `arm` set up its kill -9 around the deposit
   * (resolving once the adapter is dead), restarts the adapter on the same data directory and
   * checks that nothing was lost or done twice.
   */
  async function crashAndRecover(number: string, arm: (adapter: Child) => Promise<void>) {
    let adapter = await start();
    const crashed = arm(adapter.child);
    const doc = structuredClone(base);
    doc.id = number;
    const res = await fetch(`${adapter.url}/einvoicing/documents`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) }, body: JSON.stringify(doc) });
    const body = (await res.json()) as { document_id: string };
    expect(res.status, JSON.stringify(body)).to.equal(200);
    const id = body.document_id;

    await crashed;
    const beforeCrash = about(id);
    expect(beforeCrash.map((e) => `${e.path} ${e.status}`).at(-1), 'the platform took the deposit before the adapter died').to.equal('/flow-service/v1/flows 202');
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
  }

  it('killed before the 202 reaches it: the restarted adapter finds the flow by its tracking id instead of depositing again, one flow, SUCCESS then the buyer\'s ACCEPTED', () =>
    crashAndRecover('F2026-XP-CRASH-1', (adapter) => {
      return new Promise<void>((resolve) =>
        proxy.inject('POST', '/flow-service/v1/flows', {
          kind: 'drop-answer',
          then: async () => {
            adapter.proc.kill('SIGKILL');
            await adapter.exited;
            resolve();
          },
        }),
      );
    }));

  it('killed after the 202 reached it but before it recorded the deposit: the same, one flow found again', () =>
    crashAndRecover('F2026-XP-CRASH-2', async (adapter) => {
      // The adapter's database takes no write from the deposit on (the deposit itself writes
      // nothing), so the answer cannot be recorded, whatever the timing; the 202 goes through.
      let release: (() => Promise<number | undefined>) | undefined;
      proxy.inject('POST', '/flow-service/v1/flows', { kind: 'call', run: async () => void (release = await holdWrites(join(dir, 'data'))) });
      const answered = await eventually(() => proxy.of('/flow-service/v1/flows', 'POST').find((e) => e.body.includes('F2026-XP-CRASH-2')), 30_000, 'the deposit answered');
      expect(answered.status).to.equal(202);
      // The answer was written to the adapter's socket in the tick it was recorded; a moment for the adapter to read it and wait for the lock.
      await new Promise((r) => setTimeout(r, 500));
      adapter.proc.kill('SIGKILL');
      await adapter.exited;
      const stopped = await release!();
      if (stopped !== undefined) expect(stopped, 'the adapter was recording the deposit when it died').to.be.greaterThan(0);
    }));
});
