import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { zugferdDriver } from '../../drivers/zugferd/index.js';
import { fixturesOf } from '../helpers/fixtures.js';
import { attachmentsOf, pageCount, pagePng, requirePoppler, textOf } from '../helpers/poppler.js';

// Every golden PDF read back by another implementation (poppler): it opens, has the pages its
// lines need, renders to an image that is not blank, and its text carries what a person looks
// for (number, buyer, totals); the file it embeds is the golden XML, byte for byte.

interface Body {
  id: string;
  type: string;
  lines: unknown[];
  accounting_customer_party: { name: string };
}

/** `1234.50` → `1,234.50`, as the PDF prints amounts. */
const printed = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('ZUGFERD golden PDFs, read back with poppler', function () {
  before(function () {
    requirePoppler(this);
  });

  for (const f of fixturesOf(zugferdDriver).filter((x) => !x.expectedIssues)) {
    it(`${f.name}: pages, text, embedded XML and a rendered first page`, () => {
      const pdf = readFileSync(f.golden('application/pdf'));
      const body = f.body as Body;
      const pages = pageCount(pdf);
      // About 40 lines fit a page after the first.
      if (body.lines.length >= 100) expect(pages).to.be.at.least(3);
      else expect(pages).to.equal(1);

      // The amount due as the XML states it (BT-115): the PDF must say the same.
      const due = /<ram:DuePayableAmount>([\d.]+)<\/ram:DuePayableAmount>/.exec(readFileSync(f.golden('application/xml'), 'utf8'))![1]!;
      const text = textOf(pdf);
      expect(text).to.contain(body.id);
      expect(text).to.contain(body.accounting_customer_party.name);
      expect(text).to.match(new RegExp(`${body.type === 'INVOICE' ? 'Amount due' : 'Amount credited'}\\s+${printed(due).replace('.', '\\.')} EUR`));
      expect(text).to.contain(`page ${pages} of ${pages}`);

      const files = attachmentsOf(pdf);
      const xmlName = f.name.includes('xrechnung') ? 'xrechnung.xml' : 'factur-x.xml';
      expect([...files.keys()]).to.deep.equal([xmlName]);
      expect(files.get(xmlName)!.equals(readFileSync(f.golden('application/xml')))).to.equal(true);

      const image = PNG.sync.read(pagePng(pdf, 1, 40));
      expect(image.width).to.equal(Math.round((595.28 / 72) * 40));
      let dark = 0;
      for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 128) dark++;
      expect(dark, 'the first page has ink on it').to.be.above(1000);
    });
  }

  it('repeats the running head and the table header on every page of a 100-line invoice', () => {
    const f = fixturesOf(zugferdDriver).find((x) => x.name === 'lines-100-en16931')!;
    const pages = textOf(readFileSync(f.golden('application/pdf'))).split('\f').filter((p) => p.trim());
    expect(pages.length).to.be.at.least(3);
    pages.slice(1).forEach((page, i) => {
      expect(page, `page ${i + 2}`).to.match(/^\s*Invoice \S+ · Example Seller GmbH → Example Buyer GmbH/);
      // A page the lines continue on starts the table again; one with only what follows them does not.
      if (/^\s*\d+\s+Usage line/m.test(page)) expect(page).to.match(/#\s+Description\s+Quantity\s+Unit\s+Unit price\s+VAT\s+Net amount/);
    });
    // Every line is printed once.
    const numbered = pages.join('\n').match(/^\s*\d+\s+Usage line \d+/gm) ?? [];
    expect(numbered).to.have.length(100);
  });

  it('prints non-Latin names and descriptions as given (Greek, Cyrillic), with embedded fonts', () => {
    const f = fixturesOf(zugferdDriver).find((x) => x.name === 'non-latin-basic')!;
    // Read block by block, so a description wrapped in its column reads as one text.
    const text = textOf(readFileSync(f.golden('application/pdf')), false).replace(/\s+/g, ' ');
    expect(text).to.contain('Ελληνική Εταιρεία Λογισμικού Α.Ε.');
    expect(text).to.contain('Λεωφόρος Κηφισίας 44');
    expect(text).to.contain('Лицензия на программное обеспечение');
    expect(text).to.contain('Support — Łódź office, ½ day');
    // BASIC leaves the buyer contact out of the XML, but the PDF shows it.
    expect(text).to.contain('Δημήτρης Παπαδόπουλος');
  });
});
