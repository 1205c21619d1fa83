import { expect } from 'chai';
import Chargebee from 'chargebee';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import qs from 'qs';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling, type BillingRuntime } from '../../src/runtime/billing-runtime.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { BILLING_TEST_KEY } from '../helpers/billing.js';
import { eventually, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';
import { queryRows } from '../helpers/store-sql.js';

// Billing and the real adapter wired together in one process (real ports, real SQLite files,
// the sandbox network with a receiver whose access point refuses everything):
// - an e-invoice the network refuses ends FAILED on the invoice, and send_einvoice then reaches
//   the adapter again as a new document under the same invoice id (not the old FAILED answer);
// - an application response about a delivered invoice goes from billing through the adapter's
//   Peppol driver (valid Invoice Response UBL) to the sandbox, and shows as delivered.

const TOKEN = 'loop-callback-token-0123456789';
const REFUSED = '111111111';

describe('send_einvoice against the real adapter: resubmission after FAILED, application responses', function () {
  this.timeout(60_000);
  let billing: BillingRuntime;
  let adapter: TestAdapter;
  let v1: InstanceType<typeof Chargebee>;
  const dir = tempDir('resubmit-');

  before(async () => {
    const config = sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - endpoint: "9930:DE${REFUSED}"\n    refuse: { code: INVALID_DATA, message: "The receiver is not registered on the network" }`);
    const settings = resolveSettings({
      BILLING_PORT: '0', DATA_DIR: join(dir, 'billing'), BILLING_API_KEY: BILLING_TEST_KEY, BILLING_ACCESS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT: '1',
      ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '50', EINVOICE_STATUS_TIMEOUT: '1',
    });
    billing = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined });
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, BILLING_URL: billing.url, BILLING_ACCESS_TOKEN: TOKEN, RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '50' } });
    billing.connectAdapter({ url: adapter.url, apiKey: adapter.key });
    v1 = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: billing.port, apiPath: '/api/v1' } as never);
  });
  after(async () => {
    await billing.close();
    await adapter.close();
  });

  const invoiceFor = async (id: string, vat: string) => {
    await v1.customer.create({ id, company: `${id} GmbH`, vat_number: vat, auto_collection: 'off', billing_address: { line1: 'Weg 1', city: 'Berlin', zip: '10115', country: 'DE' } } as never);
    return (await v1.invoice.create({ customer_id: id, charges: [{ amount: 10_000, description: 'Licence' }] } as never)).invoice;
  };
  const einvoiceOf = async (id: string) => ((await v1.invoice.retrieve(id)).invoice as Record<string, any>).einvoice as Record<string, any>;
  const send = (id: string, form = '') =>
    fetch(`${billing.url}/api/v2/invoices/${id}/send_einvoice`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('sends an invoice the network refused again, and the adapter takes it as a new document', async () => {
    const invoice = await invoiceFor('cus_refused', REFUSED);
    const first = await eventually(async () => {
      const e = await einvoiceOf(invoice.id);
      return e.status === 'failed' ? e : undefined;
    }, 15_000, 'the refusal on the invoice (by callback)');
    expect(first.message).to.equal('INVALID_DATA: The receiver is not registered on the network');

    const resent = await send(invoice.id);
    expect(resent.status).to.equal(200);
    expect(resent.body.invoice.einvoice.status).to.equal('scheduled');
    const second = await eventually(async () => {
      const e = await einvoiceOf(invoice.id);
      return e.status === 'failed' && e.reference_id !== first.reference_id ? e : undefined;
    }, 15_000, 'the second submission refused in turn');
    expect(second.message).to.equal('INVALID_DATA: The receiver is not registered on the network');

    // Two adapter documents under the invoice's id, each FAILED with its own history.
    const docs = await queryRows<{ id: string }>(adapter.runtime.store, 'SELECT id FROM documents WHERE platform_id = ? ORDER BY created_at, id', invoice.id);
    expect(docs.map((d) => d.id)).to.deep.equal([first.reference_id, second.reference_id]);
    for (const d of docs) expect((await bodyOf(await adapter.call(`/einvoicing/documents/${d.id}/status`))).status).to.equal('FAILED');
  });

  it('answers a delivered invoice with an application response that the adapter renders, sends and reports', async () => {
    const invoice = await invoiceFor('cus_query', '123456789');
    await eventually(async () => (await einvoiceOf(invoice.id)).status === 'success', 15_000, 'the invoice delivered');

    const asked = await send(invoice.id, qs.stringify({ application_response: { status: 'MESSAGE_ACKNOWLEDGEMENT', note: 'Your query is with our billing team.' } }));
    expect(asked.status).to.equal(200);
    const entry = await eventually(async () => {
      const rel = ((await einvoiceOf(invoice.id)).related_documents ?? []).find((r: Record<string, string>) => r.flow === 'OUTBOUND');
      return rel?.status === 'success' ? rel : undefined;
    }, 30_000, 'the response delivered (polled)');
    expect(entry).to.include({ document_id: `${invoice.id}-AR1`, document_type: 'ubl-applicationresponse' });

    const q = 'country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-applicationresponse';
    const dl = await bodyOf(await adapter.call(`/einvoicing/documents/${entry.reference_id}/download?${q}`));
    const xml = Buffer.from(dl.documents[0].document_content, 'base64').toString('utf8');
    expect(xml).to.contain(`<cbc:ID>${invoice.id}-AR1</cbc:ID>`);
    expect(xml).to.contain('<cbc:ResponseCode listID="UNCL4343OpSubset">AB</cbc:ResponseCode>');
    expect(xml).to.match(/<cac:SenderParty>\s*<cbc:EndpointID schemeID="9930">DE987654321<\/cbc:EndpointID>/);
    expect(xml).to.match(/<cac:ReceiverParty>\s*<cbc:EndpointID schemeID="9930">DE123456789<\/cbc:EndpointID>/);
    expect(xml).to.match(new RegExp(`<cac:DocumentReference>\\s*<cbc:ID>${invoice.id}</cbc:ID>\\s*<cbc:DocumentTypeCode>380</cbc:DocumentTypeCode>`));
    if (validatorAvailable()) {
      const file = join(dir, 'response.xml');
      writeFileSync(file, xml);
      const [result] = validateFiles([file]);
      expect(result!.errors.filter((e) => e.flag === 'fatal'), JSON.stringify(result!.errors)).to.deep.equal([]);
    }
  });
});
