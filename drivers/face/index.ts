import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { FACE_FIELDS } from './fields.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { FaceModel } from './model.js';
import type { FaceSettings } from './settings.js';
import type { PreparedFaceSettings } from './sign.js';

/**
 * Spain's public administration: invoices and credit notes become Facturae 3.2.2 invoices
 * (a credit note a corrective one), signed XAdES-EPES under the Facturae signature policy v3.1
 * and delivered through FACe, whose processing states come back as statuses. Mapping, the
 * signature, the web service and issue codes: drivers/face/README.md. Its working parts: parts.ts.
 */
export const faceDriver = driverOnFirstUse<PreparedFaceSettings, FaceModel, FaceSettings>(
  {
    id: 'FACE',
    model: 'FACE',
    title: 'Facturae 3.2.2 through FACe (Spain, public administration)',
    countries: ['ES'],
    transactionTypes: ['B2G'],
    documentTypeFor: DOCUMENT_TYPE,
    fields: FACE_FIELDS,
    entitySlots: { certificate: 'certificates' },
    entityCertificates: { certificate: 'signing' },
    voidsByResubmission: true,
  },
  ['prepareSettings', 'sign', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
