import { expect } from 'chai';
import Type from 'typebox';
import { check, pointerToPath } from '../src/lib/typed-check.js';

describe('check (typebox → problems)', () => {
  const Schema = Type.Object(
    {
      mode: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      list: Type.Array(Type.Object({ code: Type.String({ pattern: '^[A-Z]{2}$' }) })),
      n: Type.Optional(Type.Integer({ maximum: 5 })),
    },
    { additionalProperties: false },
  );

  it('returns the value when it conforms', () => {
    expect(check(Schema, { mode: 'a', list: [] })).to.deep.equal({ ok: true, value: { mode: 'a', list: [] } });
  });

  it('reports one problem per path, with readable paths and the offending value', () => {
    const r = check(Schema, { mode: 'c', list: [{ code: 'x' }, {}], n: 9, extra: true });
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.problems).to.have.deep.members([
      { path: 'extra', kind: 'unknown', message: 'is not a known key' },
      { path: 'list[0].code', kind: 'pattern', message: 'must match ^[A-Z]{2}$ (got "x")' },
      { path: 'list[1].code', kind: 'required', message: 'is required' },
      { path: 'n', kind: 'maximum', message: 'must be <= 5 (got 9)' },
      { path: 'mode', kind: 'enum', message: 'must be one of a, b (got "c")' },
    ]);
  });

  it('turns JSON pointers into dotted paths', () => {
    expect(pointerToPath('')).to.equal('');
    expect(pointerToPath('/a/0/b~1c')).to.equal('a[0].b/c');
  });
});
