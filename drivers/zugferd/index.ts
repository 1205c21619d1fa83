import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import { emailNetwork } from '../../src/driver/transports/email-network.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { ciiInvoiceFields } from '../../src/en16931/cii-fields.js';
import { EN16931_TYPE_CODES } from '../../src/en16931/type-codes.js';
import { prepareSettings } from './prepare-settings.js';
import { render } from './render.js';
import { ZugferdSettingsSchema } from './settings.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Factur-X 1.0 / ZUGFeRD 2.x: the hybrid invoice of Germany and France, a PDF/A-3 a person reads
 * with the EN 16931 invoice in CII embedded, in the profiles BASIC, EN 16931, EXTENDED and
 * XRECHNUNG. Mapping, profiles, the PDF and issue codes: drivers/zugferd/README.md.
 */
const driver: Driver = {
  model: 'ZUGFERD',
  title: 'Factur-X / ZUGFeRD (PDF/A-3 with CII)',
  countries: [],
  transactionTypes: ['B2B', 'B2G'],
  documentTypes: ['cii-invoice', 'cii-creditnote'],
  documentTypeFor: { INVOICE: 'cii-invoice', CREDIT_NOTE: 'cii-creditnote' },
  // Factur-X's type code list is EN 16931's; the XRECHNUNG profile is held to its own by validate.
  fields: Object.freeze(ciiInvoiceFields(EN16931_TYPE_CODES)),
  settingsSchema: ZugferdSettingsSchema,
  prepareSettings,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  // No buyer answers come back by e-mail: what the network reports is a delivery or a refusal.
  mapStatus: () => 'IN_PROCESS',
  readInbound: () => undefined,
  network: emailNetwork('ZUGFERD'),
};

export const zugferdDriver: Driver = Object.freeze(driver);
