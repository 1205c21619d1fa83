import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { emailNetwork } from '../../src/driver/transports/email-network.js';
import { EINVOICE_FIELDS } from './fields.js';
import { render } from './render.js';
import { EinvoiceSettingsSchema } from './settings.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * EN 16931 invoices and credit notes exchanged between businesses (and with public buyers) without
 * a network of their own: UBL or CII, plain EN 16931 or XRechnung 3.0 per business entity and
 * scenario. Mapping, profiles and issue codes: drivers/einvoice/README.md.
 */
const driver: Driver = {
  model: 'EINVOICE',
  title: 'EN 16931 (UBL and CII; XRechnung)',
  countries: [],
  transactionTypes: ['B2B', 'B2G'],
  documentTypes: ['ubl-invoice', 'ubl-creditnote', 'cii-invoice', 'cii-creditnote'],
  documentTypeFor: { INVOICE: 'ubl-invoice', CREDIT_NOTE: 'ubl-creditnote' },
  documentTypesOf: { INVOICE: ['ubl-invoice', 'cii-invoice'], CREDIT_NOTE: ['ubl-creditnote', 'cii-creditnote'] },
  fields: EINVOICE_FIELDS,
  settingsSchema: EinvoiceSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  // No buyer answers come back through EINVOICE's networks: what they report is a delivery or a refusal.
  mapStatus: () => 'IN_PROCESS',
  readInbound: () => undefined,
  network: emailNetwork('EINVOICE'),
};

export const einvoiceDriver: Driver = Object.freeze(driver);
