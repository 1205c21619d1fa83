import type { Decimal } from '../../../src/lib/money.js';

// A French e-reporting document, "flux 10" (DGFiP spécifications externes v3.2, XSD v3.1 = v3.2):
// the transaction data (10.1 international invoices, 10.3 B2C days) or the payment data (10.2 an
// international invoice's collection, 10.4 B2C collections of a day) of one declarant for one
// period, sent by its approved platform (PA). TT-*, TG-*, TB-* are the specification's terms.
// Dates are ISO (`2026-09-14`) and the date-time ISO 8601 in UTC; the writer formats them
// (AAAAMMJJ, AAAAMMJJHHMMSS). Money is Decimal.

/** TT-4: IN an initial report; RE a corrective one, which replaces all sent for that period, data type and role. */
export type ReportTypeCode = 'IN' | 'RE';

/** TT-15: the declarant's role, SE when it sells, BY when it buys from a seller not established in France. */
export type DeclarantRole = 'SE' | 'BY';

/** ISO 6523 ICD of a PA's matricule (TT-7). */
export const PA_SCHEME = '0238';
/** ISO 6523 ICD of a SIREN (TT-12, TT-33, TT-37). */
export const SIREN_SCHEME = '0002';

/** TG-3: who sends the report: always the declarant's approved platform (G6.22, G7.51). */
export interface ReportSender {
  /** TT-8: the PA's 4-character matricule, scheme TT-7 0238. */
  matricule: string;
  scheme: typeof PA_SCHEME;
  /** TT-9. */
  name: string;
  /** TT-10. */
  role: 'WK';
  /** TT-11. */
  uri?: string | undefined;
}

/** TG-5: the declarant. */
export interface ReportIssuer {
  /** TT-13: its SIREN, scheme TT-12 0002 (G6.26). */
  siren: string;
  scheme: typeof SIREN_SCHEME;
  /** TT-14. */
  name: string;
  role: DeclarantRole;
  /** TT-16. */
  uri?: string | undefined;
}

/** TB-1. */
export interface ReportHeader {
  /** TT-1: at most 50 characters of `A-Z a-z 0-9 space - + _ /` (G1.104), unique per declarant and period. */
  id: string;
  /** TT-2. */
  name?: string | undefined;
  /** TT-3: when the report was made, ISO 8601 UTC. */
  issuedAt: string;
  typeCode: ReportTypeCode;
  sender: ReportSender;
  issuer: ReportIssuer;
}

/** TG-7 / TG-33: the transmission period, both days included; end after start (G6.25). */
export interface ReportPeriod {
  start: string;
  end: string;
}

/** TT-33/TT-37 schemes (G2.19): 0002 SIREN, 0223 EU outside France, 0227 outside the EU, 0228 RIDET, 0229 TAHITI. */
export type CompanyIdScheme = '0002' | '0223' | '0227' | '0228' | '0229';

/** TG-12 / TG-14: a party of an international invoice. */
export interface ReportParty {
  /** TT-33 / TT-36. */
  companyId: { id: string; scheme: CompanyIdScheme };
  /** TT-34 / TT-38, qualified VAT; required for 0002 and 0223 (G2.33). */
  vatId?: string | undefined;
  /** TT-35 / TT-39, ISO 3166 alpha-2. */
  country?: string | undefined;
}

/** TT-194: a VAT category of the invoice's breakdown. */
export interface ReportTaxCategory {
  /** TT-56: S, E, AE, K, G, O, Z. */
  code: string;
  /** TT-57: always written (0 for O, which has no rate in EN 16931). */
  percent: Decimal;
  /** TT-58 / TT-59: both for E (G1.40). */
  exemptionReason?: string | undefined;
  exemptionReasonCode?: string | undefined;
}

