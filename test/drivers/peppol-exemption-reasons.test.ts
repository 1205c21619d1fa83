import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf } from '../helpers/shape.js';

// An exempt (E) document from a seller that configured no default reason: the built-in demo
// configuration has no drivers.PEPPOL.exemption_reasons. The document's own reason is enough.

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', `${name}.json`), 'utf8')) as Record<string, any>;

describe('PEPPOL: an exemption reason per document', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter();
  });
  after(() => adapter.close());

  const submit = async (doc: unknown) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
    return { status: res.status, body: await bodyOf(res) };
  };
  const xmlOf = async (documentId: string) => (await adapter.runtime.store.documents.get(documentId))!.artifacts[0]!.content;

  it('refuses an exempt line with no reason anywhere (PEPPOL-024, naming the path)', async () => {
    const { status, body } = await submit({ ...fixture('vat-exempt'), id: 'EX-1' });
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      {
        code: 'MISSING_REQUIRED_DATA',
        message:
          'lines[0].classified_tax_category[0].exemption_reason: category E needs an exemption reason (BR-E-10): send exemption_reason and/or exemption_reason_code, or configure drivers.PEPPOL.exemption_reasons.E [PEPPOL-024]',
      },
    ]);
  });

  it('takes the reason the line names, and the one the sub total names', async () => {
    for (const [name, code, text] of [
      ['vat-exempt-line-reason', 'VATEX-EU-132-1I', 'Exempt: education and vocational training (Article 132(1)(i) of Directive 2006/112/EC)'],
      ['vat-exempt-subtotal-reason', 'VATEX-EU-132-1C', 'Steuerfrei nach § 4 Nr. 14 UStG (Heilbehandlung)'],
    ]) {
      const { status, body } = await submit(fixture(name!));
      expect(status, JSON.stringify(body)).to.equal(200);
      const xml = (await xmlOf(body.document_id));
      expect(xml).to.contain(`<cbc:TaxExemptionReasonCode>${code}</cbc:TaxExemptionReasonCode>`);
      expect(xml).to.contain(`<cbc:TaxExemptionReason>${text}</cbc:TaxExemptionReason>`);
    }
  });

  it('takes a code alone (BR-E-10 needs a code or a text)', async () => {
    const doc = fixture('vat-exempt');
    doc.id = 'EX-2';
    doc.lines[0].classified_tax_category[0].exemption_reason_code = 'VATEX-EU-132-1I';
    const { status, body } = await submit(doc);
    expect(status, JSON.stringify(body)).to.equal(200);
    const xml = (await xmlOf(body.document_id));
    expect(xml).to.contain('<cbc:TaxExemptionReasonCode>VATEX-EU-132-1I</cbc:TaxExemptionReasonCode>');
    expect(xml).not.to.contain('<cbc:TaxExemptionReason>');
  });

  it('answers 400 INVALID_DATA naming the path of a code that is not on the VATEX list', async () => {
    const doc = fixture('vat-exempt-line-reason');
    doc.id = 'EX-3';
    doc.lines[0].classified_tax_category[0].exemption_reason_code = 'VATEX-EU-999';
    doc.tax_total.tax_sub_totals[0].exemption_reason_code = 'EXEMPT';
    const { status, body } = await submit(doc);
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      { code: 'INVALID_DATA', message: 'lines[0].classified_tax_category[0].exemption_reason_code: must be a code of the CEF VATEX code list, e.g. VATEX-EU-132-1I (got "VATEX-EU-999")' },
      { code: 'INVALID_DATA', message: 'tax_total.tax_sub_totals[0].exemption_reason_code: must be a code of the CEF VATEX code list, e.g. VATEX-EU-132-1I (got "EXEMPT")' },
    ]);
  });
});
