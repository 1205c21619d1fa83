import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../lib/json-nesting.js';
import { paramWrong } from '../errors.js';

/** `meta_data` arrives as JSON text in a form field; it must be a JSON object, nested no deeper than the JSON bodies the adapter takes. */
export function metaData(text: string): Record<string, unknown> {
  // Checked before parsing: storing and answering the value walk it recursively.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw paramWrong('meta_data', `cannot nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw paramWrong('meta_data', 'must be a JSON object.');
}
