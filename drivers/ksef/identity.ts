// What the driver's description (index.ts) and its working parts share, without loading the parts.

/** The document types of an FA(3) invoice and corrective invoice. */
export const DOCUMENT_TYPE = { INVOICE: 'ksef-invoice', CREDIT_NOTE: 'ksef-creditnote' } as const;
