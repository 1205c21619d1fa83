import { expect } from 'chai';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nemhandelDriver } from '../../drivers/nemhandel/index.js';
import { envelopeOf } from '../../drivers/nemhandel/transmit.js';
import type { SpiDocument } from '../../src/spi/document.js';
import type { Envelope } from '../../src/spi/transport.js';
import type { BuyerResponse } from '../../src/spi/buyer-response.js';
import type { RenderContext } from '../../src/spi/driver.js';
import type { NemhandelSettings } from '../../drivers/nemhandel/settings.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURES_DIR, fixtureConfig, UPDATE_GOLDENS } from '../helpers/fixtures.js';
import { eventually, sandboxConfig } from '../helpers/lifecycle.js';
import { issuesOf, renderDocument } from '../helpers/render-document.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// NEMHANDEL beyond the conformance loop: what the sandbox's buyer answers to an OIOUBL document
// (goldens under fixtures/sandbox/, checked by the OIOUBL rules), reading inbound OIOUBL business
// responses, the eDelivery envelope, the UUID, and the whole way over HTTP.

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'nemhandel', `${name}.json`), 'utf8')) as Record<string, any>;
const golden = (name: string) => readFileSync(join(FIXTURES_DIR, 'nemhandel', `${name}.xml`), 'utf8');

const envelope: Envelope = {
  documentId: '01930000-0000-7000-8000-000000000023',
  model: 'NEMHANDEL',
  documentType: 'oioubl-invoice',
  mimeType: 'application/xml',
  documentNumber: 'DK-2025-0101',
  documentTypeCode: '380',
  sender: { scheme: '0184', id: '25313704', name: 'Tavleleverandøren ApS' },
  receiver: { scheme: '0088', id: '5798009811578', name: 'Den Lille Skole' },
};

const SANDBOX_CASES: Record<string, BuyerResponse> = {
  'oioubl-buyer-response-accepted': { status: 'ACCEPTED' },
  'oioubl-buyer-response-rejected': { status: 'REJECTED', note: 'Vi har ikke fået de aftalte 800,- kr i rabat' },
  'oioubl-buyer-response-acknowledged': { status: 'MESSAGE_ACKNOWLEDGEMENT' },
};
const sandboxGolden = (name: string) => join(FIXTURES_DIR, 'sandbox', `${name}.xml`);
const sandboxRender = (name: string) => nemhandelDriver.buyerResponse!(envelope, SANDBOX_CASES[name]!, `AR-DK-2025-0101-${name}`, '2025-11-22');

describe('NEMHANDEL: the sandbox buyer answers OIOUBL documents with OIOUBL business responses', () => {
  before(function () {
    if (!UPDATE_GOLDENS) return;
    if (!validatorAvailable()) throw new Error('UPDATE_GOLDENS needs ../shared/tools/validate-ubl');
    const dir = tempDir('oioubl-sandbox-goldens-');
    const files = Object.keys(SANDBOX_CASES).map((name) => {
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, sandboxRender(name)!.content);
      return { name, file };
    });
    const bad = validateFiles(files.map((f) => f.file), 'oioubl').filter((r) => r.fatal > 0);
    if (bad.length > 0) throw new Error(`not written, the OIOUBL rules reject them: ${JSON.stringify(bad.map((r) => r.errors))}`);
    for (const f of files) copyFileSync(f.file, sandboxGolden(f.name));
  });

  for (const name of Object.keys(SANDBOX_CASES)) {
    it(`${name} renders its golden, from the receiver to the sender, and reads back as ${SANDBOX_CASES[name]!.status}`, () => {
      expect(existsSync(sandboxGolden(name)), `${sandboxGolden(name)}: run UPDATE_GOLDENS=1 npm test`).to.equal(true);
      const answer = sandboxRender(name)!;
      expect(answer.documentType).to.equal('oioubl-applicationresponse');
      expect(answer.content).to.equal(readFileSync(sandboxGolden(name), 'utf8'));
      expect(answer.content).to.contain('<cac:SenderParty>\n    <cbc:EndpointID schemeAgencyID="9" schemeID="GLN">5798009811578</cbc:EndpointID>');
      expect(answer.content).to.contain('<cac:ReceiverParty>\n    <cbc:EndpointID schemeID="DK:CVR">DK25313704</cbc:EndpointID>');
      expect(nemhandelDriver.readInbound('oioubl-applicationresponse', answer.content)).to.include({ status: SANDBOX_CASES[name]!.status, respondsTo: 'DK-2025-0101' });
    });
  }

  it('has no response for the statuses OIOUBL cannot say', () => {
    for (const status of ['UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'IN_PROCESS', 'PAID'] as const) {
      expect(nemhandelDriver.buyerResponse!(envelope, { status }, 'AR-1', '2025-11-22'), status).to.equal(undefined);
    }
  });
});

