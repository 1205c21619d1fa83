import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReport } from '../../drivers/ctc-fr/ereporting/report-xml.js';
import { reportProblems } from '../../drivers/ctc-fr/ereporting/report-problems.js';
import { FIXTURES_DIR, UPDATE_GOLDENS } from '../helpers/fixtures.js';
import { GOLDEN_CASES } from '../helpers/flux10-cases.js';
import { EREPORTING_DIR, flux10SchemaErrors, REPORT_NOW } from '../helpers/flux10.js';

// The flux 10 goldens are the spec: each case rendered is its golden byte for byte, the golden is
// valid against the DGFiP XSDs (fixtures/ctc-fr/ereporting/xsd) and its model breaks none of the
// rules report-problems.ts checks. UPDATE_GOLDENS=1 rewrites a golden only when both hold.

describe('CTC_FR e-reporting (flux 10): goldens', () => {
  for (const [name, build] of Object.entries(GOLDEN_CASES)) {
    it(`${name}: the golden, valid against the XSD, without problems`, async () => {
      const report = await build();
      const xml = renderReport(report);
      const errors = await flux10SchemaErrors(`${name}.xml`, xml);
      expect(errors, 'XSD').to.deep.equal([]);
      expect(reportProblems(report, REPORT_NOW), 'rules').to.deep.equal([]);
      const file = join(EREPORTING_DIR, `${name}.flux10`);
      if (UPDATE_GOLDENS) writeFileSync(file, xml);
      expect(existsSync(file), `${file}: run with UPDATE_GOLDENS=1`).to.equal(true);
      expect(xml).to.equal(readFileSync(file, 'utf8'));
      expect(await flux10SchemaErrors(`${name}.xml`, readFileSync(file, 'utf8')), 'the golden on disk').to.deep.equal([]);
    });
  }

  // The files the driver deposits for its fixtures (conformance.test.ts writes them beside its goldens).
  for (const type of ['ereporting-report', 'ereporting-payments']) {
    const driverGoldens = join(FIXTURES_DIR, 'ctc-fr', type);
    for (const file of existsSync(driverGoldens) ? readdirSync(driverGoldens).filter((f) => f.endsWith('.flux10')) : []) {
      it(`the driver's ${type}/${file} is valid against the XSD`, async () => {
        expect(await flux10SchemaErrors(file, readFileSync(join(driverGoldens, file), 'utf8'))).to.deep.equal([]);
      });
    }
  }

  it('the XSD check refuses a golden made invalid: elements out of order, a namespace, an unknown element, a missing one', async () => {
    const golden = readFileSync(join(EREPORTING_DIR, 'international-sale-de-reverse-charge.flux10'), 'utf8');
    const swapped = golden.replace(/(\s*<TypeCode>380<\/TypeCode>)(\s*<CurrencyCode>EUR<\/CurrencyCode>)/, '$2$1');
    expect(swapped).to.not.equal(golden);
    expect((await flux10SchemaErrors('swapped.xml', swapped)).join('\n')).to.match(/CurrencyCode.*not expected/);
    expect(await flux10SchemaErrors('namespaced.xml', golden.replace('<Report>', '<Report xmlns="urn:flux10">'))).to.not.deep.equal([]);
    expect(await flux10SchemaErrors('unknown.xml', golden.replace('<TypeCode>IN</TypeCode>', '<TypeCode>IN</TypeCode><Extra>1</Extra>'))).to.not.deep.equal([]);
    expect(await flux10SchemaErrors('missing.xml', golden.replace(/\s*<MonetaryTotal>[\s\S]*?<\/MonetaryTotal>/, ''))).to.not.deep.equal([]);
  });
});
