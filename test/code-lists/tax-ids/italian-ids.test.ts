import { expect } from 'chai';
import { isCodiceFiscale, isPartitaIva, partitaIvaOf } from '../../../src/code-lists/tax-ids/italian-ids.js';

// The Agenzia delle Entrate's identifiers: the partita IVA's check digit, the codice fiscale's
// check letter (omocodia included), a company's codice fiscale as its partita IVA.

describe('partita IVA and codice fiscale (src/code-lists/tax-ids/italian-ids.ts)', () => {
  it('checks the partita IVA check digit', () => {
    expect(isPartitaIva('06363391001')).to.equal(true); // the Agenzia delle Entrate
    expect(isPartitaIva('02114490572')).to.equal(true);
    expect(isPartitaIva('02114490573')).to.equal(false);
    expect(isPartitaIva('01234567890')).to.equal(false); // the FatturaPA examples' number fails its check digit
    expect(isPartitaIva('00000000000')).to.equal(false);
    expect(isPartitaIva('0211449057')).to.equal(false);
    expect(partitaIvaOf('IT 021 144 905 72')).to.equal('02114490572');
    expect(partitaIvaOf('DE123456789')).to.equal(undefined);
  });

  it('checks the codice fiscale check letter, omocodia included, and a company\'s as a partita IVA', () => {
    expect(isCodiceFiscale('RSSMRA85T10A562S')).to.equal(true);
    expect(isCodiceFiscale('rssmra85t10a562s')).to.equal(true);
    expect(isCodiceFiscale('RSSMRA85T10A56NH')).to.equal(true); // 2 replaced by N: another check letter
    expect(isCodiceFiscale('RSSMRA85T10A562T')).to.equal(false);
    expect(isCodiceFiscale('RSSMRA85T10A56NS')).to.equal(false);
    expect(isCodiceFiscale('06363391001')).to.equal(true);
    expect(isCodiceFiscale('80000220311')).to.equal(true);
    expect(isCodiceFiscale('06363391002')).to.equal(false);
  });
});
