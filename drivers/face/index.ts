import type { SpiDocument } from '../../src/adapter/schemas/document.js';
import type { DocumentContext, Driver } from '../../src/driver/types.js';
import { FACE_FIELDS } from './fields.js';
import { activationStatus, faceNetwork } from './network.js';
import { prepareSettings } from './prepare-settings.js';
import { DOCUMENT_TYPE, render } from './render.js';
import { FaceSettingsSchema } from './settings.js';
import { sign } from './sign.js';
import { mapStatus, readInbound } from './statuses.js';
import { transmit } from './transmit.js';
import { examine } from './validate.js';

/**
 * Spain's public administration: invoices and credit notes become Facturae 3.2.2 invoices
 * (a credit note a corrective one), signed XAdES-EPES under the Facturae signature policy v3.1
 * and delivered through FACe, whose processing states come back as statuses. Mapping, the
 * signature, the web service and issue codes: drivers/face/README.md.
 */
const driver: Driver = {
  id: 'FACE',
  model: 'FACE',
  title: 'Facturae 3.2.2 through FACe (Spain, public administration)',
  countries: ['ES'],
  transactionTypes: ['B2G'],
  documentTypes: [DOCUMENT_TYPE.INVOICE, DOCUMENT_TYPE.CREDIT_NOTE],
  documentTypeFor: DOCUMENT_TYPE,
  fields: FACE_FIELDS,
  settingsSchema: FaceSettingsSchema,
  prepareSettings,
  validate: (doc: SpiDocument, ctx: DocumentContext) => examine(doc, ctx).issues.items,
  render,
  sign,
  voidsByResubmission: true,
  transmit,
  mapStatus,
  readInbound,
  network: faceNetwork,
  activationStatus,
};

export const faceDriver: Driver = Object.freeze(driver);
