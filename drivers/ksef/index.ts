import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { KSEF_FIELDS } from './fields.js';
import { activationStatus, ksefNetwork } from './network.js';
import { DOCUMENT_TYPE, render } from './render.js';
import { KsefSettingsSchema } from './settings.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Poland's KSeF: invoices and credit notes become FA(3) invoices (a credit note a corrective
 * invoice, KOR) cleared through the KSeF 2.0 API in interactive sessions; the KSeF number and
 * the UPO come back. Mapping, the API client and issue codes: drivers/ksef/README.md.
 */
const driver: Driver = {
  id: 'KSEF',
  model: 'CLEARANCE',
  title: 'KSeF FA(3) (Poland, Krajowy System e-Faktur)',
  countries: ['PL'],
  transactionTypes: ['B2B', 'B2G', 'B2C'],
  documentTypes: [DOCUMENT_TYPE.INVOICE, DOCUMENT_TYPE.CREDIT_NOTE],
  documentTypeFor: DOCUMENT_TYPE,
  fields: KSEF_FIELDS,
  settingsSchema: KsefSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  mapStatus,
  readInbound,
  network: ksefNetwork,
  activationStatus,
};

export const ksefDriver: Driver = Object.freeze(driver);
