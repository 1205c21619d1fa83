import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { eventually } from '../helpers/lifecycle.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { queryRows } from '../helpers/store-sql.js';
import { tempDir } from '../helpers/temp-dir.js';
import { databaseUrlFor, describeOnPostgres, openTestStore } from '../helpers/test-database.js';
import { chainedRecords, invoiceNumbered, officialCheck } from '../drivers/verifactu-chain.test.js';

// Three adapter processes on one PostgreSQL, one SIGKILLed mid-load and not restarted. The
// platform's side is played here: a load balancer that sends each submission to an instance and,
// when that instance is gone, to another; and a callback endpoint that records what it receives.


const TOTAL = 2000;
const KEY = 'three-instances-key-0123456789abcdef';
const LEASE_SECONDS = 3;

describeOnPostgres('three adapter instances on one PostgreSQL, one killed mid-load', function () {
  this.timeout(240_000);
  let platform: Server;
  const received: { platformId: string; status: string }[] = [];
  after(async () => {
    await killChildren();
    await new Promise((r) => platform?.close(r));
  });

  it('stores every answered document once, delivers every callback in order, keeps one VERIFACTU chain, and answers resubmissions the same on any instance', async () => {
    platform = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const platformId = decodeURIComponent(/\/invoices\/([^/]+)\/einvoice_status/.exec(req.url ?? '')?.[1] ?? '');
        received.push({ platformId, status: new URLSearchParams(body).get('status') ?? '' });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    }).listen(0, '127.0.0.1');
    await new Promise((r) => platform.once('listening', r));
    const platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;

    const root = tempDir('three-instances-');
    const databaseUrl = (await databaseUrlFor(join(root, 'shared')))!;
    const start = async (n: number): Promise<{ child: Child; url: string }> => {
      const child = runBin(['serve'], {
        cwd: root,
        env: {
          ADAPTER_PORT: '0',
          DATA_DIR: join(root, `instance-${n}`),
          DATABASE_URL: databaseUrl,
          ADAPTER_API_KEY: KEY,
          ADAPTER_CONFIG: FIXTURE_CONFIG,
          BILLING_URL: platformUrl,
          BILLING_ACCESS_TOKEN: 'platform-token',
          WORK_LEASE: String(LEASE_SECONDS),
          RETRY_MIN_DELAY: '50',
          RETRY_MAX_DELAY: '500',
          LOG_LEVEL: 'warn',
        },
      });
      const m = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
      return { child, url: m[1]! };
    };
    const instances = await Promise.all([1, 2, 3].map(start));
    const live = new Set(instances);
    const post = async (url: string, n: number) => {
      const r = await fetch(`${url}/einvoicing/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) },
        body: JSON.stringify(invoiceNumbered(n, 'FV-3I')),
      });
      return { status: r.status, id: ((await r.json()) as { document_id?: string }).document_id };
    };
    // The load balancer: round robin over the instances believed alive; one that does not answer is dropped and the next is tried.
    let turn = 0;
    const submit = async (n: number): Promise<string> => {
      for (;;) {
        const targets = [...live];
        const target = targets[turn++ % targets.length]!;
        const answer = await post(target.url, n).catch(() => undefined);
        if (answer?.status === 200 && answer.id) return answer.id;
        if (!answer) live.delete(target);
        else if (answer.status !== 503) throw new Error(`submission ${n}: HTTP ${answer.status}`);
      }
    };

    const answered = new Map<number, string>();
    let next = 1;
    const victim = instances[1]!;
    const lane = async () => {
      while (next <= TOTAL) {
        const n = next++;
        answered.set(n, await submit(n));
        if (answered.size === 600 && victim.child.proc.exitCode === null) victim.child.proc.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 24 }, lane));
    expect((await victim.child.exited).signal).to.equal('SIGKILL');
    expect(answered.size).to.equal(TOTAL);

    // Resubmissions of answered documents, on the instances alive: the same document_id.
    const sample = Array.from({ length: 200 }, (_, i) => 1 + ((i * 997) % TOTAL));
    for (const n of sample) expect(await submit(n), `resubmission of ${n}`).to.equal(answered.get(n));

    const store = await openTestStore(join(root, 'shared'));
    try {
      // Every answered document is stored, once, under the id it was answered with.
      const docs = await queryRows<{ id: string; platformId: string }>(store, 'SELECT id, platform_id AS "platformId" FROM documents');
      expect(docs).to.have.length(TOTAL);
      const byPlatform = new Map(docs.map((d) => [d.platformId, d.id]));
      for (const [n, id] of answered) expect(byPlatform.get(invoiceNumbered(n, 'FV-3I').id as string), `document ${n}`).to.equal(id);

      // Every status reached the platform, the killed instance's share after its lease.
      await eventually(
        async () => (await queryRows<{ n: number }>(store, "SELECT CAST(count(*) AS INTEGER) AS n FROM callbacks WHERE state <> 'delivered'"))[0]!.n === 0 && (await queryRows(store, "SELECT 1 FROM transmissions WHERE state IN ('queued', 'sent') LIMIT 1")).length === 0,
        150_000,
        'every transmission settled and every callback delivered',
      );
      const rows = await queryRows<{ platformId: string; body: string }>(store, 'SELECT d.platform_id AS "platformId", c.body FROM callbacks c JOIN documents d ON d.id = c.document_id ORDER BY c.id');
      const owed = new Map<string, string[]>();
      for (const r of rows) owed.set(r.platformId, [...(owed.get(r.platformId) ?? []), new URLSearchParams(r.body).get('status') ?? '']);
      const got = new Map<string, string[]>();
      for (const r of received) got.set(r.platformId, [...(got.get(r.platformId) ?? []), r.status]);
      let duplicates = 0;
      for (const [platformId, statuses] of owed) {
        // At least once and in order: a repeat can only be the same callback again, right after itself.
        const seen = got.get(platformId) ?? [];
        const collapsed = seen.filter((s, i) => i === 0 || s !== seen[i - 1]);
        duplicates += seen.length - collapsed.length;
        expect(collapsed, `callbacks of ${platformId}`).to.deep.equal(statuses);
      }
      expect(owed.size).to.equal(TOTAL);
      // The documented window: callbacks the killed instance had posted but not yet recorded (at most CALLBACK_CONCURRENCY, 32).
      expect(duplicates).to.be.at.most(32);
      console.log(`      ${received.length} callbacks received for ${rows.length} owed (${duplicates} repeated after the kill)`);

      // One unbroken chain of every record, whichever instance stored it.
      const records = await chainedRecords(store);
      expect(records).to.have.length(TOTAL);
      officialCheck(records.slice(0, 1000));
      officialCheck(records.slice(1000));
    } finally {
      await store.close();
    }
    for (const i of live) i.child.proc.kill('SIGTERM');
  });
});
