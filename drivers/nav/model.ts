import type { Decimal } from '../../src/lib/money.js';
import type { HuTaxNumber } from '../../src/code-lists/tax-ids/hungarian-tax-number.js';

// The NAV data report of one invoice (InvoiceData, Online Számla 3.0), made by build.ts and only
// written by xml.ts. Amounts are already signed (a modification reports differences) and given
// in the invoice currency and in HUF.

export type Operation = 'CREATE' | 'MODIFY' | 'STORNO';

/** VatRateType: exactly one of its choices, as NAV names them. */
export type NavVatRate =
  | { kind: 'percentage'; rate: Decimal }
  | { kind: 'exemption'; case: string; reason: string }
  | { kind: 'outOfScope'; case: string; reason: string }
  | { kind: 'domesticReverseCharge' }
  | { kind: 'margin'; scheme: 'TRAVEL_AGENCY' | 'SECOND_HAND' | 'ARTWORK' | 'ANTIQUES' };

/** An amount in the invoice currency and in HUF. */
export interface Amounts {
  amount: Decimal;
  huf: Decimal;
}

export interface NavAddress {
  country: string;
  postalCode: string;
  city: string;
  detail: string;
}

export type CustomerVatData = { kind: 'domestic'; taxNumber: HuTaxNumber } | { kind: 'community'; vat: string } | { kind: 'thirdState'; id: string };

export interface NavLine {
  /** Position within this data report, 1…n. */
  number: number;
  description: string;
  quantity: Decimal;
  unit: string;
  /** When `unit` is OWN: the unit as the invoice names it. */
  unitOwn?: string | undefined;
  unitPrice: Decimal;
  unitPriceHuf: Decimal;
  vatRate: NavVatRate;
  net: Amounts;
  vat: Amounts;
  gross: Amounts;
}

export interface RateSummary {
  vatRate: NavVatRate;
  net: Amounts;
  vat: Amounts;
  gross: Amounts;
}

export interface NavInvoice {
  operation: Operation;
  number: string;
  issueDate: string;
  /** MODIFY and STORNO: the invoice they modify; the index and the lines' references come from the invoice's chain. */
  original?: string | undefined;
  supplier: { taxNumber: HuTaxNumber; communityVatNumber?: string | undefined; name: string; address: NavAddress; bankAccount?: string | undefined };
  customer: { status: 'DOMESTIC' | 'OTHER' | 'PRIVATE_PERSON'; vatData?: CustomerVatData | undefined; name?: string | undefined; address?: NavAddress | undefined };
  detail: {
    deliveryDate: string;
    currency: string;
    exchangeRate: Decimal;
    paymentMethod?: 'TRANSFER' | 'CASH' | 'CARD' | 'VOUCHER' | 'OTHER' | undefined;
    paymentDate?: string | undefined;
    appearance: 'PAPER' | 'ELECTRONIC' | 'EDI';
    orderNumber?: string | undefined;
    note?: string | undefined;
  };
  lines: NavLine[];
  summary: { byRate: RateSummary[]; net: Amounts; vat: Amounts; gross: Amounts };
}

/** Where a modification stands in its invoice's chain (the chain's head before it). */
export interface ChainPosition {
  /** invoiceReference/modificationIndex: 1 for the first modification of the invoice. */
  modificationIndex: number;
  /** Lines the invoice and its earlier modifications hold: this report's references continue after them. */
  linesBefore: number;
}
