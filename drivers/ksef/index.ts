import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { KSEF_FIELDS } from './fields.js';
import { DOCUMENT_TYPE } from './identity.js';

/**
 * Poland's KSeF: invoices and credit notes become FA(3) invoices (a credit note a corrective
 * invoice, KOR) cleared through the KSeF 2.0 API in interactive sessions; the KSeF number and
 * the UPO come back. Mapping, the API client and issue codes: drivers/ksef/README.md. Its working parts: parts.ts.
 */
export const ksefDriver = driverOnFirstUse(
  {
    id: 'KSEF',
    model: 'CLEARANCE',
    title: 'KSeF FA(3) (Poland, Krajowy System e-Faktur)',
    countries: ['PL'],
    transactionTypes: ['B2B', 'B2G', 'B2C'],
    documentTypeFor: DOCUMENT_TYPE,
    fields: KSEF_FIELDS,
    entitySlots: { '': 'entities' },
  },
  ['network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
