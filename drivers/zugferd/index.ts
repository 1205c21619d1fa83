import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { ciiInvoiceFields } from '../../src/formats/en16931/cii-fields.js';
import { EN16931_TYPE_CODES } from '../../src/formats/en16931/type-codes.js';

/**
 * Factur-X 1.0 / ZUGFeRD 2.x: the hybrid invoice of Germany and France, a PDF/A-3 a person reads
 * with the EN 16931 invoice in CII embedded, in the profiles BASIC, EN 16931, EXTENDED and
 * XRECHNUNG. Mapping, profiles, the PDF and issue codes: drivers/zugferd/README.md. Its working parts: parts.ts.
 */
export const zugferdDriver = driverOnFirstUse(
  {
    model: 'ZUGFERD',
    title: 'Factur-X / ZUGFeRD (PDF/A-3 with CII)',
    countries: [],
    transactionTypes: ['B2B', 'B2G'],
    documentTypeFor: { INVOICE: 'cii-invoice', CREDIT_NOTE: 'cii-creditnote' },
    // Factur-X's type code list is EN 16931's; the XRECHNUNG profile is held to its own by examine.
    fields: Object.freeze(ciiInvoiceFields(EN16931_TYPE_CODES)),
    entitySlots: { '': 'entities', email: 'email' },
  },
  ['prepareSettings', 'network'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
