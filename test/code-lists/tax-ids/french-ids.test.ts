import { expect } from 'chai';
import { isSiren, isSiret, sirenOfCompanyId, sirenOfVat } from '../../../src/code-lists/tax-ids/french-ids.js';

// INSEE's SIRENE identifiers: SIREN and SIRET with a Luhn key (La Poste's establishments with a
// digit sum divisible by 5), and the French VAT number's key.

describe('SIREN, SIRET and the French VAT number (src/code-lists/tax-ids/french-ids.ts)', () => {
  it('checks the SIREN\'s Luhn digit', () => {
    expect(isSiren('120027016')).to.equal(true); // INSEE
    expect(isSiren('732829320')).to.equal(true);
    expect(isSiren('732829321')).to.equal(false);
    expect(isSiren('73282932')).to.equal(false);
    expect(isSiren('73282932A')).to.equal(false);
  });

  it('checks the SIRET\'s Luhn digit, and La Poste\'s by its digit sum', () => {
    expect(isSiret('73282932000074')).to.equal(true);
    expect(isSiret('73282932000075')).to.equal(false);
    expect(isSiret('35600000049837')).to.equal(true); // La Poste: digit sum 45, though not a Luhn number
    expect(isSiret('35600000049838')).to.equal(false);
    expect(isSiret('732829320')).to.equal(false);
  });

  it('takes the SIREN from a French VAT number only when its key matches, and from a SIREN or SIRET', () => {
    expect(sirenOfVat('FR 37 200 000 008')).to.equal('200000008');
    expect(sirenOfVat('FR38200000008')).to.equal(undefined);
    expect(sirenOfVat('FR44732829320')).to.equal('732829320');
    expect(sirenOfCompanyId('732 829 320')).to.equal('732829320');
    expect(sirenOfCompanyId('73282932000074')).to.equal('732829320');
    expect(sirenOfCompanyId('7328293')).to.equal(undefined);
  });
});
