import { XML_INVALID_CHAR } from '../formats/xml/writer.js';
import type { IssueList } from '../spi/issues.js';

// Checks every XML-producing driver runs before its own: text that XML cannot carry, dates
// that are well formed but do not exist, currencies outside ISO 4217. Codes carry the driver's
// prefix (`PEPPOL-002`) so each driver's README lists them with the rest.

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function checkCommon(doc: unknown, prefix: string, issues: IssueList): void {
  // Most documents have nothing to report: one plain pass says so, and only a document with a
  // finding is walked again with the key stack its issues' paths are made from (issue 45).
  if (hasFinding(doc, undefined)) walk(doc, [], (path, key, value) => {
    if (cannotCarry(value)) issues.invalid(`${prefix}-003`, pathText(path), XML_TEXT_MESSAGE);
    else if (finding(key, value)) {
      issues.invalid(`${prefix}-002`, pathText(path), `is not a calendar date (got "${value}")`);
    }
  });
  const currency = (doc as { currency_code?: unknown }).currency_code;
  if (typeof currency === 'string' && !CURRENCIES.has(currency)) issues.invalid(`${prefix}-004`, 'currency_code', `is not an ISO 4217 currency (got "${currency}")`);
}

const XML_TEXT_MESSAGE = 'contains a control character XML cannot carry';

/** Only the text check, under a code of the driver's choosing (a driver whose -003 means something else). */
export function checkXmlText(doc: unknown, code: string, issues: IssueList): void {
  walk(doc, [], (path, _key, value) => {
    if (cannotCarry(value)) issues.invalid(code, pathText(path), XML_TEXT_MESSAGE);
  });
}

/** A character outside TAB, LF, CR, U+0020-U+D7FF and U+E000-U+FFFD: only text with one can hold what XML cannot carry (a surrogate pair is then read by XML_INVALID_CHAR). */
const BEYOND_PLAIN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/;

/** XML_INVALID_CHAR, asked only of text beyond the plain range: the simple class is read twice as fast, and most text is plain. */
const cannotCarry = (text: string) => BEYOND_PLAIN.test(text) && XML_INVALID_CHAR.test(text);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `text` matches DATE: a real day of the proleptic Gregorian calendar (what Date reads it as), counted without a Date. */
function isRealDate(text: string): boolean {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A string `checkCommon` reports on: text XML cannot carry, or a date (by its key) that is no calendar day. */
function finding(key: string | number | undefined, value: string): boolean {
  return cannotCarry(value) || (typeof key === 'string' && key.endsWith('date') && DATE.test(value) && !isRealDate(value));
}

/** Whether any string of the value is a finding, by the key it sits under: no key stack, no callback. */
function hasFinding(value: unknown, key: string | number | undefined): boolean {
  if (typeof value === 'string') return finding(key, value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasFinding(value[i], i)) return true;
  } else if (value && typeof value === 'object') {
    for (const k in value) if (hasFinding((value as Record<string, unknown>)[k], k)) return true;
  }
  return false;
}

/** Visits every string with its path as a key stack; the dotted text is built only for a finding. */
function walk(value: unknown, path: (string | number)[], visit: (path: (string | number)[], key: string | number | undefined, value: string) => void): void {
  if (typeof value === 'string') visit(path, path[path.length - 1], value);
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(value[i], path, visit);
      path.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const k in value) {
      path.push(k);
      walk((value as Record<string, unknown>)[k], path, visit);
      path.pop();
    }
  }
}

function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}
