import { driverOnFirstUse, partsOnFirstUse } from '../../src/driver-kit/driver-on-first-use.js';
import { VERIFACTU_FIELDS } from './fields.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { VerifactuModel } from './model.js';
import type { VerifactuSettings } from './settings.js';

/**
 * Spain's VERI*FACTU: each invoice or credit note becomes an invoicing record (RegistroAlta; a
 * VOIDED document a RegistroAnulacion) for the tax agency, chained per issuer by its Huella.
 * Mapping rules, the chain and issue codes: drivers/verifactu/README.md. Its working parts: parts.ts.
 */
export const verifactuDriver = driverOnFirstUse<VerifactuSettings, VerifactuModel>(
  {
    model: 'VERIFACTU',
    title: 'VERI*FACTU (AEAT invoicing records)',
    countries: ['ES'],
    transactionTypes: ['B2B', 'B2C', 'B2G'],
    documentTypeFor: DOCUMENT_TYPE,
    fields: VERIFACTU_FIELDS,
    entitySlots: { certificate: 'certificates' },
    entityCertificates: { certificate: 'tls' },
    voidsByResubmission: true,
  },
  ['chain', 'network', 'activationStatus'],
  partsOnFirstUse<typeof import('./parts.js')>(import.meta.url, './parts.js'),
);
