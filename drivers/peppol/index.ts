import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { PEPPOL_FIELDS } from './fields.js';

/**
 * Peppol BIS Billing 3.0 invoices and credit notes, and Peppol Invoice Responses (T111).
 * Mapping rules, derivations and issue codes: drivers/peppol/README.md. Its working parts: parts.ts.
 */
export const peppolDriver = driverOnFirstUse(
  {
    model: 'PEPPOL',
    title: 'Peppol BIS Billing 3.0',
    // Peppol is an open network: any country whose businesses have Peppol addresses.
    countries: [],
    transactionTypes: ['B2B', 'B2G'],
    documentTypeFor: { INVOICE: 'ubl-invoice', CREDIT_NOTE: 'ubl-creditnote', APPLICATION_RESPONSE: 'ubl-applicationresponse' },
    fields: PEPPOL_FIELDS,
  },
  ['buyerResponse', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
