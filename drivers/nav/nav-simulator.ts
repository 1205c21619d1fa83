import { createCipheriv, randomUUID } from 'node:crypto';
import { child, children, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import { API_NAMESPACE, COMMON_NAMESPACE, type TechnicalUser } from './api-request.js';
import { invoiceHash, passwordHash, requestSignature } from './nav-crypto.js';
import type { NavAnswer, NavExchange } from './nav-exchange.js';
import { DEFAULT_SOFTWARE } from './settings.js';

// The sandbox's NAV: answers tokenExchange, manageInvoice and queryTransactionStatus as the
// Online Számla API does, checking what the NAV checks before it takes a request (the password
// hash, the request signature, a single-use token that decrypts with the exchange key, indexes
// in order, each report's hash) and, a little later, processing each report: DONE, DONE with a
// warning, or ABORTED for buyers the settings name, and ABORTED INVOICE_NUMBER_NOT_UNIQUE for a
// number it already holds. Nothing leaves the process; reports have no legal effect.

/** The technical user of an entity without one of its own: known to the sandbox only. */
export const SANDBOX_USER: Omit<TechnicalUser, 'taxNumber'> = {
  login: 'sandboxtechuser',
  password: 'sandbox-password',
  signatureKey: 'sandbox-signature-key-0000000000',
  exchangeKey: 'sandbox-exchange',
};

export interface NavSimulatorOptions {
  clock: () => Date;
  /** Seconds from a report's receipt to its DONE (default 1). */
  processingSeconds?: number | undefined;
  /** Buyer taxpayer id → a WARN code, or an ERROR code that aborts the report. */
  warnings?: Readonly<Record<string, string>> | undefined;
  errors?: Readonly<Record<string, string>> | undefined;
}

interface Report {
  index: number;
  status: 'DONE' | 'ABORTED';
  messages: { result: 'ERROR' | 'WARN'; code: string; message: string; tag?: string | undefined; value?: string | undefined }[];
}

const TOKEN_VALID_MS = 5 * 60_000;

export class NavSimulator implements NavExchange {
  readonly name = 'sandbox';
  private readonly tokens = new Map<string, number>();
  private readonly transactions = new Map<string, { receivedAt: number; taxNumber: string; reports: Report[] }>();
  /** Invoice numbers reported, per taxpayer. */
  private readonly numbers = new Set<string>();
  private sequence = 0;

  constructor(private readonly o: NavSimulatorOptions) {}

  async post(operation: string, xml: string): Promise<NavAnswer> {
    let req: XmlTree;
    try {
      const parsed = parseLocal(xml);
      req = parsed[Object.keys(parsed).find((k) => !k.startsWith('@') && !k.startsWith('?'))!] as XmlTree;
    } catch {
      return error(400, 'INVALID_REQUEST', 'the request is not well-formed XML');
    }
    const user = child(req, 'user');
    const header = child(req, 'header');
    const taxNumber = text(user, 'taxNumber') ?? '';
    const requestId = text(header, 'requestId') ?? '';
    const timestamp = text(header, 'timestamp') ?? '';
    if (text(user, 'login') !== SANDBOX_USER.login || text(user, 'passwordHash') !== passwordHash(SANDBOX_USER.password)) {
      return error(401, 'INVALID_SECURITY_USER', 'Helytelen authentikációs adatok (login, passwordHash)');
    }
    const ops = children(child(req, 'invoiceOperations'), 'invoiceOperation');
    const signed = requestSignature(requestId, timestamp, SANDBOX_USER.signatureKey, ops.map((o) => ({ operation: text(o, 'invoiceOperation') ?? '', base64: text(o, 'invoiceData') ?? '' })));
    if (text(user, 'requestSignature') !== signed) return error(400, 'INVALID_REQUEST_SIGNATURE', 'Helytelen kérés aláírás (requestSignature)');
    const now = this.o.clock().getTime();
    switch (operation) {
      case 'tokenExchange':
        return this.token(now);
      case 'manageInvoice':
        return this.manage(req, ops, taxNumber, now);
      case 'queryTransactionStatus':
        return this.status(text(req, 'transactionId') ?? '', taxNumber, now);
      default:
        return { status: 404, body: '' };
    }
  }

  close(): void {}

  private token(now: number): NavAnswer {
    const token = `${randomUUID()}SBX`;
    this.tokens.set(token, now + TOKEN_VALID_MS);
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(SANDBOX_USER.exchangeKey, 'utf8'), null);
    const encoded = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
    return ok('TokenExchangeResponse', [leaf('encodedExchangeToken', encoded), leaf('tokenValidityFrom', iso(now)), leaf('tokenValidityTo', iso(now + TOKEN_VALID_MS))]);
  }

  private manage(req: XmlTree, ops: XmlTree[], taxNumber: string, now: number): NavAnswer {
    const token = text(req, 'exchangeToken') ?? '';
    const validTo = this.tokens.get(token);
    this.tokens.delete(token);
    if (validTo === undefined || validTo < now) return error(400, 'INVALID_EXCHANGE_TOKEN', 'Érvénytelen vagy lejárt adatszolgáltatási token');
    if (ops.some((o, i) => Number(text(o, 'index')) !== i + 1)) return error(400, 'INDEX_NOT_SEQUENTIAL', 'Az index nem folytonos');
    const reports = ops.map((o, i) => this.process(o, i + 1, taxNumber));
    const id = `SBX${(++this.sequence).toString(36).toUpperCase().padStart(6, '0')}${now.toString(36).toUpperCase()}`;
    this.transactions.set(id, { receivedAt: now, taxNumber, reports });
    return ok('ManageInvoiceResponse', [leaf('transactionId', id)]);
  }

  private process(o: XmlTree, index: number, taxNumber: string): Report {
    const bytes = Buffer.from(text(o, 'invoiceData') ?? '', 'base64');
    if (text(o, 'electronicInvoiceHash') !== invoiceHash(bytes)) return { index, status: 'ABORTED', messages: [{ result: 'ERROR', code: 'INVALID_INVOICE_HASH', message: 'Az elektronikus számla hash értéke nem egyezik' }] };
    let data: XmlTree;
    try {
      data = parseLocal(bytes.toString('utf8')).InvoiceData as XmlTree;
    } catch {
      return { index, status: 'ABORTED', messages: [{ result: 'ERROR', code: 'SCHEMA_VIOLATION', message: 'A számla adat nem jól formált XML' }] };
    }
    const number = text(data, 'invoiceNumber') ?? '';
    const key = `${taxNumber} ${number}`;
    if (this.numbers.has(key)) return { index, status: 'ABORTED', messages: [{ result: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', message: 'A megadott számlaszám korábban már felhasználásra került.', tag: 'invoiceNumber', value: number }] };
    const buyer = text(child(child(child(child(child(child(data, 'invoiceMain'), 'invoice'), 'invoiceHead'), 'customerInfo'), 'customerVatData'), 'customerTaxNumber'), 'taxpayerId');
    const failure = buyer && this.o.errors?.[buyer];
    if (failure) return { index, status: 'ABORTED', messages: [{ result: 'ERROR', code: failure, message: 'A vevő adószáma nem megfelelő (sandbox)', tag: 'customerTaxNumber', value: buyer }] };
    this.numbers.add(key);
    const warning = buyer && this.o.warnings?.[buyer];
    return { index, status: 'DONE', messages: warning ? [{ result: 'WARN', code: warning, message: 'Figyelmeztetés a vevő adataira (sandbox)', tag: 'customerTaxNumber', value: buyer }] : [] };
  }

  private status(id: string, taxNumber: string, now: number): NavAnswer {
    const t = this.transactions.get(id);
    if (!t || t.taxNumber !== taxNumber) return ok('QueryTransactionStatusResponse', []);
    const done = now - t.receivedAt >= (this.o.processingSeconds ?? 1) * 1000;
    const results = t.reports.map((r) =>
      el(
        'processingResult',
        undefined,
        leaf('index', String(r.index)),
        leaf('invoiceStatus', done ? r.status : 'PROCESSING'),
        done &&
          r.messages.map((m) =>
            el('businessValidationMessages', undefined, leaf('validationResultCode', m.result), leaf('validationErrorCode', m.code), leaf('message', m.message), !!m.tag && el('pointer', undefined, leaf('tag', m.tag), leaf('value', m.value))),
          ),
        leaf('compressedContentIndicator', 'false'),
      ),
    );
    return ok('QueryTransactionStatusResponse', [el('processingResults', undefined, results, leaf('originalRequestVersion', '3.0'))]);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

function basics(result: XmlNode[]): XmlNode[] {
  return [
    el('common:header', undefined, leaf('common:requestId', 'SANDBOX'), leaf('common:timestamp', new Date().toISOString()), leaf('common:requestVersion', '3.0'), leaf('common:headerVersion', '1.0')),
    el('common:result', undefined, result),
    // The NAV echoes the request's software block; the sandbox names itself.
    el('software', undefined, leaf('softwareId', DEFAULT_SOFTWARE.id), leaf('softwareName', 'sandbox NAV'), leaf('softwareOperation', 'ONLINE_SERVICE'), leaf('softwareMainVersion', '3.0'), leaf('softwareDevName', DEFAULT_SOFTWARE.dev_name), leaf('softwareDevContact', DEFAULT_SOFTWARE.dev_contact)),
  ];
}

function ok(root: string, body: (XmlNode | undefined | false)[]): NavAnswer {
  return { status: 200, body: serialize(el(root, { xmlns: API_NAMESPACE, 'xmlns:common': COMMON_NAMESPACE }, basics([leaf('common:funcCode', 'OK')!]), body)) };
}

function error(status: number, code: string, message: string): NavAnswer {
  return {
    status,
    body: serialize(el('GeneralErrorResponse', { xmlns: API_NAMESPACE, 'xmlns:common': COMMON_NAMESPACE }, basics([leaf('common:funcCode', 'ERROR')!, leaf('common:errorCode', code)!, leaf('common:message', message)!]))),
  };
}
