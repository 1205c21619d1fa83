import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { SDI_FIELDS } from './fields.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { SdiModel } from './model.js';
import type { SdiSettings } from './settings.js';
import type { PreparedSdiSettings } from './sign.js';

/**
 * Italy's SDI: invoices and credit notes become FatturaPA 1.2.2 files (FPR12, FPA12 for public
 * bodies, signed XAdES-BES) sent through SdICoop; the SDI's notifications come back to the
 * adapter's endpoint and become statuses. Mapping, transport and issue codes: drivers/sdi/README.md.
 * Its working parts: parts.ts.
 */
export const sdiDriver = driverOnFirstUse<PreparedSdiSettings, SdiModel, SdiSettings>(
  {
    id: 'SDI',
    model: 'CLEARANCE',
    title: 'FatturaPA 1.2.2 (Italy, Sistema di Interscambio)',
    countries: ['IT'],
    transactionTypes: ['B2B', 'B2G', 'B2C'],
    documentTypeFor: DOCUMENT_TYPE,
    fields: SDI_FIELDS,
    entitySlots: { '': 'entities' },
    entityCertificates: { certificate: 'signing', 'channel.client_certificate': 'tls' },
  },
  ['prepareSettings', 'sign', 'sequence', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
