import type { MainDocument } from '../../spi/document.js';
import type { IssueList } from '../../spi/issues.js';
import type { Row } from './field-rows.js';

// BT-3, the document type code (UNTDID 1001): 380 and 381 unless the document names another in
// `document_type_code` (what an override mapping of InvoiceTypeCode, CreditNoteTypeCode or CII's
// TypeCode writes). Each format allows its own subset, per kind of document the adapter writes:
// an invoice's code for an INVOICE, a credit note's for a CREDIT_NOTE (CII has one element for
// both; the adapter still writes a credit note's amounts, so it takes a credit note's code).

export interface TypeCodes {
  /** Whose list it is, as a refusal names it. */
  readonly source: string;
  readonly invoice: readonly string[];
  readonly creditNote: readonly string[];
}

/** What every driver writes when the document names no code. */
export const DEFAULT_TYPE_CODE = { invoice: '380', creditNote: '381' } as const;

/**
 * Only the default codes: for formats whose rules change with the code in ways the driver does
 * not implement (France's self-billing and prepayment codes, OIOUBL's), and formats with no BT-3.
 */
export const WRITTEN_TYPE_CODES: TypeCodes = Object.freeze({ source: 'this driver', invoice: ['380'], creditNote: ['381'] });

/** EN 16931's BR-CL-01 (CEN rules 1.3.16); Factur-X 1.09's code list (`cl` 2 of every profile) is the same union. */
export const EN16931_TYPE_CODES: TypeCodes = Object.freeze({
  source: 'EN 16931 (BR-CL-01)',
  invoice: '71 80 81 82 84 102 130 202 203 204 211 218 219 295 325 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 471 472 473 500 501 527 553 575 623 633 751 780 817 870 875 876 877 935'.split(' '),
  creditNote: '81 83 261 262 296 308 381 396 420 458 502 503 532'.split(' '),
});

/** XRechnung 3.0's BR-DE-17 (326, 380, 384, 389, 381, 875, 876, 877), each on the side BR-CL-01 puts it. */
export const XRECHNUNG_TYPE_CODES: TypeCodes = Object.freeze({
  source: 'XRechnung 3.0 (BR-DE-17)',
  invoice: ['326', '380', '384', '389', '875', '876', '877'],
  creditNote: ['381'],
});

/** The document's BT-3, or its default; a code the format does not allow is refused naming the list (bare code 041). */
export function documentTypeCode(doc: MainDocument, codes: TypeCodes, issues: IssueList): string {
  const isInvoice = doc.type === 'INVOICE';
  const code = doc.document_type_code ?? (isInvoice ? DEFAULT_TYPE_CODE.invoice : DEFAULT_TYPE_CODE.creditNote);
  const allowed = isInvoice ? codes.invoice : codes.creditNote;
  if (!allowed.includes(code)) {
    issues.invalid('041', 'document_type_code', `${code} is not ${isInvoice ? 'an invoice' : 'a credit note'} type code ${codes.source} allows: ${allowed.join(', ')}`);
  }
  return code;
}

/**
 * The field-table row of BT-3 in a syntax: written to `document_type_code`, listing the codes the
 * format allows for this kind of document, and the code written when nothing is mapped.
 */
export function typeCodeRow(path: string, name: string, codes: TypeCodes, kind: 'invoice' | 'creditNote'): Row {
  const fallback = DEFAULT_TYPE_CODE[kind];
  const allowed = codes[kind];
  const description = allowed.length === 1 ? `${fallback}: the one code ${codes.source} allows here` : `${fallback} unless mapped; ${codes.source} allows ${allowed.join(', ')}`;
  return [path, 'document_type_code', name, 'string', 'Mandatory', description, allowed, fallback];
}
