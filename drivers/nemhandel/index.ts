import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { activationStatus } from './activation.js';
import { buyerResponse } from './buyer-response.js';
import { NEMHANDEL_FIELDS } from './fields.js';
import { render } from './render.js';
import { NemhandelSettingsSchema } from './settings.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Denmark's NemHandel: invoices and credit notes in OIOUBL 2.1 (the semantic invoice through the
 * UBL writers with the OIOUBL dialect), and OIOUBL business responses both ways. Mapping, the
 * Danish deltas and issue codes: drivers/nemhandel/README.md.
 */
const driver: Driver = {
  model: 'NEMHANDEL',
  title: 'OIOUBL 2.1 over NemHandel (Denmark)',
  countries: ['DK'],
  transactionTypes: ['B2B', 'B2G'],
  documentTypes: ['oioubl-invoice', 'oioubl-creditnote', 'oioubl-applicationresponse'],
  documentTypeFor: { INVOICE: 'oioubl-invoice', CREDIT_NOTE: 'oioubl-creditnote', APPLICATION_RESPONSE: 'oioubl-applicationresponse' },
  fields: NEMHANDEL_FIELDS,
  settingsSchema: NemhandelSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  mapStatus,
  readInbound,
  buyerResponse,
  activationStatus,
};

export const nemhandelDriver: Driver = Object.freeze(driver);
