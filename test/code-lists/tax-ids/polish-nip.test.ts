import { expect } from 'chai';
import { isNip, nipOf } from '../../../src/code-lists/tax-ids/polish-nip.js';

// The Ministerstwo Finansów's NIP: weights 6 5 7 2 3 4 5 6 7, the sum mod 11 is the last digit.

describe('Polish NIP (src/code-lists/tax-ids/polish-nip.ts)', () => {
  it('checks the NIP\'s check digit', () => {
    expect(isNip('5260250274')).to.equal(true); // the Ministerstwo Finansów
    expect(isNip('5265877635')).to.equal(true);
    expect(isNip('5260250275')).to.equal(false);
    expect(isNip('1234567890')).to.equal(false); // its sum mod 11 is 10, which no NIP has
    expect(isNip('0260250274')).to.equal(false);
    expect(isNip('526025027')).to.equal(false);
  });

  it('reads a NIP as written, with or without PL', () => {
    expect(nipOf('PL 526-025-02-74')).to.equal('5260250274');
    expect(nipOf('pl5260250274')).to.equal('5260250274');
    expect(nipOf('5260250274')).to.equal('5260250274');
    expect(nipOf('DE5260250274')).to.equal(undefined);
    expect(nipOf('PL52602502')).to.equal(undefined);
  });
});
