import { expect } from 'chai';
import { isLuhn, luhnCheckDigit } from '../../../src/code-lists/tax-ids/luhn.js';

describe('the Luhn check digit (src/code-lists/tax-ids/luhn.ts)', () => {
  it('computes the digit ISO/IEC 7812-1 appends and checks a number that ends with it', () => {
    expect(luhnCheckDigit('7992739871')).to.equal(3); // the textbook example, 79927398713
    expect(isLuhn('79927398713')).to.equal(true);
    expect(isLuhn('79927398710')).to.equal(false);
    expect(luhnCheckDigit('1234567')).to.equal(4);
    expect(isLuhn('')).to.equal(false);
    expect(isLuhn('7992739871a')).to.equal(false);
  });
});
