import { paramWrong } from '../errors.js';

/** `meta_data` arrives as JSON text in a form field; it must be a JSON object. */
export function metaData(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw paramWrong('meta_data', 'must be a JSON object.');
}
