import type { Problem } from '../../lib/typed-check.js';
import type { SpiErrorItem } from '../../spi/error-item.js';

/** A body problem as an SPI error item: a missing key is MISSING_REQUIRED_DATA, anything else INVALID_DATA. */
export function problemItem(p: Problem): SpiErrorItem {
  return p.kind === 'required'
    ? { code: 'MISSING_REQUIRED_DATA', message: `${p.path} is required` }
    : { code: 'INVALID_DATA', message: `${p.path || 'body'}: ${p.message}` };
}
