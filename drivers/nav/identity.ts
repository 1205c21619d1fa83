// What the driver's description (index.ts) and its working parts share, without loading the parts.

/** The document types of an invoice's and a credit note's InvoiceData. */
export const DOCUMENT_TYPE = { INVOICE: 'nav-invoice', CREDIT_NOTE: 'nav-creditnote' } as const;

/** The driver's id: its issue codes' prefix and its settings' key. */
export const DRIVER = 'NAV';
