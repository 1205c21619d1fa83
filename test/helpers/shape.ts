import { expect } from 'chai';
import type { TSchema } from 'typebox';
import { check } from '../../src/lib/typed-check.js';

/** Asserts that a response body has the SPI shape, listing every mismatch when it does not. */
export function expectShape(schema: TSchema, body: unknown): void {
  const result = check(schema, body);
  expect(result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`), JSON.stringify(body)).to.deep.equal([]);
}

/** The JSON body of a response, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function bodyOf(res: Response): Promise<any> {
  return res.json();
}
