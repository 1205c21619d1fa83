import type { Decimal } from '../../lib/money.js';

// The semantic invoice: an EN 16931 invoice or credit note, already validated, amounts as
// decimals, codes resolved. Drivers build it from SPI documents (src/formats/en16931/); the syntaxes
// (src/formats/ubl, and CII beside it) only write it and never see SPI shapes.

export interface Identifier {
  id: string;
  /** ISO 6523 ICD / EAS code, written as `schemeID`. */
  scheme?: string | undefined;
}

export interface Address {
  street?: string | undefined;
  additionalStreet?: string | undefined;
  line?: string | undefined;
  city?: string | undefined;
  zip?: string | undefined;
  subentity?: string | undefined;
  country: string;
}

export interface Contact {
  name?: string | undefined;
  telephone?: string | undefined;
  email?: string | undefined;
}

export interface Party {
  endpoint?: Identifier | undefined;
  identifications: Identifier[];
  /** Trading name (PartyName), when it differs from the registration name or the format wants it. */
  name?: string | undefined;
  address: Address;
  /**
   * PartyTaxScheme entries: `taxScheme` is `VAT` for the VAT identifier, anything else for other
   * registrations; `scheme` is the CompanyID's own scheme where a customization names one (OIOUBL's DK:SE).
   */
  taxRegistrations: { companyId: string; taxScheme: string; scheme?: string | undefined }[];
  legal: { registrationName: string; companyId?: Identifier | undefined };
  contact?: Contact | undefined;
}

export interface TaxCategory {
  /** UNCL5305 code: S, Z, E, AE, K, G, O, L, M. */
  id: string;
  /** Absent for O (not subject to VAT), which carries no rate. */
  percent?: Decimal | undefined;
  exemptionReasonCode?: string | undefined;
  exemptionReason?: string | undefined;
}

export interface AllowanceCharge {
  charge: boolean;
  reasonCode?: string | undefined;
  reason?: string | undefined;
  amount: Decimal;
  /** Document level only: the VAT category the allowance or charge reduces or adds to. */
  taxCategory?: TaxCategory | undefined;
}

export interface TaxSubtotal {
  taxable: Decimal;
  tax: Decimal;
  category: TaxCategory;
}

export interface TaxTotal {
  tax: Decimal;
  subtotals: TaxSubtotal[];
}

export interface MonetaryTotal {
  lineExtension: Decimal;
  taxExclusive: Decimal;
  taxInclusive: Decimal;
  allowanceTotal?: Decimal | undefined;
  chargeTotal?: Decimal | undefined;
  prepaid?: Decimal | undefined;
  payable: Decimal;
}

export interface Line {
  id: string;
  note?: string | undefined;
  quantity: Decimal;
  unitCode: string;
  lineExtension: Decimal;
  allowanceCharges: AllowanceCharge[];
  item: { name: string; description?: string | undefined; sellersId?: string | undefined; taxCategory: TaxCategory };
  price: Decimal;
}

export interface PaymentMeans {
  /** UNCL4461 code, e.g. 58 SEPA credit transfer, 59 SEPA direct debit, 68 online payment service. */
  code: string;
  paymentId?: string | undefined;
  /** Credit notes carry the payment due date here (UBL 2.1 CreditNote has no DueDate). */
  dueDate?: string | undefined;
  /** What national customizations add (OIOUBL: the channel DK:BANK, DK:FIK, IBAN; the FIK payment reference). */
  channelCode?: string | undefined;
  instructionId?: string | undefined;
  card?: { pan: string; network: string; holder?: string | undefined } | undefined;
  /** The payee's account; `branchId` the bank's branch (a Danish registration number, a BIC). */
  payeeAccount?: { id: string; branchId?: string | undefined } | undefined;
  /** CreditAccount/AccountID: the creditor's account with a payment system (OIOUBL: the FIK creditor number). */
  creditAccount?: string | undefined;
  mandate?: { id: string } | undefined;
}

export interface DocumentReference {
  id: string;
  issueDate?: string | undefined;
}

export interface Delivery {
  /** BT-72. */
  date?: string | undefined;
  /** The deliver-to address (BG-15). */
  address?: Address | undefined;
}

/** BG-1: an invoice note (BT-22) and, where a format asks for one, its subject code (BT-21, UNCL4451: PMT, PMD, AAB…). */
export interface Note {
  text: string;
  subjectCode?: string | undefined;
}

/** An invoice (380) or credit note (381) ready to serialize; the business terms BT-/BG- are EN 16931's. */
export interface SemanticInvoice {
  kind: 'Invoice' | 'CreditNote';
  customizationId: string;
  profileId: string;
  id: string;
  issueDate: string;
  dueDate?: string | undefined;
  typeCode: string;
  notes: Note[];
  taxPointDate?: string | undefined;
  currency: string;
  buyerReference?: string | undefined;
  orderReference?: string | undefined;
  billingReferences: DocumentReference[];
  supplier: Party;
  customer: Party;
  delivery?: Delivery | undefined;
  paymentMeans: PaymentMeans[];
  paymentTermsNote?: string | undefined;
  allowanceCharges: AllowanceCharge[];
  taxTotal: TaxTotal;
  totals: MonetaryTotal;
  lines: Line[];
}
