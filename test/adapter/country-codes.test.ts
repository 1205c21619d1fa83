import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { canonicalCountry, isCountryCode } from '../../src/code-lists/country-codes.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';
import { queryRow } from '../helpers/store-sql.js';

// "Any country" (PEPPOL serves every country) is any assigned ISO 3166-1 alpha-2 code, plus the
// codes e-invoicing uses beside ISO (XI, EL, XK); never any two letters.

const ASSIGNED = ['DE', 'FR', 'GB', 'US', 'JP', 'AQ', 'BQ', 'SS', 'CW', 'XI', 'EL', 'XK'];
const UNASSIGNED = ['ZZ', 'AA', 'QO', 'XA', 'EU', 'EZ', 'UN', 'UK', 'DD', 'YU', 'AN', 'IC', 'EA', 'OO', 'QM'];

describe('country codes', () => {
  it('takes the assigned codes and the e-invoicing extras, refuses the rest', () => {
    for (const c of ASSIGNED) expect(isCountryCode(c), c).to.equal(true);
    for (const c of UNASSIGNED) expect(isCountryCode(c), c).to.equal(false);
    for (const c of ['de', 'D', 'DEU', '', 'D1']) expect(isCountryCode(c), c).to.equal(false);
    expect(canonicalCountry('UK')).to.equal('GB');
    expect(canonicalCountry('ZZ')).to.equal(undefined);
  });

  describe('over HTTP', () => {
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG } });
    });
    after(() => adapter.close());

    const fields = (country: string) => adapter.call(`/einvoicing/data_input_fields?country=${country}&transaction_type=B2B&model=PEPPOL&document_type=ubl-invoice`);

    it('data_input_fields: 200 for an assigned code in any case, 404 NOT_FOUND for an unassigned one', async () => {
      for (const c of [...ASSIGNED, 'de', 'xi']) {
        const res = await fields(c);
        expect(res.status, c).to.equal(200);
        expect((await bodyOf(res)).country).to.equal(c.toUpperCase());
      }
      for (const c of UNASSIGNED) {
        const res = await fields(c);
        expect(res.status, c).to.equal(404);
        const body = await bodyOf(res);
        expectShape(ErrorResponseSchema, body);
        expect(body.errors).to.deep.equal([
          {
            code: 'NOT_FOUND',
            message: `no data input fields for PEPPOL B2B ubl-invoice in ${c}: ${c} is not an assigned ISO 3166-1 alpha-2 country code${canonicalCountry(c) ? `, ${canonicalCountry(c)} for ${c}` : ''}`,
          },
        ]);
      }
    });

    it('a submission: 400 INVALID_DATA naming country (or the address that carries one) and nothing stored', async () => {
      const invoice = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, any>;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...invoice, country: 'ZZ' }, 'country: must be an assigned ISO 3166-1 alpha-2 country code (got "ZZ")'],
        [{ ...invoice, country: 'UK' }, 'country: must be an assigned ISO 3166-1 alpha-2 country code, GB for UK (got "UK")'],
        [
          { ...invoice, accounting_customer_party: { ...invoice.accounting_customer_party, address: { ...invoice.accounting_customer_party.address, country: 'QO' } } },
          'accounting_customer_party.address.country: must be an assigned ISO 3166-1 alpha-2 country code (got "QO")',
        ],
      ];
      for (const [doc, message] of cases) {
        const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
        const body = await bodyOf(res);
        expect(res.status, message).to.equal(400);
        expect(body.errors).to.deep.equal([{ code: 'INVALID_DATA', message }]);
      }
      expect(await queryRow(adapter.runtime.store, 'SELECT CAST(count(*) AS INTEGER) AS n FROM documents')).to.deep.equal({ n: 0 });
    });
  });
});
