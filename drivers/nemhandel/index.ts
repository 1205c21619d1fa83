import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import type { NemhandelModel } from './examine.js';
import { NEMHANDEL_FIELDS } from './fields.js';
import type { NemhandelSettings } from './settings.js';

/**
 * Denmark's NemHandel: invoices and credit notes in OIOUBL 2.1 (the semantic invoice through the
 * UBL writers with the OIOUBL dialect), and OIOUBL business responses both ways. Mapping, the
 * Danish deltas and issue codes: drivers/nemhandel/README.md. Its working parts: parts.ts.
 * Its settings and model types are named, not inferred from parts.ts: its activation part (activation.ts) takes the settings as a plain record.
 */
export const nemhandelDriver = driverOnFirstUse<NemhandelSettings, NemhandelModel>(
  {
    model: 'NEMHANDEL',
    title: 'OIOUBL 2.1 over NemHandel (Denmark)',
    countries: ['DK'],
    transactionTypes: ['B2B', 'B2G'],
    documentTypeFor: { INVOICE: 'oioubl-invoice', CREDIT_NOTE: 'oioubl-creditnote', APPLICATION_RESPONSE: 'oioubl-applicationresponse' },
    fields: NEMHANDEL_FIELDS,
  },
  ['buyerResponse', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
