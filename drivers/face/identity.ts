// What the driver's description (index.ts) and its working parts share, without loading the parts.

/** The document types of a Facturae invoice and corrective invoice. */
export const DOCUMENT_TYPE = { INVOICE: 'facturae-invoice', CREDIT_NOTE: 'facturae-creditnote' } as const;
