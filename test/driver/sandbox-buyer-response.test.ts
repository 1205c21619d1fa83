import { expect } from 'chai';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { peppolDriver } from '../../drivers/peppol/index.js';
import type { Envelope } from '../../src/spi/transport.js';
import { buyerResponse } from '../../drivers/peppol/buyer-response.js';
import type { BuyerResponse } from '../../src/spi/buyer-response.js';
import { FIXTURES_DIR, UPDATE_GOLDENS } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// The Invoice Responses the sandbox's buyer sends are legal documents too: goldens under
// fixtures/sandbox/, checked by the official T111 rules in .ci/run and before regeneration.

const envelope: Envelope = {
  documentId: '01930000-0000-7000-8000-000000000001',
  model: 'PEPPOL',
  documentType: 'ubl-invoice',
  mimeType: 'application/xml',
  documentNumber: 'INV-10001',
  documentTypeCode: '380',
  sender: { scheme: '9930', id: 'DE987654321', name: 'Example Seller GmbH' },
  receiver: { scheme: '9930', id: 'DE123456789', name: 'Example Buyer GmbH' },
};

const CASES: Record<string, BuyerResponse> = {
  'buyer-response-rejected': { status: 'REJECTED', note: 'Prices do not match the order', reason_code: 'PRI', action_code: 'NIN' },
  'buyer-response-under-query': { status: 'UNDER_QUERY' },
  'buyer-response-paid': { status: 'PAID' },
};

const golden = (name: string) => join(FIXTURES_DIR, 'sandbox', `${name}.xml`);
const render = (name: string) => buyerResponse(envelope, CASES[name]!, `AR-INV-10001-${name}`, '2025-01-02')!.content;

describe('sandbox buyer responses (Peppol Invoice Response, T111)', () => {
  before(function () {
    if (!UPDATE_GOLDENS) return;
    if (!validatorAvailable()) throw new Error('UPDATE_GOLDENS needs ../shared/tools/validate-ubl');
    const dir = tempDir('sandbox-goldens-');
    const files = Object.keys(CASES).map((name) => {
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, render(name));
      return { name, file };
    });
    const results = validateFiles(files.map((f) => f.file));
    const bad = results.filter((r) => r.fatal > 0);
    if (bad.length > 0) throw new Error(`not written, the official rules reject them: ${JSON.stringify(bad.map((r) => r.errors))}`);
    for (const f of files) copyFileSync(f.file, golden(f.name));
  });

  for (const name of Object.keys(CASES)) {
    it(`${name} renders its golden, and the PEPPOL driver reads it back as ${CASES[name]!.status}`, () => {
      expect(existsSync(golden(name)), `${golden(name)}: run UPDATE_GOLDENS=1 npm test`).to.equal(true);
      const xml = render(name);
      expect(xml).to.equal(readFileSync(golden(name), 'utf8'));
      const reading = peppolDriver.readInbound('ubl-applicationresponse', xml);
      expect(reading).to.include({ status: CASES[name]!.status, respondsTo: 'INV-10001' });
    });
  }

  it('says why for RE, UQ and CA (OTH with a default note when none is given)', () => {
    expect(render('buyer-response-under-query')).to.contain('<cbc:StatusReasonCode listID="OPStatusReason">OTH</cbc:StatusReasonCode>');
    expect(render('buyer-response-paid')).not.to.contain('StatusReasonCode');
  });

  it('maps every Peppol response code, and an unknown one to IN_PROCESS', () => {
    const map = Object.fromEntries(['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD', 'XX'].map((c) => [c, peppolDriver.mapStatus(c)]));
    expect(map).to.deep.equal({ AB: 'MESSAGE_ACKNOWLEDGEMENT', IP: 'IN_PROCESS', UQ: 'UNDER_QUERY', CA: 'CONDITIONALLY_ACCEPTED', RE: 'REJECTED', AP: 'ACCEPTED', PD: 'PAID', XX: 'IN_PROCESS' });
    expect(peppolDriver.readInbound('ubl-invoice', '<Invoice/>')).to.equal(undefined);
    expect(peppolDriver.readInbound('ubl-applicationresponse', 'not xml')).to.equal(undefined);
  });
});
