import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { CTC_FR_FIELDS } from './fields.js';
import { activationStatus, ctcFrNetwork } from './network.js';
import { render, RESPONSE_TYPE } from './render.js';
import { CtcFrSettingsSchema } from './settings.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { DRIVER, examine } from './validate.js';

/**
 * France's e-invoicing reform (continuous transaction controls): EN 16931 or EXTENDED-CTC-FR
 * invoices in UBL, CII or Factur-X with the French rules (BR-FR-*), deposited with the issuer's
 * approved platform; lifecycle statuses (CDAR, CDV) both ways. Mapping, the platform interface
 * and issue codes: drivers/ctc-fr/README.md.
 */
const driver: Driver = {
  id: DRIVER,
  model: 'CTC',
  title: 'France CTC (EN 16931 / EXTENDED-CTC-FR in UBL, CII, Factur-X; CDAR lifecycle)',
  countries: ['FR'],
  transactionTypes: ['B2B'],
  documentTypes: ['ubl-invoice', 'ubl-creditnote', 'cii-invoice', 'cii-creditnote', 'facturx-invoice', 'facturx-creditnote', RESPONSE_TYPE],
  documentTypeFor: { INVOICE: 'facturx-invoice', CREDIT_NOTE: 'facturx-creditnote', APPLICATION_RESPONSE: RESPONSE_TYPE },
  documentTypesOf: {
    INVOICE: ['facturx-invoice', 'ubl-invoice', 'cii-invoice'],
    CREDIT_NOTE: ['facturx-creditnote', 'ubl-creditnote', 'cii-creditnote'],
    APPLICATION_RESPONSE: [RESPONSE_TYPE],
  },
  fields: CTC_FR_FIELDS,
  settingsSchema: CtcFrSettingsSchema,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  transmit,
  mapStatus,
  readInbound,
  network: ctcFrNetwork,
  activationStatus,
};

export const ctcFrDriver: Driver = Object.freeze(driver);
