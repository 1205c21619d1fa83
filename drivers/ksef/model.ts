import type { Decimal } from '../../src/lib/money.js';
import type { RateGroup } from './rate-groups.js';

// The FA(3) invoice as the writer needs it (besides the generation time, the render clock's):
// every choice made, every amount computed and signed
// (a corrective invoice carries differences, so a credit note's amounts are negative). Built
// from the semantic invoice by build.ts; written by xml.ts.

export interface Fa3Address {
  country: string;
  line1: string;
  line2?: string | undefined;
}

export interface Fa3Contact {
  email?: string | undefined;
  telephone?: string | undefined;
}

/** How Podmiot2 is identified: the schema's choice of elements. */
export type BuyerId =
  | { kind: 'NIP'; nip: string }
  | { kind: 'EU'; code: string; vat: string }
  | { kind: 'OTHER'; country?: string | undefined; id: string }
  | { kind: 'NONE' };

export interface Fa3Line {
  no: number;
  name: string;
  index?: string | undefined;
  unit: string;
  quantity: Decimal;
  price: Decimal;
  /** P_10: discounts not in the unit price. */
  discount?: Decimal | undefined;
  net: Decimal;
  rate: string;
  /** KursWaluty of a non-PLN invoice's taxed line. */
  exchangeRate?: Decimal | undefined;
}

export interface Fa3Sum {
  group: RateGroup;
  base: Decimal;
  tax?: Decimal | undefined;
  /** P_14_xW: the tax in PLN for a non-PLN invoice. */
  taxPln?: Decimal | undefined;
}

export interface CorrectedInvoice {
  number: string;
  date: string;
  ksefNumber?: string | undefined;
}

export interface Fa3Invoice {
  systemInfo: string;
  seller: { nip: string; name: string; address: Fa3Address; contact?: Fa3Contact | undefined };
  buyer: { id: BuyerId; name: string; address?: Fa3Address | undefined; contact?: Fa3Contact | undefined };
  currency: string;
  issueDate: string;
  number: string;
  /** P_6, when it differs from the issue date. */
  supplyDate?: string | undefined;
  sums: Fa3Sum[];
  total: Decimal;
  reverseCharge: boolean;
  exemption?: { field: 'P_19A' | 'P_19B' | 'P_19C'; text: string } | undefined;
  kind: 'VAT' | 'KOR';
  correction?: { reason?: string | undefined; type?: number | undefined; invoices: CorrectedInvoice[] } | undefined;
  lines: Fa3Line[];
  settlement?: { prepaid: Decimal; payable: Decimal } | undefined;
  payment?: { dueDate?: string | undefined; form?: number | undefined; other?: string | undefined; accounts: { number: string; swift?: string | undefined }[] } | undefined;
  orderReference?: string | undefined;
  footer: string[];
}
