import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { Driver, DocumentContext } from '../../src/driver/types.js';
import { PEPPOL_FIELDS } from './fields.js';
import { render } from './render.js';
import { PeppolSettingsSchema } from './settings.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Peppol BIS Billing 3.0 invoices and credit notes, and Peppol Invoice Responses (T111).
 * Mapping rules, derivations and issue codes: drivers/peppol/README.md.
 */
const driver: Driver = {
  model: 'PEPPOL',
  title: 'Peppol BIS Billing 3.0',
  // Peppol is an open network: any country whose businesses have Peppol addresses.
  countries: [],
  transactionTypes: ['B2B', 'B2G'],
  documentTypes: ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'],
  documentTypeFor: { INVOICE: 'ubl-invoice', CREDIT_NOTE: 'ubl-creditnote', APPLICATION_RESPONSE: 'ubl-applicationresponse' },
  fields: PEPPOL_FIELDS,
  settingsSchema: PeppolSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  mapStatus,
  readInbound,
};

export const peppolDriver: Driver = Object.freeze(driver);
