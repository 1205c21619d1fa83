import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import { passwordHash, requestSignature } from './nav-crypto.js';
import type { NavSettings } from './settings.js';
import { DEFAULT_SOFTWARE } from './settings.js';

// The Online Számla API's request messages (invoiceApi.xsd 3.0): the common header, user and
// software blocks every request carries, then tokenExchange, manageInvoice (up to 100
// operations, each the base64 report and its hash) and queryTransactionStatus.

export const API_NAMESPACE = 'http://schemas.nav.gov.hu/OSA/3.0/api';
export const COMMON_NAMESPACE = 'http://schemas.nav.gov.hu/NTCA/1.0/common';
export const MAX_OPERATIONS = 100;

/** The technical user, its secrets read from files at start; never logged. */
export interface TechnicalUser {
  login: string;
  password: string;
  signatureKey: string;
  exchangeKey: string;
  /** The taxpayer's törzsszám (8 digits). */
  taxNumber: string;
}

export type Software = NonNullable<NavSettings['software']>;

export interface RequestHead {
  requestId: string;
  /** UTC, `2026-11-24T10:00:00.000Z`. */
  timestamp: string;
  user: TechnicalUser;
  software: Software | undefined;
}

export interface ReportOperation {
  operation: 'CREATE' | 'MODIFY' | 'STORNO';
  /** The InvoiceData bytes as sent. */
  base64: string;
  hash: string;
}

function basics(h: RequestHead, operations: readonly { operation: string; base64: string }[] = []): (XmlNode | undefined)[] {
  const s = h.software ?? DEFAULT_SOFTWARE;
  return [
    el('common:header', undefined, leaf('common:requestId', h.requestId), leaf('common:timestamp', h.timestamp), leaf('common:requestVersion', '3.0'), leaf('common:headerVersion', '1.0')),
    el(
      'common:user',
      undefined,
      leaf('common:login', h.user.login),
      leaf('common:passwordHash', passwordHash(h.user.password), { cryptoType: 'SHA-512' }),
      leaf('common:taxNumber', h.user.taxNumber),
      leaf('common:requestSignature', requestSignature(h.requestId, h.timestamp, h.user.signatureKey, operations), { cryptoType: 'SHA3-512' }),
    ),
    el(
      'software',
      undefined,
      leaf('softwareId', s.id),
      leaf('softwareName', s.name),
      leaf('softwareOperation', s.operation ?? 'ONLINE_SERVICE'),
      leaf('softwareMainVersion', s.main_version),
      leaf('softwareDevName', s.dev_name),
      leaf('softwareDevContact', s.dev_contact),
      leaf('softwareDevCountryCode', 'dev_country_code' in s ? s.dev_country_code : undefined),
      leaf('softwareDevTaxNumber', 'dev_tax_number' in s ? s.dev_tax_number : undefined),
    ),
  ];
}

const ROOT = { xmlns: API_NAMESPACE, 'xmlns:common': COMMON_NAMESPACE };

export const tokenExchangeRequest = (h: RequestHead): string => serialize(el('TokenExchangeRequest', ROOT, basics(h)));

export function manageInvoiceRequest(h: RequestHead, exchangeToken: string, operations: readonly ReportOperation[]): string {
  if (operations.length < 1 || operations.length > MAX_OPERATIONS) throw new Error(`manageInvoice takes 1 to ${MAX_OPERATIONS} operations; got ${operations.length}`);
  return serialize(
    el(
      'ManageInvoiceRequest',
      ROOT,
      basics(h, operations),
      leaf('exchangeToken', exchangeToken),
      el(
        'invoiceOperations',
        undefined,
        leaf('compressedContent', 'false'),
        operations.map((o, i) =>
          el(
            'invoiceOperation',
            undefined,
            leaf('index', String(i + 1)),
            leaf('invoiceOperation', o.operation),
            leaf('invoiceData', o.base64),
            leaf('electronicInvoiceHash', o.hash, { cryptoType: 'SHA3-512' }),
          ),
        ),
      ),
    ),
  );
}

export const queryTransactionStatusRequest = (h: RequestHead, transactionId: string): string =>
  serialize(el('QueryTransactionStatusRequest', ROOT, basics(h), leaf('transactionId', transactionId), leaf('returnOriginalRequest', 'false')));
