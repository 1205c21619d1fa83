import { expect } from 'chai';
import { AuthFailureLimiter } from '../../src/platform/http/auth-failures.js';

describe('AuthFailureLimiter', () => {
  let now = 0;
  const limiter = (max = 3, maxClients?: number) =>
    new AuthFailureLimiter({ maxFailures: max, windowSeconds: 60, now: () => now, ...(maxClients ? { maxClients } : {}) });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('blocks a client at the limit until the window that began with its first failure ends', () => {
    const l = limiter();
    l.recordFailure('a');
    now += 10_000;
    l.recordFailure('a');
    expect(l.retryAfter('a')).to.equal(0);
    l.recordFailure('a');
    expect(l.retryAfter('a')).to.equal(50);
    now += 49_500;
    expect(l.retryAfter('a')).to.equal(1);
    now += 500;
    expect(l.retryAfter('a')).to.equal(0);
    l.recordFailure('a');
    expect(l.retryAfter('a')).to.equal(0);
  });

  it('counts subjects separately', () => {
    const l = limiter(2);
    l.recordFailure('a');
    l.recordFailure('a');
    l.recordFailure('b');
    expect(l.retryAfter('a')).to.be.greaterThan(0);
    expect(l.retryAfter('b')).to.equal(0);
  });

  it('starts a new window once the old one has passed', () => {
    const l = limiter(2);
    l.recordFailure('a');
    now += 61_000;
    l.recordFailure('a');
    expect(l.retryAfter('a')).to.equal(0);
  });

  it('keeps at most maxClients entries, dropping the oldest', () => {
    const l = limiter(1, 2);
    l.recordFailure('a');
    l.recordFailure('b');
    l.recordFailure('c');
    expect(l.retryAfter('a')).to.equal(0);
    expect(l.retryAfter('b')).to.be.greaterThan(0);
    expect(l.retryAfter('c')).to.be.greaterThan(0);
  });
});
