import type { MainDocument, SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { SDI_FIELDS } from './fields.js';
import { partitaIvaOf } from './italian-ids.js';
import { vatIdsOf } from '../../src/en16931/parties.js';
import { activationStatus, sdiNetwork } from './network.js';
import { DOCUMENT_TYPE, render } from './render.js';
import { entitySettings, SdiSettingsSchema, type SdiSettings } from './settings.js';
import { prepareSettings, sign } from './sign.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Italy's SDI: invoices and credit notes become FatturaPA 1.2.2 files (FPR12, FPA12 for public
 * bodies, signed XAdES-BES) sent through SdICoop; the SDI's notifications come back to the
 * adapter's endpoint and become statuses. Mapping, transport and issue codes: drivers/sdi/README.md.
 */
const driver: Driver = {
  id: 'SDI',
  model: 'CLEARANCE',
  title: 'FatturaPA 1.2.2 (Italy, Sistema di Interscambio)',
  countries: ['IT'],
  transactionTypes: ['B2B', 'B2G', 'B2C'],
  documentTypes: [DOCUMENT_TYPE.INVOICE, DOCUMENT_TYPE.CREDIT_NOTE],
  documentTypeFor: DOCUMENT_TYPE,
  fields: SDI_FIELDS,
  settingsSchema: SdiSettingsSchema,
  prepareSettings,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  sign,
  sequence: transmitterOf,
  transmit,
  mapStatus,
  readInbound,
  network: sdiNetwork,
  activationStatus,
};

/** The file progressive is unique per transmitter (IdTrasmittente): the intermediary's, else the seller's. */
function transmitterOf(doc: SpiDocument, ctx: DocumentContext): string {
  const t = entitySettings(ctx.settings as SdiSettings, ctx.entity.id).transmitter;
  if (t) return `${t.country}${t.id}`;
  const vat = vatIdsOf((doc as MainDocument).accounting_supplier_party).map(partitaIvaOf).find((v) => v !== undefined);
  return `IT${vat ?? ctx.entity.id}`;
}

export const sdiDriver: Driver = Object.freeze(driver);
