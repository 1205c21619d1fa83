/** Peppol BIS Billing 3.0 specification and process identifiers (PEPPOL-EN16931-R001/R004/R007). */
export const PEPPOL_BILLING = {
  customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
} as const;

/** Peppol Invoice Response 3 (T111) identifiers (PEPPOL-T111-R003/R008). */
export const PEPPOL_INVOICE_RESPONSE = {
  customizationId: 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3',
  profileId: 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3',
} as const;
