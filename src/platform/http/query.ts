import type { Static, TSchema } from 'typebox';
import { check } from '../../lib/typed-check.js';
import { SpiError } from './errors.js';
import { problemItem } from './problem-errors.js';

/**
 * Checks a query string against its schema: each missing required parameter is one
 * MISSING_REQUIRED_DATA error, each bad value one INVALID_DATA error, all in one 400.
 */
export function parseQuery<S extends TSchema>(schema: S, query: Record<string, unknown>): Static<S> {
  // An empty value (`?country=`) counts as absent, as form encoders send unset fields that way.
  const present = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
  const result = check(schema, present);
  if (result.ok) return result.value;
  throw new SpiError(
    400,
    result.problems.map((p) =>
      p.kind === 'required'
        ? { code: 'MISSING_REQUIRED_DATA' as const, message: `query parameter ${p.path} is required` }
        : { code: 'INVALID_DATA' as const, message: `query parameter ${p.path}: ${p.message}` },
    ),
  );
}

/** Checks a JSON body against its schema; the problems become one 400 in the SPI's error shape. */
export function parseBody<S extends TSchema>(schema: S, body: unknown): Static<S> {
  const result = check(schema, body ?? {});
  if (result.ok) return result.value;
  throw new SpiError(400, result.problems.map(problemItem));
}
