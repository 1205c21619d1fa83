import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { EINVOICE_FIELDS } from './fields.js';

/**
 * EN 16931 invoices and credit notes exchanged between businesses (and with public buyers) without
 * a network of their own: UBL or CII, plain EN 16931 or XRechnung 3.0 per business entity and
 * scenario. Mapping, profiles and issue codes: drivers/einvoice/README.md. Its working parts: parts.ts.
 */
export const einvoiceDriver = driverOnFirstUse(
  {
    model: 'EINVOICE',
    title: 'EN 16931 (UBL and CII; XRechnung)',
    countries: [],
    transactionTypes: ['B2B', 'B2G'],
    documentTypeFor: { INVOICE: 'ubl-invoice', CREDIT_NOTE: 'ubl-creditnote' },
    documentTypesOf: { INVOICE: ['ubl-invoice', 'cii-invoice'], CREDIT_NOTE: ['ubl-creditnote', 'cii-creditnote'] },
    fields: EINVOICE_FIELDS,
    entitySlots: { '': 'entities', email: 'email' },
  },
  ['network'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
