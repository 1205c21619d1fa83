import { PEPPOL_BILLING, PEPPOL_INVOICE_RESPONSE } from '../../../../drivers/peppol/identifiers.js';
import { documentTypeIdFor } from '../../../formats/sbdh/document-type-id.js';
import { DOCUMENT_TYPE_SCHEME, PROCESS_SCHEME } from '../../../formats/sbdh/facts.js';

// What a lab participant is registered to receive: a document type and the process it belongs
// to, both as full `scheme::value` identifiers, the way an SMP lists them and smp-client.ts asks.
// The document type is what documentTypeIdFor derives from a document's root and CustomizationID;
// the process is its cbc:ProfileID. A list, so another network's (NemHandel's) can be served too.

export interface ServiceRegistration {
  documentTypeId: string;
  processId: string;
}

const UBL = (name: string) => `urn:oasis:names:specification:ubl:schema:xsd:${name}-2`;

/** A UBL document type in one process; the process scheme is the network's (Peppol's cenbii-procid-ubl, NemHandel's oioubl-procid-ubl). */
export function service(root: string, customizationId: string, profileId: string, processScheme = PROCESS_SCHEME): ServiceRegistration {
  return {
    documentTypeId: `${DOCUMENT_TYPE_SCHEME}::${documentTypeIdFor({ namespace: UBL(root), localName: root, customizationId })}`,
    processId: `${processScheme}::${profileId}`,
  };
}

/** Peppol Message Level Response 3.0 (T71): an ApplicationResponse of its own specification and process. */
export const PEPPOL_MLR = {
  customizationId: 'urn:fdc:peppol.eu:poacc:trns:mlr:3',
  profileId: 'urn:fdc:peppol.eu:poacc:bis:mlr:3',
} as const;

/** Peppol BIS Billing 3.0 Invoice and CreditNote, the Invoice Response (T111) and the Message Level Response. */
export const PEPPOL_LAB_SERVICES: readonly ServiceRegistration[] = Object.freeze([
  service('Invoice', PEPPOL_BILLING.customizationId, PEPPOL_BILLING.profileId),
  service('CreditNote', PEPPOL_BILLING.customizationId, PEPPOL_BILLING.profileId),
  service('ApplicationResponse', PEPPOL_INVOICE_RESPONSE.customizationId, PEPPOL_INVOICE_RESPONSE.profileId),
  service('ApplicationResponse', PEPPOL_MLR.customizationId, PEPPOL_MLR.profileId),
]);
