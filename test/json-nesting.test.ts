import { expect } from 'chai';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../src/lib/json-nesting.js';

/** `levels` objects inside one another, the innermost empty: `{"a":{"a":{}}}` is three. */
const objects = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('nestsDeeperThan (JSON nesting without recursion)', () => {
  it('counts objects and arrays alike, up to the limit and not past it', () => {
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).to.equal(false);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).to.equal(true);
    expect(nestsDeeperThan('[[[1]]]', 3)).to.equal(false);
    expect(nestsDeeperThan('[{"a":[1]}]', 2)).to.equal(true);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).to.equal(false);
  });

  it('reads ten thousand levels in one pass', () => {
    expect(nestsDeeperThan('['.repeat(10_000) + ']'.repeat(10_000), MAX_JSON_DEPTH)).to.equal(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '['.repeat(10_000) }), 1)).to.equal(false);
    expect(nestsDeeperThan(JSON.stringify({ note: '"[{\\"' + '{'.repeat(100), k: ['\\'] }), 2)).to.equal(false);
    expect(nestsDeeperThan('{"a\\"[[":"\\\\",  "b":[[1]]}', 2)).to.equal(true);
  });
});
