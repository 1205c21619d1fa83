import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { NEMHANDEL_FIELDS } from './fields.js';

/**
 * Denmark's NemHandel: invoices and credit notes in OIOUBL 2.1 (the semantic invoice through the
 * UBL writers with the OIOUBL dialect), and OIOUBL business responses both ways. Mapping, the
 * Danish deltas and issue codes: drivers/nemhandel/README.md. Its working parts: parts.ts.
 */
export const nemhandelDriver = driverOnFirstUse(
  {
    model: 'NEMHANDEL',
    title: 'OIOUBL 2.1 over NemHandel (Denmark)',
    countries: ['DK'],
    transactionTypes: ['B2B', 'B2G'],
    documentTypeFor: { INVOICE: 'oioubl-invoice', CREDIT_NOTE: 'oioubl-creditnote', APPLICATION_RESPONSE: 'oioubl-applicationresponse' },
    fields: NEMHANDEL_FIELDS,
    entitySlots: { '': 'entities' },
  },
  ['buyerResponse', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
