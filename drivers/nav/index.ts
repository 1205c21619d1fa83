import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { NAV_FIELDS } from './fields.js';
import { activationStatus, navNetwork } from './network.js';
import { chain, DOCUMENT_TYPE, render } from './render.js';
import { NavSettingsSchema } from './settings.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { DRIVER, examine } from './validate.js';

/**
 * Hungary's real-time invoice reporting (NAV Online Számla 3.0): every invoice, credit note and
 * cancellation a Hungarian taxpayer issues, B2B and B2C, is reported as InvoiceData (CREATE,
 * MODIFY, STORNO) through the NAV's signed API, and the NAV's processing result comes back.
 * Mapping, the API client and issue codes: drivers/nav/README.md.
 */
const driver: Driver = {
  id: DRIVER,
  model: 'REPORTING',
  title: 'NAV Online Számla 3.0 (Hungary, real-time invoice reporting)',
  countries: ['HU'],
  transactionTypes: ['B2B', 'B2C', 'B2G'],
  documentTypes: [DOCUMENT_TYPE.INVOICE, DOCUMENT_TYPE.CREDIT_NOTE],
  documentTypeFor: DOCUMENT_TYPE,
  fields: NAV_FIELDS,
  settingsSchema: NavSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  mapStatus,
  readInbound,
  // An invoice resubmitted VOIDED is its cancellation: reported as STORNO under a number of its own.
  voidsByResubmission: true,
  chain,
  network: navNetwork,
  activationStatus,
};

export const navDriver: Driver = Object.freeze(driver);
