import { expect } from 'chai';
import { huTaxNumber, isTaxpayerId } from '../../../src/code-lists/tax-ids/hungarian-tax-number.js';

// NAV's adószám: the törzsszám's check digit (weights 9 7 3 1), the VAT code 1-5, the county code.

describe('Hungarian tax number (src/code-lists/tax-ids/hungarian-tax-number.ts)', () => {
  it('checks the törzsszám\'s check digit', () => {
    expect(isTaxpayerId('12345676')).to.equal(true);
    expect(isTaxpayerId('25503122')).to.equal(true);
    expect(isTaxpayerId('11111111')).to.equal(true);
    expect(isTaxpayerId('12345678')).to.equal(false);
    expect(isTaxpayerId('1234567')).to.equal(false);
  });

  it('reads the adószám in three parts, the bare törzsszám and the HU VAT number', () => {
    expect(huTaxNumber('12345676-2-41')).to.deep.equal({ taxpayerId: '12345676', vatCode: '2', countyCode: '41' });
    expect(huTaxNumber('12345676241')).to.deep.equal({ taxpayerId: '12345676', vatCode: '2', countyCode: '41' });
    expect(huTaxNumber('HU 12345676')).to.deep.equal({ taxpayerId: '12345676', vatCode: undefined, countyCode: undefined });
    expect(huTaxNumber('12345678-2-41')).to.equal(undefined); // wrong check digit
    expect(huTaxNumber('12345676-6-41')).to.equal(undefined); // no VAT code 6
    expect(huTaxNumber('DE12345676')).to.equal(undefined);
  });
});
