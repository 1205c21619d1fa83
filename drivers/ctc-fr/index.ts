import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { CTC_FR_FIELDS } from './fields.js';
import { DRIVER, REPORT_TYPE, RESPONSE_TYPE } from './identity.js';

/**
 * France's e-invoicing reform (continuous transaction controls): EN 16931 or EXTENDED-CTC-FR
 * invoices in UBL, CII or Factur-X with the French rules (BR-FR-*), deposited with the issuer's
 * approved platform through its XP Z12-013 API; lifecycle statuses (CDAR, CDV) both ways; B2C
 * sales and sales abroad reported (e-reporting, flux 10). Mapping, the platform interface
 * and issue codes: drivers/ctc-fr/README.md. Its working parts: parts.ts.
 */
export const ctcFrDriver = driverOnFirstUse(
  {
    id: DRIVER,
    model: 'CTC',
    title: 'France CTC (EN 16931 / EXTENDED-CTC-FR in UBL, CII, Factur-X; CDAR lifecycle)',
    countries: ['FR'],
    transactionTypes: ['B2B', 'B2C'],
    documentTypeFor: { INVOICE: 'facturx-invoice', CREDIT_NOTE: 'facturx-creditnote', APPLICATION_RESPONSE: RESPONSE_TYPE },
    // A sale to a consumer is reported (flux 10), not invoiced through the platforms.
    documentTypeForTransaction: { B2C: { INVOICE: REPORT_TYPE, CREDIT_NOTE: REPORT_TYPE } },
    documentTypesOf: {
      INVOICE: ['facturx-invoice', 'ubl-invoice', 'cii-invoice', REPORT_TYPE],
      CREDIT_NOTE: ['facturx-creditnote', 'ubl-creditnote', 'cii-creditnote', REPORT_TYPE],
      APPLICATION_RESPONSE: [RESPONSE_TYPE],
    },
    fields: CTC_FR_FIELDS,
    entitySlots: { '': 'entities' },
  },
  ['network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
