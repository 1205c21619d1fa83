import type { Decimal } from '../../src/lib/money.js';
import type { CancellationRequest } from './cancellation.js';

// Facturae 3.2.2 as plain data: what build.ts decided, ready for xml.ts to write.
// Amounts are decimals with their sign already applied (a corrective invoice's are negative).

export interface FacturaeTaxId {
  /** F natural person, J legal entity. */
  personType: 'F' | 'J';
  /** R resident in Spain, U resident elsewhere in the EU, E resident outside the EU. */
  residence: 'R' | 'U' | 'E';
  /** A Spanish NIF without prefix; a foreign tax id as given (an EU VAT number with its prefix). */
  number: string;
}

export type FacturaeAddress =
  | { inSpain: true; address: string; postCode: string; town: string; province: string }
  | { inSpain: false; address: string; postCodeAndTown: string; province: string; country: string };

export interface FacturaeContact {
  telephone?: string | undefined;
  email?: string | undefined;
  person?: string | undefined;
}

export interface AdministrativeCentre {
  code: string;
  role: string;
  name?: string | undefined;
}

export interface FacturaeParty {
  taxId: FacturaeTaxId;
  centres: AdministrativeCentre[];
  /** A legal entity's corporate name, or a natural person's name and surnames. */
  name: { corporate: string; trade?: string | undefined } | { name: string; firstSurname: string; secondSurname?: string | undefined };
  address: FacturaeAddress;
  contact?: FacturaeContact | undefined;
}

/** An amount and, for a non-EUR invoice, its value in euros (EquivalentInEuros). */
export interface Amount {
  amount: Decimal;
  euros?: Decimal | undefined;
}

export interface TaxOutput {
  rate: Decimal;
  base: Amount;
  tax: Amount;
}

export interface Adjustment {
  reason: string;
  rate?: Decimal | undefined;
  amount: Decimal;
}

export interface FacturaeLine {
  description: string;
  quantity: Decimal;
  unit?: string | undefined;
  unitPrice: Decimal;
  totalCost: Decimal;
  discounts: Adjustment[];
  charges: Adjustment[];
  gross: Decimal;
  tax: { rate: Decimal; base: Decimal; amount: Decimal };
  /** SpecialTaxableEvent: 01 exempt, 02 not subject, with the reason. */
  special?: { code: '01' | '02'; reason: string } | undefined;
  additionalInformation?: string | undefined;
  articleCode?: string | undefined;
  /** ReceiverTransactionReference: the buyer's order. */
  orderReference?: string | undefined;
}

export interface Correction {
  number: string;
  reasonCode: string;
  reasonDescription: string;
  period: { start: string; end: string };
  method: string;
  methodDescription: string;
  additionalReason?: string | undefined;
  issueDate?: string | undefined;
}

export interface Installment {
  dueDate: string;
  amount: Decimal;
  means: string;
  creditAccount?: string | undefined;
  debitAccount?: string | undefined;
  reference?: string | undefined;
}

export interface FacturaeInvoice {
  batchId: string;
  currency: string;
  /** EUR per unit of the invoice currency, with its date, for a non-EUR invoice. */
  exchangeRate?: { rate: Decimal; date: string } | undefined;
  seller: FacturaeParty;
  buyer: FacturaeParty;
  number: string;
  corrective?: Correction | undefined;
  issueDate: string;
  operationDate?: string | undefined;
  period?: { start: string; end: string } | undefined;
  description?: string | undefined;
  /** ReceiverTransactionReference / FileReference: the buyer's order and file (expediente). */
  orderReference?: string | undefined;
  fileReference?: string | undefined;
  taxes: TaxOutput[];
  totals: {
    gross: Decimal;
    discounts: Adjustment[];
    charges: Adjustment[];
    totalDiscounts?: Decimal | undefined;
    totalCharges?: Decimal | undefined;
    beforeTaxes: Decimal;
    taxOutputs: Decimal;
    total: Amount;
    prepaid?: { date: string; amount: Decimal } | undefined;
    outstanding: Amount;
    executable: Amount;
  };
  lines: FacturaeLine[];
  installments: Installment[];
  legalLiterals: string[];
}

/**
 * What FACE writes of an examined document: a Facturae (under the document type it was submitted
 * as), or, for an invoice resubmitted VOIDED, the request to cancel it in FACe.
 */
export type FaceModel = { kind: 'invoice'; documentType: string; facturae: FacturaeInvoice } | { kind: 'cancellation'; request: CancellationRequest };
