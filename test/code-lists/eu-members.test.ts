import { expect } from 'chai';
import { EU_MEMBERS, EU_VAT_PREFIXES, euVatNumber, euVatPrefix, isEuMember, isEuVatPrefix, isoCountry, withEuVatPrefix } from '../../src/code-lists/eu-members.js';
import { isCountryCode } from '../../src/code-lists/country-codes.js';
import { alpha3 } from '../../src/code-lists/country-alpha3.js';

// The member states by ISO code and by VAT prefix: Greece is GR and EL, Northern Ireland's XI a
// VAT prefix of no member state, and a Greek VAT number written GR read as EL.

describe('EU members (src/code-lists/eu-members.ts)', () => {
  it('lists the 27 member states by assigned ISO code, Greece as GR', () => {
    expect(EU_MEMBERS).to.have.length(27);
    for (const c of EU_MEMBERS) expect(isCountryCode(c), c).to.equal(true);
    expect(EU_MEMBERS).to.include('GR').and.not.include('EL');
    expect(EU_MEMBERS).to.not.include('GB');
  });

  it('asks membership by country: EL is Greece, Northern Ireland (XI, GB) and third countries are not members', () => {
    for (const c of ['DE', 'GR', 'EL', 'PL', 'HU']) expect(isEuMember(c), c).to.equal(true);
    for (const c of ['XI', 'GB', 'CH', 'NO', 'US']) expect(isEuMember(c), c).to.equal(false);
  });

  it('reads the SPI\'s non-ISO countries as ISO: EL is GR, XI is GB', () => {
    expect(isoCountry('EL')).to.equal('GR');
    expect(isoCountry('XI')).to.equal('GB');
    expect(isoCountry('DE')).to.equal('DE');
    expect(alpha3('EL')).to.equal('GRC');
    expect(alpha3('XI')).to.equal('GBR');
  });

  it('names the VAT prefixes as VIES does: EL for Greece, XI for Northern Ireland, no GR', () => {
    expect(EU_VAT_PREFIXES.size).to.equal(28);
    expect(isEuVatPrefix('EL')).to.equal(true);
    expect(isEuVatPrefix('XI')).to.equal(true);
    expect(isEuVatPrefix('PL')).to.equal(true);
    expect(isEuVatPrefix('GR')).to.equal(false);
    expect(isEuVatPrefix('GB')).to.equal(false);
    expect(euVatPrefix('GR')).to.equal('EL');
    expect(euVatPrefix('EL')).to.equal('EL');
    expect(euVatPrefix('XI')).to.equal('XI');
    expect(euVatPrefix('DE')).to.equal('DE');
    expect(euVatPrefix('GB')).to.equal(undefined);
  });

  it('splits an EU VAT number, reading a Greek GR number as EL, and refuses other prefixes', () => {
    expect(euVatNumber('EL 094 259 216')).to.deep.equal({ prefix: 'EL', number: '094259216' });
    expect(euVatNumber('GR094259216')).to.deep.equal({ prefix: 'EL', number: '094259216' });
    expect(euVatNumber('xi123456789')).to.deep.equal({ prefix: 'XI', number: '123456789' });
    expect(euVatNumber('PL5265877635')).to.deep.equal({ prefix: 'PL', number: '5265877635' });
    expect(euVatNumber('GB123456789')).to.equal(undefined);
    expect(euVatNumber('CHE-123.456.789')).to.equal(undefined);
    expect(euVatNumber('DE')).to.equal(undefined);
    expect(euVatNumber('094259216')).to.equal(undefined);
  });

  it('writes a member state\'s VAT number with its VAT prefix, from the number or the party\'s country', () => {
    expect(withEuVatPrefix('094259216', 'GR')).to.equal('EL094259216');
    expect(withEuVatPrefix('GR094259216', 'GR')).to.equal('EL094259216');
    expect(withEuVatPrefix('EL094259216', 'EL')).to.equal('EL094259216');
    expect(withEuVatPrefix('ATU13585627', 'DE')).to.equal('ATU13585627');
    expect(withEuVatPrefix('123456789', 'US')).to.equal(undefined);
  });
});
