import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import Chargebee from 'chargebee';
import { join } from 'node:path';
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
    const [, url] = await child.waitFor(/adapter listening on (http:\/\/\S+) \(configuration: \S+; 2 workers\)/, 30_000);
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

  it('start --workers 2 starts and reports as start does, runs the billing loop, and one SIGTERM drains in-flight requests and exits 0 with nothing lost', async () => {
    const cwd = tempDir('workers-start-');
    const child = runBin(['start', '--workers', '2'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0', LOG_LEVEL: 'warn', RETRY_MIN_DELAY: '100', RETRY_MAX_DELAY: '500' } });
    const [, url] = await child.waitFor(/adapter listening on (http:\/\/\S+) \(configuration: built-in demo; 2 workers\)/, 30_000);
    const [, billingUrl] = await child.waitFor(/billing API listening on (http:\/\/\S+)\/api\/v1/, 10_000);
    // What a single-process start says, each once: the three generated keys, where each part listens.
    const said = child.stderr();
    for (const line of [/generated an API key, kept in \S+adapter-api-key/, /generated an admin API key \(for \/admin\)/, /generated a billing API key/, /adapter listening on/, /billing API listening on/]) {
      expect(said.match(new RegExp(line.source, 'g')), String(line)).to.have.length(1);
    }
    const apiKey = readFileSync(join(cwd, 'data', 'adapter-api-key'), 'utf8').trim();
    const billingKey = readFileSync(join(cwd, 'data', 'billing-api-key'), 'utf8').trim();
    expect(said).to.contain(apiKey);

    // The loop: billing e-invoices a German customer's invoice through a worker, and the status
    // comes back onto the invoice (billing was connected, and the OAuth grant ran in a worker).
    const v1 = new Chargebee({ site: '127.0.0.1', apiKey: billingKey, hostSuffix: '', protocol: 'http', port: Number(new URL(billingUrl!).port), apiPath: '/api/v1' } as never);
    const { customer } = await v1.customer.create({ company: 'Kunde GmbH', vat_number: '123456789', auto_collection: 'off', billing_address: { line1: 'Berliner Str. 123', city: 'Berlin', zip: '10115', country: 'DE' } } as never);
    const { invoice } = await v1.invoice.create({ customer_id: customer.id, charges: [{ amount: 10_000, description: 'Consulting' }] } as never);
    const einvoice = await eventually(async () => {
      const { invoice: now } = await v1.invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'success' ? (now.einvoice as unknown as Record<string, string>) : undefined;
    }, 30_000, 'einvoice success on the invoice');
    // A French consumer's purchase goes through the sandbox's approved platform, which each worker
    // runs for itself on a port of its own: a shared one (a plain listen in a cluster worker) would
    // hand a worker's token and flow requests to the other worker's platform, which knows neither.
    const { customer: consumer } = await v1.customer.create({ first_name: 'Camille', last_name: 'Martin', auto_collection: 'off', billing_address: { first_name: 'Camille', last_name: 'Martin', line1: '12 rue des Lilas', city: 'Lyon', zip: '69003', country: 'FR' } } as never);
    const reports = await Promise.all(Array.from({ length: 4 }, (_, i) => v1.invoice.create({ customer_id: consumer.id, charges: [{ amount: 2_000 + i, description: 'Abonnement particulier' }] } as never)));
    for (const { invoice: sale } of reports) {
      await eventually(async () => {
        const { invoice: now } = await v1.invoice.retrieve(sale.id);
        expect(now.einvoice?.status, JSON.stringify(now.einvoice)).to.not.equal('failed');
        return now.einvoice?.status === 'success';
      }, 30_000, `the French report of ${sale.id} reported`);
    }

    // Submissions in flight when the one SIGTERM comes: each is answered (the workers drain), and
    // each one answered is stored.
    const body = readFileSync(new URL('../../../fixtures/peppol/spec-invoice.json', import.meta.url), 'utf8');
    const submit = (id: string) =>
      fetch(`${url}/einvoicing/documents`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body: JSON.stringify({ ...JSON.parse(body), id }) }).then(
        async (r) => ({ status: r.status, id: ((await r.json()) as { document_id?: string }).document_id }),
        (err: Error) => ({ status: 0, id: undefined, error: err.message }),
      );
    const inFlight = Array.from({ length: 24 }, (_, i) => submit(`INV-DRAIN-${i}`));
    await new Promise((r) => setTimeout(r, 30));
    child.proc.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect((await child.exited).code, child.stderr()).to.equal(0);
    expect(child.stderr()).to.match(/SIGTERM received, finishing in-flight requests/);
    expect(childrenOf(child.proc.pid!)).to.deep.equal([]);
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length, JSON.stringify(answers)).to.be.greaterThan(0);
    // Nothing else than an answer, or a connection refused once the port closed.
    for (const a of answers) expect([0, 200], JSON.stringify(a)).to.include(a.status);

    // Started again: every accepted document and the loop's e-invoice are there.
    const again = runBin(['serve'], { cwd, env: { ADAPTER_PORT: '0', TRANSPORT: 'none', LOG_LEVEL: 'warn' } });
    const [, url2] = await again.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
    for (const id of [einvoice.reference_id, ...accepted.map((a) => a.id)]) {
      const res = await fetch(`${url2}/einvoicing/documents/${id}/status`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.status, String(id)).to.equal(200);
    }
    again.proc.kill('SIGTERM');
    expect((await again.exited).code).to.equal(0);
  });
});
