/** The document types a VERIFACTU record is stored as: what the driver's description and its parts share. */
export const DOCUMENT_TYPE = { INVOICE: 'verifactu-invoice', CREDIT_NOTE: 'verifactu-creditnote' } as const;
