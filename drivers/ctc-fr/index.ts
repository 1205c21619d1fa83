import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { CTC_FR_FIELDS } from './fields.js';
import { DRIVER, RESPONSE_TYPE } from './identity.js';

/**
 * France's e-invoicing reform (continuous transaction controls): EN 16931 or EXTENDED-CTC-FR
 * invoices in UBL, CII or Factur-X with the French rules (BR-FR-*), deposited with the issuer's
 * approved platform; lifecycle statuses (CDAR, CDV) both ways. Mapping, the platform interface
 * and issue codes: drivers/ctc-fr/README.md. Its working parts: parts.ts.
 */
export const ctcFrDriver = driverOnFirstUse(
  {
    id: DRIVER,
    model: 'CTC',
    title: 'France CTC (EN 16931 / EXTENDED-CTC-FR in UBL, CII, Factur-X; CDAR lifecycle)',
    countries: ['FR'],
    transactionTypes: ['B2B'],
    documentTypeFor: { INVOICE: 'facturx-invoice', CREDIT_NOTE: 'facturx-creditnote', APPLICATION_RESPONSE: RESPONSE_TYPE },
    documentTypesOf: {
      INVOICE: ['facturx-invoice', 'ubl-invoice', 'cii-invoice'],
      CREDIT_NOTE: ['facturx-creditnote', 'ubl-creditnote', 'cii-creditnote'],
      APPLICATION_RESPONSE: [RESPONSE_TYPE],
    },
    fields: CTC_FR_FIELDS,
  },
  ['network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