describe('NEMHANDEL: reading inbound OIOUBL business responses', () => {
  const rejected = golden('response-rejected');
  const withCode = (code: string) => rejected.replace('>BusinessReject<', `>${code}<`);

  it('maps every code of the OIOUBL response code list, and an unknown one to IN_PROCESS', () => {
    const expected: Record<string, string> = {
      BusinessAccept: 'ACCEPTED',
      BusinessReject: 'REJECTED',
      TechnicalAccept: 'MESSAGE_ACKNOWLEDGEMENT',
      ProfileAccept: 'MESSAGE_ACKNOWLEDGEMENT',
      TechnicalReject: 'REJECTED',
      ProfileReject: 'REJECTED',
      SomethingElse: 'IN_PROCESS',
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(nemhandelDriver.readInbound('oioubl-applicationresponse', withCode(code)), code).to.deep.equal({
        status,
        respondsTo: 'KH-INV-4411',
        remote: code,
        note: 'Vi har ikke fået de aftalte 800,- kr i rabat',
      });
    }
  });

  it('reads nothing from other document types, from invoices, and from text that is not XML', () => {
    expect(nemhandelDriver.readInbound('ubl-applicationresponse', rejected)).to.equal(undefined);
    expect(nemhandelDriver.readInbound('oioubl-applicationresponse', golden('b2b-cvr'))).to.equal(undefined);
    expect(nemhandelDriver.readInbound('oioubl-applicationresponse', '<ApplicationResponse><unclosed>')).to.equal(undefined);
  });
});

describe('NEMHANDEL: addressing and identity of the documents', () => {
  const artifact = (name: string, documentType = 'oioubl-invoice') => ({ documentType, mimeType: 'application/xml', content: golden(name) });

  it('addresses the eDelivery participants by ICD, read back from the EndpointIDs of the XML', () => {
    const gln = envelopeOf(artifact('public-sector-gln'), 'doc-1');
    expect(gln).to.deep.include({ model: 'NEMHANDEL', documentNumber: 'DK-2025-0101', documentTypeCode: '380' });
    expect(gln.sender).to.deep.equal({ scheme: '0184', id: '25313704', name: 'Tavleleverandøren ApS' });
    expect(gln.receiver).to.deep.equal({ scheme: '0088', id: '5798009811578', name: 'Den Lille Skole' });
    expect(envelopeOf(artifact('reverse-charge-eu'), 'doc-2').receiver).to.deep.equal({ scheme: '9930', id: 'DE123456789', name: 'Beispiel Käufer GmbH' });
    const response = envelopeOf(artifact('response-rejected', 'oioubl-applicationresponse'), 'doc-3');
    expect([response.sender.scheme, response.sender.id, response.receiver.scheme, response.receiver.id]).to.deep.equal(['0184', '25313704', '0184', '25313712']);
  });

  it('gives a document the same UUID every time, and another document another one', async () => {
    const config = fixtureConfig();
    const entity = config.business_entities.find((e) => e.id === 'dansk-leverandor')!;
    const ctx = (documentId: string): RenderContext<NemhandelSettings> => ({ entity, settings: config.drivers?.NEMHANDEL ?? {}, now: new Date('2025-12-01T00:00:00Z'), documentId });
    const uuidOf = async (doc: Record<string, unknown>, id: string) => /<cbc:UUID>([^<]+)<\/cbc:UUID>/.exec((await renderDocument(nemhandelDriver, doc as SpiDocument, ctx(id)))[0]!.content)![1];
    const first = await uuidOf(fixture('b2b-cvr'), 'a');
    expect(first).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await uuidOf(fixture('b2b-cvr'), 'b')).to.equal(first);
    expect(await uuidOf({ ...fixture('b2b-cvr'), id: 'DK-2025-0999' }, 'a')).to.not.equal(first);
  });

  it('refuses a FIK code line whose creditor is not the payee account sent beside it', async () => {
    const config = fixtureConfig();
    const entity = config.business_entities.find((e) => e.id === 'dansk-leverandor')!;
    const doc = { ...fixture('fik-payment'), payment_means: [{ code: 'CREDIT_TRANSFER', payment_id: '+71<000000000201060+87654321<', payee_financial_account: { id: '12345678' } }] };
    const issues = await issuesOf(nemhandelDriver, doc as SpiDocument, { entity, settings: config.drivers?.NEMHANDEL ?? {} });
    expect(issues.map((i) => `${i.code} ${i.path}`)).to.deep.equal(['NEMHANDEL-110 payment_means[0].payee_financial_account.id']);
  });
});

