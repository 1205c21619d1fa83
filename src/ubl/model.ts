import type { Decimal } from '../money.js';

// The normalized business document the UBL builders render: already validated, amounts as
// decimals, codes resolved. Drivers map SPI documents onto it; builders never see SPI shapes.

export interface UblIdentifier {
  id: string;
  /** ISO 6523 ICD / EAS code, written as `schemeID`. */
  scheme?: string | undefined;
}

export interface UblAddress {
  street?: string | undefined;
  additionalStreet?: string | undefined;
  line?: string | undefined;
  city?: string | undefined;
  zip?: string | undefined;
  subentity?: string | undefined;
  country: string;
}

export interface UblContact {
  name?: string | undefined;
  telephone?: string | undefined;
  email?: string | undefined;
}

export interface UblParty {
  endpoint?: UblIdentifier | undefined;
  identifications: UblIdentifier[];
  /** Trading name (PartyName), when it differs from the registration name or the format wants it. */
  name?: string | undefined;
  address: UblAddress;
  /** PartyTaxScheme entries: `taxScheme` is `VAT` for the VAT identifier, anything else for other registrations. */
  taxRegistrations: { companyId: string; taxScheme: string }[];
  legal: { registrationName: string; companyId?: UblIdentifier | undefined };
  contact?: UblContact | undefined;
}

export interface UblTaxCategory {
  /** UNCL5305 code: S, Z, E, AE, K, G, O, L, M. */
  id: string;
  /** Absent for O (not subject to VAT), which carries no rate. */
  percent?: Decimal | undefined;
  exemptionReasonCode?: string | undefined;
  exemptionReason?: string | undefined;
}

export interface UblAllowanceCharge {
  charge: boolean;
  reasonCode?: string | undefined;
  reason?: string | undefined;
  amount: Decimal;
  /** Document level only: the VAT category the allowance or charge reduces or adds to. */
  taxCategory?: UblTaxCategory | undefined;
}

export interface UblTaxSubtotal {
  taxable: Decimal;
  tax: Decimal;
  category: UblTaxCategory;
}

export interface UblTaxTotal {
  tax: Decimal;
  subtotals: UblTaxSubtotal[];
}

export interface UblMonetaryTotal {
  lineExtension: Decimal;
  taxExclusive: Decimal;
  taxInclusive: Decimal;
  allowanceTotal?: Decimal | undefined;
  chargeTotal?: Decimal | undefined;
  prepaid?: Decimal | undefined;
  payable: Decimal;
}

export interface UblLine {
  id: string;
  note?: string | undefined;
  quantity: Decimal;
  unitCode: string;
  lineExtension: Decimal;
  allowanceCharges: UblAllowanceCharge[];
  item: { name: string; description?: string | undefined; sellersId?: string | undefined; taxCategory: UblTaxCategory };
  price: Decimal;
}

export interface UblPaymentMeans {
  /** UNCL4461 code, e.g. 58 SEPA credit transfer, 59 SEPA direct debit, 68 online payment service. */
  code: string;
  paymentId?: string | undefined;
  /** Credit notes carry the payment due date here (UBL 2.1 CreditNote has no DueDate). */
  dueDate?: string | undefined;
  card?: { pan: string; network: string; holder?: string | undefined } | undefined;
  payeeAccount?: { id: string } | undefined;
  mandate?: { id: string } | undefined;
}

export interface UblDocumentReference {
  id: string;
  issueDate?: string | undefined;
}

export interface UblDelivery {
  date?: string | undefined;
  country?: string | undefined;
}

/** An Invoice (380) or CreditNote (381) ready to serialize. */
export interface UblInvoice {
  kind: 'Invoice' | 'CreditNote';
  customizationId: string;
  profileId: string;
  id: string;
  issueDate: string;
  dueDate?: string | undefined;
  typeCode: string;
  notes: string[];
  taxPointDate?: string | undefined;
  currency: string;
  buyerReference?: string | undefined;
  orderReference?: string | undefined;
  billingReferences: UblDocumentReference[];
  supplier: UblParty;
  customer: UblParty;
  delivery?: UblDelivery | undefined;
  paymentMeans: UblPaymentMeans[];
  paymentTermsNote?: string | undefined;
  allowanceCharges: UblAllowanceCharge[];
  taxTotal: UblTaxTotal;
  totals: UblMonetaryTotal;
  lines: UblLine[];
}

/** A UBL ApplicationResponse (the Peppol Invoice Response is one). */
export interface UblApplicationResponse {
  customizationId: string;
  profileId: string;
  id: string;
  issueDate: string;
  note?: string | undefined;
  sender: { endpoint: UblIdentifier; registrationName: string; identification?: UblIdentifier | undefined };
  receiver: { endpoint: UblIdentifier; registrationName: string; identification?: UblIdentifier | undefined };
  response: {
    code: string;
    statuses: { reasonCode: string; listId: string; reason?: string | undefined }[];
  };
  documentReference: { id: string; typeCode?: string | undefined };
}
