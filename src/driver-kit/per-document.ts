import type { SpiDocument } from '../spi/document.js';
import type { DocumentContext } from '../spi/driver.js';

/**
 * A submission validates, then renders the same document object with the same entity and
 * settings: a driver's examination (validate and map in one pass, so what is checked is exactly
 * what is rendered) is remembered per document object and runs once. Documents are never mutated
 * after intake, and the cache holds them only weakly.
 */
export function perDocument<R>(examine: (doc: SpiDocument, ctx: DocumentContext) => R): (doc: SpiDocument, ctx: DocumentContext) => R {
  const remembered = new WeakMap<object, { entity: object; settings: object; result: R }>();
  return (doc, ctx) => {
    const known = remembered.get(doc);
    if (known && known.entity === ctx.entity && known.settings === ctx.settings) return known.result;
    const result = examine(doc, ctx);
    remembered.set(doc, { entity: ctx.entity, settings: ctx.settings, result });
    return result;
  };
}
