// What the driver's description (index.ts) and its working parts share, without loading the parts.

/** The document type of the buyer's lifecycle message (CDAR). */
export const RESPONSE_TYPE = 'cdar-applicationresponse';

/** The driver's id: its issue codes' prefix and its settings' key. */
export const DRIVER = 'CTC_FR';

/** The document type of an e-reporting file (flux 10: transaction or payment data). */
export const REPORT_TYPE = 'ereporting-report';

/** The document type of a sale's payment data (flux 10.4), deposited beside its transaction data. */
export const PAYMENTS_REPORT_TYPE = 'ereporting-payments';
