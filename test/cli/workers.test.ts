import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { killChildren, runBin } from '../helpers/child.js';
import { eventually } from '../helpers/lifecycle.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

const KEY = 'workers-test-key-0123456789abcdef0123';

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^[0-9]+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('serve --workers 2 (node:cluster)', function () {
  this.timeout(60_000);
  after(() => killChildren());

  it('serves one port from two processes, replaces a worker that dies, and stops both on SIGTERM', async () => {
    const cwd = tempDir('workers-');
    const child = runBin(['serve', '--workers', '2'], { cwd, env: { ADAPTER_PORT: '0', ADAPTER_API_KEY: KEY, ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    const [, url] = await child.waitFor(/2 adapter workers listening on (http:\/\/\S+)/, 30_000);
    const workers = await eventually(() => (childrenOf(child.proc.pid!).length === 2 ? childrenOf(child.proc.pid!) : undefined), 10_000, 'two workers');
    const submit = (id: string) =>
      fetch(`${url}/einvoicing/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ ...JSON.parse(readFileSync(new URL('../../../fixtures/peppol/spec-invoice.json', import.meta.url), 'utf8')), id }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(`INV-W-${i}`).then(async (r) => (await r.text(), r.status))));
    expect(answers).to.deep.equal(Array(20).fill(200));

    process.kill(workers[0]!, 'SIGKILL');
    await child.waitFor(/worker [01] exited \(SIGKILL\); starting another in its slot/);
    await eventually(() => childrenOf(child.proc.pid!).filter((p) => !workers.includes(p)).length === 1 && childrenOf(child.proc.pid!).length === 2, 15_000, 'a replacement worker');
    await eventually(async () => (await fetch(`${url}/health`)).status === 200, 10_000, 'health after the replacement');
    const after = await submit('INV-W-after');
    await after.text();
    expect(after.status).to.equal(200);
    // The same body on any worker is the same document.
    const ids = await Promise.all(Array.from({ length: 6 }, () => submit('INV-W-3').then(async (r) => ((await r.json()) as { document_id: string }).document_id)));
    expect(new Set(ids).size).to.equal(1);

    child.proc.kill('SIGTERM');
    expect((await child.exited).code).to.equal(0);
    expect(childrenOf(child.proc.pid!)).to.deep.equal([]);
  });
});
