import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { NAV_FIELDS } from './fields.js';
import { DOCUMENT_TYPE, DRIVER } from './identity.js';

/**
 * Hungary's real-time invoice reporting (NAV Online Számla 3.0): every invoice, credit note and
 * cancellation a Hungarian taxpayer issues, B2B and B2C, is reported as InvoiceData (CREATE,
 * MODIFY, STORNO) through the NAV's signed API, and the NAV's processing result comes back.
 * Mapping, the API client and issue codes: drivers/nav/README.md. Its working parts: parts.ts.
 */
export const navDriver = driverOnFirstUse(
  {
    id: DRIVER,
    model: 'REPORTING',
    title: 'NAV Online Számla 3.0 (Hungary, real-time invoice reporting)',
    countries: ['HU'],
    transactionTypes: ['B2B', 'B2C', 'B2G'],
    documentTypeFor: DOCUMENT_TYPE,
    fields: NAV_FIELDS,
    entitySlots: { '': 'entities' },
    // An invoice resubmitted VOIDED is its cancellation: reported as STORNO under a number of its own.
    voidsByResubmission: true,
  },
  ['chain', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
