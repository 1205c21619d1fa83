// E-reporting (flux 10) for the CTC_FR driver: what it needs to build, check and write a report.

export type * from './report-model.js';
export { PA_SCHEME, SIREN_SCHEME } from './report-model.js';
export { renderReport, EREPORTING_PROFILE } from './report-xml.js';
export { reportProblems, REPORT_CODES, REPORT_RATES } from './report-problems.js';
export { reportPeriod, VAT_REGIMES, type VatRegime, type ReportData } from './report-period.js';
export { b2cTransactions, type B2cOptions } from './b2c-transactions.js';
export { internationalInvoice, type InternationalOptions } from './international-invoice.js';
export { invoicePayment, dailyPayments, type Collected } from './payments.js';
