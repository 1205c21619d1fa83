import { expect } from 'chai';
import { isNif, isNifForm, nifOf, personTypeOf } from '../../../src/code-lists/tax-ids/spanish-nif.js';

// The AEAT's forms of the NIF (Orden EHA/451/2008): the DNI's and NIE's check letter (number mod
// 23), the K/L/M forms, and an entity's control character (a digit, a letter, or either by the
// entity's letter).

describe('Spanish NIF (src/code-lists/tax-ids/spanish-nif.ts)', () => {
  it('takes the NIFs whose check character matches', () => {
    for (const nif of [
      '12345678Z', // DNI: 12345678 mod 23 = 14, Z
      'X1234567L', // NIE: X reads as 0
      'Y1234567X', // NIE: Y reads as 1
      'Z1234567R', // NIE: Z reads as 2
      'K1234567L', // K form, as a DNI without its first digit
      'B12345674', // a limited company (B): a control digit
      'A00000000',
      'Q2826000H', // the AEAT itself, a public body (Q): a control letter
      'P2807900B', // a municipality (P): a control letter
      '89890001K', // the AEAT's test NIF of the VERI*FACTU examples
    ]) {
      expect(isNif(nif), nif).to.equal(true);
    }
  });

  it('refuses a wrong check character, a control of the wrong kind, and what is no NIF form', () => {
    for (const nif of [
      '12345678A',
      'X1234567T',
      'B12345675',
      'B1234567D', // a B entity's control is a digit: D is the letter of 4
      'Q28260008', // a Q entity's control is a letter: 8 is the digit of H
      'I1234567A', // I is no entity letter
      'L01280796', // a DIR3 unit code, not a NIF
      '1234567Z',
      'ES12345678Z', // nifOf takes the ES prefix off first
    ]) {
      expect(isNif(nif), nif).to.equal(false);
    }
  });

  it('reads the NIF in a VAT number as written, tells its form and its person type', () => {
    expect(nifOf('ES B-12345674')).to.equal('B12345674');
    expect(nifOf('es 12.345.678/z')).to.equal('12345678Z');
    expect(isNifForm('12345678A')).to.equal(true);
    expect(isNifForm('1234567A')).to.equal(false);
    expect(personTypeOf('12345678Z')).to.equal('F');
    expect(personTypeOf('X1234567L')).to.equal('F');
    expect(personTypeOf('B12345674')).to.equal('J');
  });
});
