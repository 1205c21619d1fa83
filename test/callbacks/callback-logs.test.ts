import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';

// A callback that does not get through is an operator's business (issue 39): each failed
// attempt is a warning, the end of a callback nobody will post again an error, each naming the
// document, the site, the URL, the HTTP status or the network error's code, and the attempt.

describe('status callbacks that fail are logged', function () {
  this.timeout(30_000);
  let adapter: TestAdapter;
  let site: Server;
  let calls = 0;

  before(async () => {
    // The platform: the first connection is cut (a real ECONNRESET), then it answers what the
    // billing module answers for an invoice it does not know.
    site = createServer((req, res) => {
      calls += 1;
      if (calls === 1) return req.socket.destroy();
      res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'no e-invoice is known for invoice INV-LOG-1', api_error_code: 'resource_not_found' }));
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'), BILLING_URL: url, BILLING_ACCESS_TOKEN: 'tok-log', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '100' } });
  });
  after(async () => {
    await adapter.close();
    await new Promise((r) => site.close(r));
  });

  it('warns at a network error with its code and the next try, and logs the final refusal at error', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceTo('INV-LOG-1') });
    const id = (await bodyOf(res)).document_id as string;
    await eventually(async () => (await adapter.runtime.store.callbacks.ofDocument(id))[0]?.state === 'failed', 15_000, 'the callback to fail');
    const about = adapter.logs.filter((l) => l.document_id === id && (l.level === 'warn' || l.level === 'error'));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/v2/invoices/INV-LOG-1/einvoice_status`;
    expect(about, JSON.stringify(about)).to.have.length(2);
    expect(about[0]).to.include({ level: 'warn', msg: 'status callback attempt failed; it will be tried again', site: 'BILLING_URL', url, error_code: 'ECONNRESET', attempt: 1 });
    expect(Number.isNaN(Date.parse(about[0]!.next_try as string))).to.equal(false);
    expect(about[1]).to.include({ level: 'error', msg: 'status callback failed: it will not be posted again', site: 'BILLING_URL', url, http_status: 422, attempt: 2 });
    expect(about[1]!.error).to.match(/^HTTP 422: .*no e-invoice is known for invoice INV-LOG-1/);
    expect(JSON.stringify(about)).not.to.contain('tok-log'); // the token is never logged
  });
});
