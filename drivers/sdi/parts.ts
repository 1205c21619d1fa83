import type { MainDocument, SpiDocument } from '../../src/spi/document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { vatIdsOf } from '../../src/formats/en16931/parties.js';
import { partitaIvaOf } from '../../src/code-lists/tax-ids/italian-ids.js';
import { entitySettings, type SdiSettings } from './settings.js';
import { examine } from './validate.js';

// SDI's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { activationStatus, sdiNetwork as network } from './network.js';
export { render } from './render.js';
export { SdiSettingsSchema as settingsSchema } from './settings.js';
export { prepareSettings, sign } from './sign.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
export const validate = (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items;

/** The file progressive is unique per transmitter (IdTrasmittente): the intermediary's, else the seller's. */
export function sequence(doc: SpiDocument, ctx: DocumentContext): string {
  const t = entitySettings(ctx.settings as SdiSettings, ctx.entity.id).transmitter;
  if (t) return `${t.country}${t.id}`;
  const vat = vatIdsOf((doc as MainDocument).accounting_supplier_party).map(partitaIvaOf).find((v) => v !== undefined);
  return `IT${vat ?? ctx.entity.id}`;
}
