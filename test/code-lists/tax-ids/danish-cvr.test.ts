import { expect } from 'chai';
import { cvrOf, isCvr } from '../../../src/code-lists/tax-ids/danish-cvr.js';

// Erhvervsstyrelsen's CVR number: eight digits under modulus 11 (weights 2 7 6 5 4 3 2 1).

describe('Danish CVR number (src/code-lists/tax-ids/danish-cvr.ts)', () => {
  it('checks the modulus 11', () => {
    expect(isCvr('24256790')).to.equal(true); // Novo Nordisk A/S
    expect(isCvr('25313704')).to.equal(true);
    expect(isCvr('12345678')).to.equal(false);
    expect(isCvr('24256791')).to.equal(false);
    expect(isCvr('01234567')).to.equal(false); // no CVR number starts with 0
    expect(isCvr('2425679')).to.equal(false);
  });

  it('reads a CVR number as written, with or without DK', () => {
    expect(cvrOf('DK 24 25 67 90')).to.equal('24256790');
    expect(cvrOf('24256790')).to.equal('24256790');
    expect(cvrOf('DK2425679')).to.equal(undefined);
  });
});
