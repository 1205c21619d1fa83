import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import qs from 'qs';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { tempDir } from '../helpers/temp-dir.js';
import { queryRows } from '../helpers/store-sql.js';
import { openTestStore } from '../helpers/test-database.js';

// The real service as a child process, killed with SIGKILL while the platform is failing, then
// restarted on the same DATA_DIR: the callbacks it owed arrive once the platform recovers,
// each (document, status) exactly once, in order per document.

const KEY = 'crash-test-key-0123456789abcdef0123';
const REJECTING = '0088:4000000000010';

interface Delivery {
  path: string;
  status: string;
  answered: number;
}

describe('callbacks survive a crash (SIGKILL) and a failing platform', function () {
  this.timeout(60_000);
  let platform: Server;
  let platformUrl: string;
  let answer = 500;
  const deliveries: Delivery[] = [];

  before(async () => {
    platform = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        deliveries.push({ path: req.url!, status: String(qs.parse(body).status), answered: answer });
        res.writeHead(answer, { 'content-type': 'application/json' }).end(answer === 200 ? '{}' : '{"message":"down"}');
      });
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  after(async () => {
    await killChildren();
    await new Promise((r) => platform.close(r));
  });

  it('delivers every owed callback after the restart, none twice', async () => {
    const cwd = tempDir('adapter-crash-');
    const env = {
      ADAPTER_PORT: '0',
      DATA_DIR: join(cwd, 'data'),
      ADAPTER_API_KEY: KEY,
      ADAPTER_CONFIG: sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - { endpoint: "${REJECTING}", respond: { status: REJECTED, note: "Wrong order number" } }`),
      BILLING_URL: platformUrl,
      RETRY_MIN_DELAY: '50',
      RETRY_MAX_DELAY: '200',
      LOG_LEVEL: 'warn',
    };
    const start = async (): Promise<{ child: Child; url: string }> => {
      const child = runBin(['serve'], { cwd, env });
      const m = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 20_000);
      return { child, url: m[1]! };
    };

    const first = await start();
    const ids: string[] = [];
    for (const [n, endpoint] of [[1, undefined], [2, REJECTING], [3, undefined]] as const) {
      const res = await fetch(`${first.url}/einvoicing/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) },
        body: JSON.stringify(invoiceTo(`INV-CRASH-${n}`, endpoint)),
      });
      expect(res.status).to.equal(200);
      ids.push(((await res.json()) as { document_id: string }).document_id);
    }
    // The platform fails each of the three documents' first callback at least twice, and the
    // outbox has recorded two attempts of each (an attempt answered but not yet written when the
    // process dies is not counted: delivery is at least once, the count is of what was recorded).
    const watch = await openTestStore(join(cwd, 'data'));
    try {
      const attempts = 'SELECT d.platform_id AS doc, max(c.attempts) AS n FROM callbacks c JOIN documents d ON d.id = c.document_id GROUP BY d.platform_id';
      await eventually(async () => {
        const seen = await queryRows<{ doc: string; n: number }>(watch, attempts);
        return seen.length === 3 && seen.every((r) => r.n >= 2) && [1, 2, 3].every((n) => deliveries.filter((d) => d.path === `/api/v2/invoices/INV-CRASH-${n}/einvoice_status`).length >= 2);
      }, 20_000, 'two recorded failed attempts per document');
    } finally {
      await watch.close();
    }
    first.child.proc.kill('SIGKILL');
    expect((await first.child.exited).signal).to.equal('SIGKILL');
    expect(deliveries.every((d) => d.answered === 500)).to.equal(true);

    answer = 200;
    const second = await start();
    const delivered = () => deliveries.filter((d) => d.answered === 200).map((d) => `${d.path} ${d.status}`);
    await eventually(() => delivered().length >= 4, 20_000, 'the owed callbacks');
    await new Promise((r) => setTimeout(r, 500)); // room for a duplicate to show up
    second.child.proc.kill('SIGTERM');
    expect((await second.child.exited).code).to.equal(0);

    expect(delivered().sort()).to.deep.equal([
      '/api/v2/invoices/INV-CRASH-1/einvoice_status SUCCESS',
      '/api/v2/invoices/INV-CRASH-2/einvoice_status REJECTED',
      '/api/v2/invoices/INV-CRASH-2/einvoice_status SUCCESS',
      '/api/v2/invoices/INV-CRASH-3/einvoice_status SUCCESS',
    ]);
    // Document 2: REJECTED never went out before its SUCCESS had been delivered.
    const two = deliveries.filter((d) => d.path.includes('INV-CRASH-2')).map((d) => `${d.status}:${d.answered}`);
    expect(two.indexOf('REJECTED:200')).to.be.greaterThan(two.indexOf('SUCCESS:200'));
    expect(two.filter((s) => s.startsWith('REJECTED')).every((s) => s === 'REJECTED:200')).to.equal(true);

    // The outbox kept the attempts made before the crash.
    const db = await openTestStore(join(cwd, 'data'));
    try {
      const rows = await queryRows<{ doc: string; state: string; attempts: number }>(db, 'SELECT d.platform_id AS doc, c.state, c.attempts FROM callbacks c JOIN documents d ON d.id = c.document_id ORDER BY c.id');
      expect(rows.map((r) => r.state)).to.deep.equal(['delivered', 'delivered', 'delivered', 'delivered']);
      for (const n of [1, 2, 3]) {
        const firstRow = rows.find((r) => r.doc === `INV-CRASH-${n}`)!;
        expect(firstRow.attempts, `INV-CRASH-${n}`).to.be.at.least(3);
      }
    } finally {
      await db.close();
    }
  });
});
