import type { Decimal } from '../../src/lib/money.js';
import type { Natura } from './natura.js';

// The FatturaPA invoice as the writer needs it: every choice made (format, routing, Natura,
// stamp duty), every amount computed, every text already in the character set its field takes.
// Built from the semantic invoice by build.ts; written by xml.ts.

export type Formato = 'FPR12' | 'FPA12';

export interface IdFiscale {
  country: string;
  code: string;
}

/** `Anagrafica`: the Denominazione (the schema's alternative, Nome + Cognome, needs a split no SPI field gives). */
export type Anagrafica = { denominazione: string };

export interface Sede {
  indirizzo: string;
  cap: string;
  comune: string;
  provincia?: string | undefined;
  nazione: string;
}

export interface Routing {
  /** 7 characters (FPR12), 6 (FPA12), `0000000` (PEC or the buyer's tax drawer), `XXXXXXX` (a buyer abroad). */
  codiceDestinatario: string;
  pec?: string | undefined;
}

export interface FpaLine {
  no: number;
  /** `SC` discount, `AC` accessory charge: a document-level allowance or charge written as a line. */
  tipo?: 'SC' | 'AC' | undefined;
  articleCode?: string | undefined;
  description: string;
  quantity?: Decimal | undefined;
  unit?: string | undefined;
  unitPrice: Decimal;
  /** Per unit, positive: a discount (SC) or a surcharge (MG) the line's own allowances and charges make. */
  adjustment?: { tipo: 'SC' | 'MG'; perUnit: Decimal } | undefined;
  total: Decimal;
  rate: Decimal;
  natura?: Natura | undefined;
}

export interface Riepilogo {
  rate: Decimal;
  natura?: Natura | undefined;
  taxable: Decimal;
  tax: Decimal;
  /** I immediate, S split payment (a public buyer pays the VAT to the Treasury). */
  esigibilita?: 'I' | 'S' | undefined;
  reference?: string | undefined;
}

export interface Pagamento {
  modalita: string;
  dueDate?: string | undefined;
  amount: Decimal;
  iban?: string | undefined;
  bic?: string | undefined;
}

export interface FpaInvoice {
  formato: Formato;
  transmitter: IdFiscale;
  /** ProgressivoInvio: the transmitter's sequence, also the file name's. */
  progressive: string;
  routing: Routing;
  seller: { vat: IdFiscale; codiceFiscale?: string | undefined; anagrafica: Anagrafica; regimeFiscale: string; sede: Sede; email?: string | undefined };
  buyer: { vat?: IdFiscale | undefined; codiceFiscale?: string | undefined; anagrafica: Anagrafica; sede: Sede };
  tipoDocumento: 'TD01' | 'TD04';
  currency: string;
  date: string;
  number: string;
  stampDuty?: string | undefined;
  total: Decimal;
  causale: string[];
  orderReference?: string | undefined;
  linkedInvoices: { number: string; date?: string | undefined }[];
  lines: FpaLine[];
  summaries: Riepilogo[];
  payment?: Pagamento | undefined;
}

/** What SDI writes of an examined document: the FatturaPA (its ProgressivoInvio still to number) under the document type it was submitted as. */
export interface SdiModel {
  documentType: string;
  fpa: FpaInvoice;
}
