import { expect } from 'chai';
import { compactId } from '../../src/code-lists/identifier.js';

describe('identifiers as compared and written (src/code-lists/identifier.ts)', () => {
  it('compacts an identifier: upper case, no spaces, dots or dashes', () => {
    expect(compactId('de 123.456-789')).to.equal('DE123456789');
    expect(compactId(' PL 526-587-76-35 ')).to.equal('PL5265877635');
    expect(compactId('12345676-2-41')).to.equal('12345676241');
  });
});
