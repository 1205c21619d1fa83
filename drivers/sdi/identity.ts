// What the driver's description (index.ts) and its working parts share, without loading the parts.

/** The document types of a FatturaPA invoice and credit note (TD01, TD04). */
export const DOCUMENT_TYPE = { INVOICE: 'fatturapa-invoice', CREDIT_NOTE: 'fatturapa-creditnote' } as const;