describe('NEMHANDEL over HTTP: an OIOUBL invoice through the sandbox network and the buyer\'s OIOUBL answer', () => {
  let adapter: TestAdapter;
  before(async () => {
    const config = sandboxConfig(`delivery_delay_ms: 0
receivers:
  - { endpoint: "0184:25313712", respond: { status: REJECTED, note: "Ordrenummer mangler" } }`);
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(() => adapter.close());

  const submit = async (doc: Record<string, unknown>) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).to.equal(200);
    return body.document_id as string;
  };
  const statusOf = async (id: string) => (await bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`))).status as string;

  it('delivers the invoice, and the buyer\'s BusinessReject becomes REJECTED with the OIOUBL response kept', async () => {
    const id = await submit(fixture('b2b-cvr'));
    await eventually(async () => (await statusOf(id)) === 'REJECTED', 10_000, 'REJECTED');
    const statuses = (await adapter.runtime.store.documents.get(id))!.statuses.map((s) => s.status);
    expect(statuses).to.include.members(['ACCEPTED', 'SUCCESS', 'REJECTED']);
    const related = (await adapter.runtime.store.statusChanges.relatedOf(id));
    expect(related).to.have.length(1);
    const response = (await adapter.runtime.store.statusChanges.related(related[0]!.id))!;
    expect(related[0]).to.include({ documentType: 'oioubl-applicationresponse', flow: 'INBOUND' });
    expect(response.content).to.contain('<cbc:ResponseCode listID="urn:oioubl:codelist:responsecode-1.1" listAgencyID="320">BusinessReject</cbc:ResponseCode>');
    expect(response.content).to.contain('<cbc:Description>Ordrenummer mangler</cbc:Description>');
    if (validatorAvailable()) {
      const file = join(tempDir('oioubl-answer-'), 'answer.xml');
      writeFileSync(file, response.content);
      const [result] = validateFiles([file], 'oioubl');
      expect(result!.errors.filter((e) => e.flag === 'fatal'), JSON.stringify(result!.errors)).to.deep.equal([]);
    }
  });

  it('answers 409 when the control API asks the buyer for a status OIOUBL cannot say, and 201 for one it can', async () => {
    const id = await submit(fixture('public-sector-gln'));
    await eventually(async () => (await statusOf(id)) === 'SUCCESS', 10_000, 'SUCCESS');
    const ask = (status: string) => adapter.call(`/sandbox/documents/${id}/buyer-response`, { method: 'POST', json: { status } });
    const refused = await ask('UNDER_QUERY');
    expect(refused.status).to.equal(409);
    expect((await bodyOf(refused)).errors[0]).to.deep.include({ code: 'INVALID_OPERATION', message: 'the NEMHANDEL format has no business response for UNDER_QUERY' });
    const accepted = await ask('ACCEPTED');
    expect(accepted.status).to.equal(201);
    expect(await statusOf(id)).to.equal('ACCEPTED');
  });
});
