import { expect } from 'chai';
import { ConfigError } from '../../src/platform/config/config-error.js';

/** Runs `fn`, expects a ConfigError, and returns its lines. */
export function configErrorLines(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return (err as ConfigError).lines;
  }
  throw new Error('expected a ConfigError');
}
