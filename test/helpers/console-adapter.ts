import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { startTestAdapter, type TestAdapter } from './adapter.js';
import { FIXTURES_DIR } from './fixtures.js';
import { eventually, sandboxConfig } from './lifecycle.js';
import { admin, expectStatus } from './merchants.js';
import { bodyOf } from './shape.js';

// An adapter whose console pages have something on them: a ZUGFeRD invoice (a PDF, its XML, a
// timeline) whose status callbacks the platform (nock) refused, so the overview and the outbox
// list failed callbacks, with Retry and Cancel for the operator.

const PLATFORM = 'http://platform.test';

export interface ConsoleAdapter {
  adapter: TestAdapter;
  /** The ZUGFeRD invoice's document id. */
  documentId: string;
  close(): Promise<void>;
}

export async function consoleWithRefusedCallbacks(invoice: string): Promise<ConsoleAdapter> {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  nock(PLATFORM).persist().post(/\/einvoice_status$/).reply(422, { message: 'refused' });
  const adapter = await startTestAdapter({
    env: { CONSOLE: 'true', ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'), BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-123', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' },
  });
  const zugferd = JSON.parse(readFileSync(join(FIXTURES_DIR, 'zugferd', 'spec-invoice-en16931.json'), 'utf8')) as Record<string, unknown>;
  const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...zugferd, id: invoice } });
  expect(res.status).to.equal(200);
  const documentId = ((await bodyOf(res)) as { document_id: string }).document_id;
  const failed = async () => ((await expectStatus(admin(adapter, '/outbox/callbacks?state=failed'), 200)).callbacks as { document_id: string }[]).some((c) => c.document_id === documentId);
  await eventually(failed, 10_000, `a failed callback of ${invoice}`);
  return {
    adapter,
    documentId,
    async close() {
      await adapter.close();
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}
