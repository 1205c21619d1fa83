import { amount2, type Decimal } from '../../lib/money.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

// CII's data types: dates are `YYYYMMDD` with format 102; amounts carry no currency, except the
// invoice total VAT amount (BT-110, TaxTotalAmount@currencyID); identifiers their schemeID.

/** `2025-04-02` → `20250402` (format 102). */
function date102(iso: string): string {
  return iso.replaceAll('-', '');
}

/** A date-time element of the `udt:DateTimeString` form (IssueDateTime, DueDateDateTime, OccurrenceDateTime). */
export function dateTimeEl(name: string, iso: string | undefined): XmlNode | undefined {
  return iso ? el(name, undefined, leaf('udt:DateTimeString', date102(iso), { format: '102' })) : undefined;
}

/** A date of the `udt:DateString` form (TaxPointDate). */
export function dateEl(name: string, iso: string | undefined): XmlNode | undefined {
  return iso ? el(name, undefined, leaf('udt:DateString', date102(iso), { format: '102' })) : undefined;
}

/** A referenced document's date, `qdt:DateTimeString` (InvoiceReferencedDocument/FormattedIssueDateTime). */
export function formattedDateEl(name: string, iso: string | undefined): XmlNode | undefined {
  return iso ? el(name, undefined, leaf('qdt:DateTimeString', date102(iso), { format: '102' })) : undefined;
}

/** An amount, two decimals, no currency attribute (CII states the currency once, InvoiceCurrencyCode). */
export function amountEl(name: string, value: Decimal | undefined, currency?: string): XmlNode | undefined {
  return value === undefined ? undefined : leaf(name, amount2(value), currency ? { currencyID: currency } : undefined);
}

/** An identifier with its optional `schemeID`. */
export function idEl(name: string, id: { id: string; scheme?: string | undefined } | undefined): XmlNode | undefined {
  return id ? leaf(name, id.id, { schemeID: id.scheme }) : undefined;
}

/** `udt:Indicator` true/false (ChargeIndicator). */
export function indicatorEl(name: string, value: boolean): XmlNode {
  return el(name, undefined, leaf('udt:Indicator', value ? 'true' : 'false'));
}