/** TG-8, sub-flow 10.1: one international B2B invoice. Lines (TG-24) are optional and not written (README). */
export interface InternationalInvoice {
  /** TT-19, at most 35 characters (G1.05). */
  id: string;
  /** TT-20. */
  issueDate: string;
  /** TT-21: UNTDID 1001 (G1.01). */
  typeCode: string;
  /** TT-22. */
  currency: string;
  /** TT-201. */
  dueDate?: string | undefined;
  /** TT-24. */
  taxDueDateTypeCode?: string | undefined;
  /** TG-9. */
  notes: { subject?: string | undefined; content: string }[];
  /** TT-28: the cadre de facturation (B1, S1, M1…). TT-29 is always `urn.cpro.gouv.fr:1p0:ereporting`. */
  businessProcess: string;
  /** TG-11: the invoices a credit note or corrective invoice refers to (G1.32). */
  referencedDocuments: { id: string; issueDate?: string | undefined }[];
  seller: ReportParty;
  /** G6.28: required for 10.1 although the XSD lets it out. */
  buyer: ReportParty;
  /** TG-17: delivery date and country. */
  deliveries: { date?: string | undefined; country?: string | undefined }[];
  /** TG-22. */
  totals: {
    /** TT-51, in the invoice's currency. */
    taxExclusive: Decimal;
    /** TT-52 with TT-202: the VAT in euro (G6.23), BT-111 for an invoice in another currency. */
    tax: { amount: Decimal; currency: string };
  };
  /** TG-23, at least one: amounts in the invoice's currency. */
  subtotals: { taxable: Decimal; tax: Decimal; category: ReportTaxCategory }[];
}

/** TT-81 (G1.68). */
export type TransactionsCategory = 'TLB1' | 'TPS1' | 'TNT1' | 'TMA1';

/** TG-32. */
export interface RateSubtotal {
  /** TT-86. */
  percent: Decimal;
  /** TT-87. */
  taxable: Decimal;
  /** TT-88. */
  tax: Decimal;
}

/** TG-31, sub-flow 10.3: the B2C sales of one day, in one currency, of one category. */
export interface DailyTransactions {
  /** TT-77. */
  date: string;
  /** TT-78. */
  currency: string;
  /** TT-80. */
  taxDueDateTypeCode?: string | undefined;
  category: TransactionsCategory;
  /** TT-82: Σ TT-87. */
  taxExclusive: Decimal;
  /** TT-83: Σ TT-88. */
  tax: Decimal;
  /** TT-85. */
  count?: number | undefined;
  /** At least one. */
  subtotals: RateSubtotal[];
}

/** TG-36 / TG-39: what was collected at one rate, in euro (G6.27). */
export interface PaymentSubtotal {
  /** TT-93 / TT-97. */
  percent: Decimal;
  /** TT-94 / TT-98, EUR when written. */
  currency?: string | undefined;
  /** TT-95 / TT-99. */
  amount: Decimal;
}

/** TG-34, sub-flow 10.2: the collection of one international invoice. */
export interface InvoicePayment {
  /** TT-91. */
  invoiceId: string;
  /** TT-102. */
  issueDate: string;
  /** TT-92. */
  date: string;
  subtotals: PaymentSubtotal[];
}

/** TG-37, sub-flow 10.4: the B2C collections of one day. */
export interface DailyPayments {
  /** TT-96. */
  date: string;
  subtotals: PaymentSubtotal[];
}

/** TB-2. */
export interface TransactionsReport {
  kind: 'transactions';
  period: ReportPeriod;
  invoices: InternationalInvoice[];
  transactions: DailyTransactions[];
}

/** TB-3. */
export interface PaymentsReport {
  kind: 'payments';
  period: ReportPeriod;
  invoices: InvoicePayment[];
  transactions: DailyPayments[];
}

/** TB-0: a header and exactly one of the two reports (G6.29): one field, so never both and never none. */
export interface Report {
  header: ReportHeader;
  body: TransactionsReport | PaymentsReport;
}

/** A rule of the specification the report, or what it is built from, breaks: a stable code, the rule (G-x) in the message. */
export interface ReportProblem {
  code: string;
  /** Where in the model (`body.invoices[0].buyer.companyId`). */
  path: string;
  message: string;
}

/** What a builder gives: the part, or why it cannot be written. */
export type Built<T> = { ok: true; value: T } | { ok: false; problems: ReportProblem[] };
