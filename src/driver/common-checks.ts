import { XML_INVALID_CHAR } from '../ubl/xml.js';
import type { IssueList } from './issues.js';

// Checks every XML-producing driver runs before its own: text that XML cannot carry, dates
// that are well formed but do not exist, currencies outside ISO 4217. Codes carry the driver's
// prefix (`PEPPOL-002`) so each driver's README lists them with the rest.

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function checkCommon(doc: unknown, prefix: string, issues: IssueList): void {
  walk(doc, '', (path, value) => {
    if (typeof value !== 'string') return;
    if (XML_INVALID_CHAR.test(value)) issues.invalid(`${prefix}-003`, path, 'contains a control character XML cannot carry');
    else if (/(^|\.)[a-z_]*date$/.test(path) && /^\d{4}-\d{2}-\d{2}$/.test(value) && !isRealDate(value)) {
      issues.invalid(`${prefix}-002`, path, `is not a calendar date (got "${value}")`);
    }
  });
  const currency = (doc as { currency_code?: unknown }).currency_code;
  if (typeof currency === 'string' && !CURRENCIES.has(currency)) issues.invalid(`${prefix}-004`, 'currency_code', `is not an ISO 4217 currency (got "${currency}")`);
}

function isRealDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function walk(value: unknown, path: string, visit: (path: string, value: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, visit);
  } else visit(path, value);
}
