import Big from 'big.js';
import { expect } from 'chai';
import { amount2, dec, fixed, fixedBetween, hundredth, plain, round, signOf, ZERO } from '../../src/lib/money.js';

// money.ts writes and reads decimals itself on the render path (issue 45): each helper must give
// exactly what big.js gives for the same value, signs and zeros included.

/** Values at the edges of the writing rules: zeros, signs, half-way digits, exponents either side. */
const EDGES = ['0', '-0', '1', '-1', '0.1', '0.05', '-0.05', '0.005', '-0.005', '-0.001', '0.004', '9.995', '-9.995', '99.999', '12.5', '100', '1000000', '123456.789',
  '-1234.5', '0.000001', '0.0000001', '1e21', '123456789012345678901234.5', '20', '5.5', '0.30000000000000004'];

/** The same values, and a fixed pseudo-random spread of amounts, quantities and rates. */
function samples(): string[] {
  let seed = 45;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = [...EDGES];
  for (let i = 0; i < 600; i++) out.push(((next() - 0.3) * 10 ** Math.floor(next() * 9 - 3)).toFixed(Math.floor(next() * 9)));
  return out;
}

/** big.js's own Big with the rounding money.ts sets (half away from zero). */
const reference = (text: string) => {
  const B = Big();
  B.RM = Big.roundHalfUp;
  return B(text);
};

describe('money: decimals read and written as big.js does', () => {
  it('amount2 and fixed write round(value, dp).toFixed(dp), never a signed zero', () => {
    for (const text of samples()) {
      const value = dec(text);
      expect(amount2(value), text).to.equal(reference(text).round(2, Big.roundHalfUp).toFixed(2));
      for (const dp of [0, 2, 6, 8]) expect(fixed(value, dp), `${text} to ${dp}`).to.equal(reference(text).round(dp, Big.roundHalfUp).toFixed(dp));
    }
    expect(amount2(dec('-0.001'))).to.equal('0.00');
    expect(amount2(dec('-0.005'))).to.equal('-0.01');
    expect(fixed(dec('1e21'), 2)).to.equal('1000000000000000000000.00');
  });

  it('plain writes toFixed(): no trailing zeros, no exponent', () => {
    for (const text of samples()) expect(plain(dec(text)), text).to.equal(reference(text).toFixed());
    expect(plain(dec('0.0000001'))).to.equal('0.0000001');
    expect(plain(dec(1.5))).to.equal('1.5');
  });

  it('fixedBetween writes toFixed(max) without trailing zeros, keeping at least min decimals', () => {
    const stripped = (text: string, min: number, max: number) => {
      const rounded = reference(text).round(max, Big.roundHalfUp);
      const written = rounded.toFixed(max).replace(/0+$/, '');
      const decimals = written.length - written.indexOf('.') - 1;
      return decimals < min ? reference(text).round(min, Big.roundHalfUp).toFixed(min) : written;
    };
    for (const text of samples()) for (const [min, max] of [[2, 8], [1, 4], [2, 2]] as const) expect(fixedBetween(dec(text), min, max), `${text} ${min}..${max}`).to.equal(stripped(text, min, max));
    expect(fixedBetween(dec('1.5'), 2, 8)).to.equal('1.50');
    expect(fixedBetween(dec('0.123456789'), 2, 8)).to.equal('0.12345679');
    expect(fixedBetween(dec('-0.000000001'), 2, 8)).to.equal('0.00');
  });

  it('dec of a number is the Big of its shortest text, the exponent forms included', () => {
    const numbers = [0, -0, 1, -1, 0.1, 12.5, -0.05, 100, 1e21, 1e-7, 5e-324, 123456.789, 0.30000000000000004, ...samples().map(Number)];
    for (const n of numbers) {
      const value = dec(n);
      const expected = reference(String(n));
      expect([value.s, value.e, value.c], String(n)).to.deep.equal([expected.s, expected.e, expected.c]);
      // Arithmetic keeps money.ts's rounding: the value is one of its Bigs, not a bare one.
      expect(value.div(3).round(2).toFixed(2), String(n)).to.equal(dec(String(n)).div(3).round(2).toFixed(2));
    }
    expect(() => dec(Number.NaN)).to.throw();
    expect(() => dec(Number.POSITIVE_INFINITY)).to.throw();
  });

  it('round gives the same value, and the value itself when it has no more decimals', () => {
    for (const text of samples()) expect(round(dec(text), 2).toFixed(), text).to.equal(reference(text).round(2, Big.roundHalfUp).toFixed());
    const exact = dec('12.5');
    expect(round(exact, 2)).to.equal(exact);
  });

  it('hundredth is div(100), to the 20 decimals big.js divides to', () => {
    const many = ['0.123456789012345678', '0.1234567890123456789', '-7.00000000000000000001', '1e-19', '3e-30'];
    for (const text of [...samples(), ...many]) expect(hundredth(dec(text)).toFixed(), text).to.equal(dec(text).div(100).toFixed());
    // Past the 20 decimals, the quotient is big.js's rounded one (half up), as before.
    expect(hundredth(dec('0.1234567890123456789')).toFixed()).to.equal('0.00123456789012345679');
  });

  it('signOf is cmp(0)', () => {
    for (const text of samples()) expect(signOf(dec(text)), text).to.equal(reference(text).cmp(0));
    expect(signOf(ZERO)).to.equal(0);
    expect(signOf(dec('-0'))).to.equal(0);
  });
});
