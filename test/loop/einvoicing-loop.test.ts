import { expect } from 'chai';
import Chargebee, { basicAuthValidator } from 'chargebee';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { killChildren, runBin, type Child } from '../helpers/child.js';
import { eventually } from '../helpers/lifecycle.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// The whole loop on `start` (what `npm start` runs), as a child process with real ports and
// real SQLite files and the demo configuration: a customer in Germany (a Peppol country of the
// demo) and a one-off invoice created through the billing API → billing submits the SPI
// document → the adapter renders UBL (checked by the official rules) → the sandbox delivers it
// → the status callback sets the invoice's einvoice to success → an invoice_updated event is
// recorded and delivered to a webhook receiver built on the platform's own webhook handler; a
// buyer rejection injected through the sandbox control API shows on the invoice.

const ADAPTER_KEY = 'loop-adapter-key-0123456789abcdef0123456789';
const BILLING_KEY = 'loop-billing-key-0123456789';
const HOOK_USER = 'hooks';
const HOOK_PASSWORD = 'hook-secret-42';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Received {
  id: string;
  event_type: string;
  api_version: string;
  content: Record<string, any>;
}

describe('the e-invoicing loop on `start` (billing → adapter → sandbox → callback → event → webhook)', function () {
  this.timeout(90_000);
  let child: Child;
  let adapterUrl: string;
  let billingUrl: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const cwd = tempDir('loop-');

  before(async () => {
    type Reply = { response?: { writeHead: (s: number) => { end: () => void } } };
    const handler = new Chargebee({ site: 'x', apiKey: 'x' } as never).webhooks.createHandler({
      requestValidator: basicAuthValidator((u: string, p: string) => u === HOOK_USER && p === HOOK_PASSWORD),
    }) as unknown as { on(name: string, listener: (...args: any[]) => void): void; handle(o: object): Promise<void> };
    // Every type this test subscribes to: the handler emits each under its own name.
    const take = ({ event, response }: Reply & { event: Received }) => {
      received.push(event);
      response?.writeHead(200).end();
    };
    handler.on('invoice_generated', take);
    handler.on('invoice_updated', take);
    handler.on('error', (_err: Error, { response }: Reply) => response?.writeHead(401).end());
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => void handler.handle({ body, headers: req.headers as Record<string, string>, request: req, response: res }));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/chargebee-webhooks`;

    child = runBin(['start'], {
      cwd,
      env: { ADAPTER_PORT: '0', BILLING_PORT: '0', DATA_DIR: join(cwd, 'data'), ADAPTER_API_KEY: ADAPTER_KEY, BILLING_API_KEY: BILLING_KEY, LOG_LEVEL: process.env.LOOP_LOG ?? 'warn', RETRY_MIN_DELAY: '100', RETRY_MAX_DELAY: '500' },
    });
    adapterUrl = (await child.waitFor(/adapter listening on (http:\/\/127\.0\.0\.1:\d+)/, 20_000))[1]!;
    billingUrl = (await child.waitFor(/billing API listening on (http:\/\/127\.0\.0\.1:\d+)/, 20_000))[1]!;
  });

  after(async () => {
    if (process.env.LOOP_LOG) process.stderr.write(child.stderr());
    await killChildren();
    await new Promise((r) => receiver.close(r));
  });

  const v1 = () => new Chargebee({ site: '127.0.0.1', apiKey: BILLING_KEY, hostSuffix: '', protocol: 'http', port: Number(new URL(billingUrl).port), apiPath: '/api/v1' } as never);
  const v2 = () => new Chargebee({ site: '127.0.0.1', apiKey: BILLING_KEY, hostSuffix: '', protocol: 'http', port: Number(new URL(billingUrl).port), apiPath: '/api/v2' } as never);
  const adapter = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await fetch(`${adapterUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${ADAPTER_KEY}`, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
      ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('e-invoices a German customer\'s invoice, reports success on it, and tells the webhook receiver', async () => {
    const { webhook_endpoint: endpoint } = await v2().webhookEndpoint.create({
      name: 'loop receiver',
      url: receiverUrl,
      basic_auth_username: HOOK_USER,
      basic_auth_password: HOOK_PASSWORD,
      enabled_events: ['invoice_generated', 'invoice_updated'],
    } as never);
    expect(endpoint).to.include({ name: 'loop receiver', api_version: 'v2', disabled: false, primary_url: true });
    expect(endpoint).not.to.have.property('basic_auth_password');

    const { customer } = await v1().customer.create({
      first_name: 'Erika',
      last_name: 'Mustermann',
      company: 'Kunde GmbH',
      vat_number: '123456789',
      auto_collection: 'off',
      billing_address: { line1: 'Berliner Str. 123', city: 'Berlin', zip: '10115', country: 'DE' },
    } as never);
    const { invoice } = await v1().invoice.create({ customer_id: customer.id, charges: [{ amount: 12_000, description: 'Consulting, March' }, { amount: 4_999, description: 'Support plan' }] } as never);
    expect(invoice.total).to.equal(20_229); // 169.99 + 19 % VAT (32.30)
    expect(invoice.einvoice).to.include({ status: 'scheduled' });

    // The status callback brings success (the sandbox delivers after one second).
    const delivered = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'success' ? now : undefined;
    }, 30_000, 'einvoice success on the invoice');
    const einvoice = delivered.einvoice as Record<string, any>;
    expect(einvoice.id).to.equal(invoice.einvoice!.id);
    expect(einvoice.reference_id).to.match(/^[0-9a-f-]{36}$/);
    expect(einvoice.reference_number).to.match(/@sandbox\.invalid$/);

    // The adapter holds the SPI document billing built, and its UBL passes the official rules.
    const status = await adapter(`/einvoicing/documents/${einvoice.reference_id}/status`);
    expect(status.body.status).to.equal('SUCCESS');
    const q = 'country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    expect(download.status).to.equal(200);
    const xml = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(xml).to.match(new RegExp(`<cbc:ID>${invoice.id}</cbc:ID>`));
    expect(xml).to.contain('<cbc:CompanyID>DE123456789</cbc:CompanyID>'); // vat_number with the billing country's prefix
    expect(xml).to.contain('<cbc:PayableAmount currencyID="EUR">202.29</cbc:PayableAmount>');
    expect(xml).to.contain('<cbc:TaxAmount currencyID="EUR">32.30</cbc:TaxAmount>');
    expectValid(xml, 'loop-invoice.xml');

    // The change came with an invoice_updated event by the adapter (an external service)…
    const { list } = await v2().event.list({ event_type: { is: 'invoice_updated' }, limit: 10 } as never);
    const success = list.map((e: any) => e.event).find((e: any) => e.content.invoice.id === invoice.id && e.content.invoice.einvoice.status === 'success');
    expect(success, 'invoice_updated with einvoice success').to.not.equal(undefined);
    expect(success).to.include({ source: 'external_service', user: 'einvoicing-adapter', api_version: 'v2' });

    // …delivered to the receiver through the platform's webhook handler (basic auth checked).
    const hook = await eventually(() => received.find((e) => e.id === success.id), 20_000, 'the webhook of the success event');
    expect(hook.event_type).to.equal('invoice_updated');
    expect(hook.content.invoice.einvoice.status).to.equal('success');
    expect(received.some((e) => e.event_type === 'invoice_generated' && e.content.invoice.id === invoice.id)).to.equal(true);
    const settled = await eventually(async () => {
      const { event } = await v2().event.retrieve(success.id);
      return event.webhook_status === 'succeeded' ? event : undefined;
    }, 10_000, 'webhook_status succeeded');
    expect(settled.webhooks).to.deep.equal([{ id: endpoint.id, webhook_status: 'succeeded', object: 'webhook' }]);

    // A buyer rejection injected through the sandbox shows on the invoice.
    const rejection = await adapter(`/sandbox/documents/${einvoice.reference_id}/buyer-response`, { method: 'POST', json: { status: 'REJECTED', note: 'No purchase order given' } });
    expect(rejection.status).to.equal(201);
    const rejected = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'rejected' ? now : undefined;
    }, 20_000, 'einvoice rejected on the invoice');
    const after = rejected.einvoice as Record<string, any>;
    expect(after.message).to.equal('Rejected by the buyer: No purchase order given');
    expect(after.related_documents[0]).to.include({ document_id: rejection.body.related_document_id, document_type: 'ubl-applicationresponse', flow: 'INBOUND' });
    await eventually(() => received.find((e) => e.event_type === 'invoice_updated' && e.content.invoice.einvoice?.status === 'rejected'), 20_000, 'the webhook of the rejection');
  });

  /** The document passes the official rules (the validator's choice, or `rules`) when the validator is at hand, with no fatal finding. */
  const expectValid = (xml: string, fileName: string, rules?: string) => {
    if (!validatorAvailable()) return;
    const file = join(cwd, fileName);
    writeFileSync(file, xml);
    const [result] = validateFiles([file], rules);
    expect(result!.errors.filter((e) => e.flag === 'fatal'), JSON.stringify(result!.errors)).to.deep.equal([]);
  };

  /** A billing customer (invoices not collected) and a one-off invoice of one charge for them. */
  async function oneChargeInvoice(customer: { company?: string; vat_number?: string; first_name?: string; last_name?: string; billing_address: Record<string, string> }, amount: number, description: string) {
    const { customer: created } = await v1().customer.create({ ...customer, auto_collection: 'off' } as never);
    const { invoice } = await v1().invoice.create({ customer_id: created.id, charges: [{ amount, description }] } as never);
    return invoice;
  }

  /** The provider references on an invoice's e-invoice (the billing API gives them as JSON text or parsed). */
  const referencesOf = (einvoice: { provider_references?: unknown }) =>
    (typeof einvoice.provider_references === 'string' ? JSON.parse(einvoice.provider_references) : einvoice.provider_references) as { key: string; value: string }[];

  /** The e-invoice on the billing invoice once it settled (success or failed). */
  const settledEinvoice = async (invoiceId: string) => {
    const settled = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoiceId);
      return now.einvoice?.status === 'success' || now.einvoice?.status === 'failed' ? now : undefined;
    }, 30_000, 'the einvoice settled on the invoice');
    return settled.einvoice as Record<string, any>;
  };

  it('e-invoices a Spanish customer\'s invoice as a VERIFACTU record that the sandbox answers like the AEAT', async () => {
    const invoice = await oneChargeInvoice({ company: 'Cliente Ejemplo S.A.', vat_number: 'A00000000', billing_address: { line1: 'Avenida Diagonal 100', city: 'Barcelona', zip: '08019', country: 'ES' } }, 10_000, 'Desarrollo de software');
    expect(invoice.total).to.equal(12_100); // 100.00 + 21 % IVA
    const einvoice = await settledEinvoice(invoice.id);
    expect(einvoice.status, einvoice.message).to.equal('success');

    const status = await adapter(`/einvoicing/documents/${einvoice.reference_id}/status`);
    expect(status.body.status).to.equal('SUCCESS');
    expect(JSON.parse(status.body.provider_references)[0]).to.include({ key: 'CSV' });
    const q = 'country=ES&transaction_type=B2B&model=VERIFACTU&document_type=verifactu-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    expect(download.status).to.equal(200);
    expect(download.body.documents.map((d: { mime_type: string }) => d.mime_type)).to.deep.equal(['application/xml', 'image/png']);
    const record = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(record).to.contain(`<sum1:NumSerieFactura>${invoice.id}</sum1:NumSerieFactura>`);
    expect(record).to.contain('<sum1:IDEmisorFactura>B12345674</sum1:IDEmisorFactura>');
    expect(record).to.contain('<sum1:NIF>A00000000</sum1:NIF>');
    expect(record).to.contain('<sum1:ImporteTotal>121.00</sum1:ImporteTotal>');
    expectValid(record, 'loop-record.xml', 'verifactu,verifactu-hash');
  });
  it('clears a Polish customer\'s invoice as FA(3) through the sandbox\'s KSeF: success with the KSeF number on the invoice\'s e-invoice', async () => {
    const invoice = await oneChargeInvoice({ company: 'Strzelczyk sp. j.', vat_number: '6808208874', billing_address: { line1: 'ul. Wójcika 7', city: 'Pobiedziska', zip: '28-068', country: 'PL' } }, 10_000, 'Abonament na oprogramowanie');
    expect(invoice.total).to.equal(12_300); // 100.00 + 23 % VAT
    const einvoice = await settledEinvoice(invoice.id);
    expect(einvoice.status, einvoice.message).to.equal('success');
    const refs = referencesOf(einvoice);
    const ksefNumber = refs.find((r) => r.key === 'ksefNumber')?.value;
    expect(ksefNumber, JSON.stringify(einvoice)).to.match(/^5265877635-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(einvoice.related_documents.map((d: { document_type: string }) => d.document_type)).to.include('ksef-upo');

    const status = await adapter(`/einvoicing/documents/${einvoice.reference_id}/status`);
    expect(JSON.parse(status.body.provider_references)).to.deep.equal([{ key: 'ksefNumber', value: ksefNumber }]);
    const q = 'country=PL&transaction_type=B2B&model=CLEARANCE&document_type=ksef-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    const fa3 = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(fa3).to.contain(`<P_2>${invoice.id}</P_2>`);
    expect(fa3).to.contain('<NIP>6808208874</NIP>');
    // The site bills in EUR: the VAT is stated in PLN at the configured rate (23.00 × 4.2418).
    expect(fa3).to.contain('<P_14_1W>97.56</P_14_1W>');
    expectValid(fa3, 'loop-fa3.xml', 'ksef');
  });
  it('reports a Hungarian customer\'s invoice to the sandbox\'s NAV Online Számla: success with the NAV transaction on the invoice\'s e-invoice', async () => {
    const invoice = await oneChargeInvoice({ company: 'Vevő Bt.', vat_number: '24680242', billing_address: { line1: 'Kossuth Lajos utca 7.', city: 'Pécs', zip: '7621', country: 'HU' } }, 10_000, 'Szoftver-előfizetés');
    expect(invoice.total).to.equal(12_700); // 100.00 + 27 % VAT
    const einvoice = await settledEinvoice(invoice.id);
    expect(einvoice.status, einvoice.message).to.equal('success');
    const refs = referencesOf(einvoice);
    expect(refs.map((r) => r.key), JSON.stringify(einvoice)).to.deep.equal(['navTransactionId']);

    const q = 'country=HU&transaction_type=B2B&model=REPORTING&document_type=nav-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    const report = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(report).to.contain(`<invoiceNumber>${invoice.id}</invoiceNumber>`);
    expect(report).to.match(/<customerVatStatus>DOMESTIC<\/customerVatStatus>\s*<customerVatData>\s*<customerTaxNumber>\s*<base:taxpayerId>24680242<\/base:taxpayerId>/);
    // The site bills in EUR: every amount is reported in HUF too, at the configured rate (27.00 × 389.45).
    expect(report).to.contain('<exchangeRate>389.45</exchangeRate>');
    expect(report).to.contain('<invoiceVatAmountHUF>10515.15</invoiceVatAmountHUF>');
    expectValid(report, 'loop-nav.xml', 'nav');
  });
  it('e-invoices a Danish customer\'s invoice as OIOUBL 2.1 through the sandbox network: success, the invoice readable by the OIOUBL rules', async () => {
    const invoice = await oneChargeInvoice({ company: 'Kontorhuset A/S', vat_number: '25313712', billing_address: { line1: 'Vesterbrogade 1', city: 'København V', zip: '1620', country: 'DK' } }, 10_000, 'Softwareabonnement');
    expect(invoice.total).to.equal(12_500); // 100.00 + 25 % moms
    const einvoice = await settledEinvoice(invoice.id);
    expect(einvoice.status, einvoice.message).to.equal('success');
    const q = 'country=DK&transaction_type=B2B&model=NEMHANDEL&document_type=oioubl-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    const xml = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(xml).to.contain('<cbc:CustomizationID>OIOUBL-2.1</cbc:CustomizationID>');
    expect(xml).to.contain(`<cbc:ID>${invoice.id}</cbc:ID>`);
    expect(xml).to.contain('<cbc:EndpointID schemeID="DK:CVR">DK25313712</cbc:EndpointID>');
    expect(xml).to.contain('<cbc:TaxExclusiveAmount currencyID="EUR">25.00</cbc:TaxExclusiveAmount>');
    expectValid(xml, 'loop-oioubl.xml', 'oioubl');
  });
  it('clears an Italian customer\'s invoice as FatturaPA through the sandbox\'s SDI: success, the file valid by its schema', async () => {
    const invoice = await oneChargeInvoice({ company: 'Cliente Esempio S.p.A.', vat_number: '07953210320', billing_address: { line1: 'Corso Buenos Aires 23', city: 'Milano', zip: '20124', country: 'IT' } }, 10_000, 'Abbonamento software');
    expect(invoice.total).to.equal(12_200); // 100.00 + 22 % IVA
    const einvoice = await settledEinvoice(invoice.id);
    expect(einvoice.status, einvoice.message).to.equal('success');
    const refs = referencesOf(einvoice);
    expect(refs.find((r) => r.key === 'identificativoSdI')?.value, JSON.stringify(einvoice)).to.match(/^\d{1,12}$/);
    // No recipient code: the SDI leaves the invoice in the buyer's reserved area (MC), which issues it.
    expect(einvoice.related_documents.map((d: { document_type: string }) => d.document_type)).to.include('sdi-mancata-consegna');
    const q = 'country=IT&transaction_type=B2B&model=CLEARANCE&document_type=fatturapa-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    const xml = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    expect(xml).to.contain(`<Numero>${invoice.id}</Numero>`);
    expect(xml).to.contain('<IdCodice>07953210320</IdCodice>');
    expect(xml).to.contain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(xml).to.contain('<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>');
    expectValid(xml, 'loop-fatturapa.xml', 'fatturapa');
  });

  /** The invoice_updated events of an invoice, oldest first: what the platform saw happen to its e-invoice. */
  const einvoiceHistory = async (invoiceId: string) => {
    const { list } = await v2().event.list({ event_type: { is: 'invoice_updated' }, limit: 100 } as never);
    return list.map((e: any) => e.event.content.invoice).filter((i: any) => i.id === invoiceId).map((i: any) => i.einvoice?.status).reverse();
  };

  it('e-invoices a French customer\'s invoice as Factur-X through the sandbox\'s approved platform: deposited, received, made available (success), then approved by the buyer', async () => {
    const invoice = await oneChargeInvoice({ company: 'Client Exemple SA', vat_number: '37200000008', billing_address: { line1: '55 avenue de la République', city: 'Paris', zip: '75011', country: 'FR' } }, 10_000, 'Abonnement logiciel');
    expect(invoice.total).to.equal(12_000); // 100.00 + 20 % TVA
    const approved = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'accepted' ? now : undefined;
    }, 30_000, 'the buyer\'s approval on the invoice');
    const einvoice = approved.einvoice as Record<string, any>;
    // The platform saw the whole lifecycle: 200 Déposée, 202 Reçue, 203 Mise à disposition (success), 205 Approuvée.
    const history = await einvoiceHistory(invoice.id);
    const changes = history.filter((s: string, i: number) => s !== 'scheduled' && s !== history[i - 1]);
    expect(changes).to.deep.equal(['in_progress', 'message_acknowledgement', 'success', 'accepted']);
    const status = await adapter(`/einvoicing/documents/${einvoice.reference_id}/status`);
    expect(status.body.status).to.equal('ACCEPTED');
    // Deposited as one flow on the sandbox's XP Z12-013 platform, the buyer's 205 a flow of its own: both named on the invoice.
    expect(einvoice.reference_number, JSON.stringify(einvoice)).to.match(UUID);
    const refs = referencesOf(einvoice);
    expect(refs.filter((r) => r.key === 'Flow ID').map((r) => r.value), JSON.stringify(refs)).to.deep.equal([einvoice.reference_number]);
    expect(refs.find((r) => r.key === 'Status Flow ID')?.value, JSON.stringify(refs)).to.match(UUID).and.not.equal(einvoice.reference_number);
    const cdars = einvoice.related_documents.filter((d: { document_type: string }) => d.document_type === 'cdar-applicationresponse');
    expect(cdars.length, JSON.stringify(einvoice.related_documents)).to.equal(4);
    const q = 'country=FR&transaction_type=B2B&model=CTC&document_type=facturx-invoice';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    expect(download.body.documents.map((d: { mime_type: string }) => d.mime_type)).to.deep.equal(['application/pdf', 'application/xml']);
    const xml = Buffer.from(download.body.documents[1].document_content, 'base64').toString('utf8');
    expect(xml).to.contain(`<ram:ID>${invoice.id}</ram:ID>`);
    expect(xml).to.contain('<ram:ID schemeID="0002">200000008</ram:ID>'); // the buyer's SIREN, from its VAT number
    expect(xml).to.contain('<ram:URIID schemeID="0225">200000008</ram:URIID>');
    expect(xml).to.contain('<ram:SubjectCode>PMT</ram:SubjectCode>');
    expectValid(xml, 'loop-ctc-fr.xml', 'fr-ctc');
    const pdf = join(cwd, 'loop-ctc-fr.pdf');
    writeFileSync(pdf, Buffer.from(download.body.documents[0].document_content, 'base64'));
    if (validatorAvailable()) expect(validateFiles([pdf], 'fr-ctc')[0]!.fatal).to.equal(0);
  });

  it('shows a French buyer\'s refusal (210 Refusée) on the invoice as rejected, with its reason', async () => {
    const invoice = await oneChargeInvoice({ company: 'Acheteur Difficile SARL', vat_number: 'FR96552100554', billing_address: { line1: '1 place Bellecour', city: 'Lyon', zip: '69002', country: 'FR' } }, 5_000, 'Formation en ligne'); // the demo's refusing buyer (SIREN 552100554)
    const rejected = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'rejected' ? now : undefined;
    }, 30_000, 'the refusal on the invoice');
    const einvoice = rejected.einvoice as Record<string, any>;
    expect(einvoice.message).to.equal('Rejected by the buyer: CMD_ERR: Commande inconnue');
    expect(referencesOf(einvoice).filter((r) => r.key === 'Flow ID').map((r) => r.value), JSON.stringify(einvoice)).to.have.length(1);
    expect(await einvoiceHistory(invoice.id)).to.include('success');
    const status = await adapter(`/einvoicing/documents/${einvoice.reference_id}/status`);
    expect(status.body.status).to.equal('REJECTED');
  });

  it('reports a French consumer\'s purchase (B2C) as e-reporting transaction data (flux 10) through the sandbox\'s platform: success on the invoice', async () => {
    const invoice = await oneChargeInvoice({ first_name: 'Camille', last_name: 'Martin', billing_address: { first_name: 'Camille', last_name: 'Martin', line1: '12 rue des Lilas', city: 'Lyon', zip: '69003', country: 'FR' } }, 2_000, 'Abonnement particulier');
    const reported = await eventually(async () => {
      const { invoice: now } = await v1().invoice.retrieve(invoice.id);
      return now.einvoice?.status === 'success' ? now : undefined;
    }, 30_000, 'the report\'s success on the invoice');
    const einvoice = reported.einvoice as Record<string, any>;
    expect(referencesOf(einvoice).filter((r) => r.key === 'Flow ID').map((r) => r.value)).to.deep.equal([einvoice.reference_number]);
    const q = 'country=FR&transaction_type=B2C&model=CTC&document_type=ereporting-report';
    const download = await adapter(`/einvoicing/documents/${einvoice.reference_id}/download?${q}`);
    expect(download.body.documents.map((d: { mime_type: string }) => d.mime_type)).to.deep.equal(['application/xml']);
    const xml = Buffer.from(download.body.documents[0].document_content, 'base64').toString('utf8');
    // One sale of the day, services at 20 % (the demo entity supplies services), from the entity (SIREN 732829320).
    expect(xml).to.contain('<CategoryCode>TPS1</CategoryCode>').and.contain('<TaxExclusiveAmount>20.00</TaxExclusiveAmount>').and.contain('<TaxTotal>4.00</TaxTotal>');
    expect(xml).to.contain('<Id schemeId="0002">732829320</Id>').and.contain(`<Id>${invoice.id}</Id>`);
  });
});
