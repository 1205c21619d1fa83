import { randomBytes } from 'node:crypto';
import { manageInvoiceRequest, queryTransactionStatusRequest, tokenExchangeRequest, type ReportOperation, type RequestHead, type Software, type TechnicalUser } from './api-request.js';
import { processingResultsOf, readAnswer, tokenOf, transactionIdOf, type ApiAnswer, type ProcessingResult, type ValidationMessage } from './api-response.js';
import { decryptExchangeToken } from './nav-crypto.js';
import type { NavExchange } from './nav-exchange.js';

// The Online Számla API as one taxpayer's technical user uses it: a data reporting token for
// each manageInvoice (tokenExchange, decrypted with the exchange key; a token the NAV calls
// invalid or expired is replaced once), manageInvoice with up to 100 reports, and
// queryTransactionStatus. Every request is signed; the secrets never leave this object.

/** The NAV did not answer (network error, timeout, 5xx, maintenance): try again later. */
export class NavUnavailable extends Error {}

/** The NAV answered and refused the request: its errorCode and message. */
export class NavRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string,
    readonly technical: ValidationMessage[] = [],
  ) {
    super(message);
  }
}

/** The NAV refused the technical user (login, password, signature key, rights): the operator must act; documents wait. */
export class NavAuthRefused extends NavRefused {}

/** errorCodes that name the credentials or the user's rights (Interface Specification 3.0, 3.2). */
const AUTH_CODES = new Set(['INVALID_SECURITY_USER', 'NOT_REGISTERED_CUSTOMER', 'INVALID_CUSTOMER', 'INVALID_USER_RELATION', 'FORBIDDEN', 'INVALID_REQUEST_SIGNATURE', 'INVALID_PASSWORD_HASH_CRYPTO', 'INVALID_REQUEST_SIGNATURE_HASH_CRYPTO']);
/** errorCodes that mean "not now": maintenance, a server-side failure. */
const LATER_CODES = new Set(['MAINTENANCE_MODE', 'OPERATION_FAILED']);

export interface NavClientOptions {
  exchange: NavExchange;
  user: TechnicalUser;
  software?: Software | undefined;
  clock: () => Date;
  /** A new request id per request (default newRequestId); tests pin it. */
  requestIds?: (() => string) | undefined;
}

export class NavClient {
  constructor(private readonly o: NavClientOptions) {}

  /** Sends up to 100 reports in one request; the NAV's transaction id. A token refused as invalid is replaced once. */
  async manageInvoice(operations: readonly ReportOperation[]): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.exchangeToken();
      try {
        const answer = await this.call('manageInvoice', manageInvoiceRequest(this.head(), token, operations));
        const id = transactionIdOf(answer);
        if (!id) throw new NavUnavailable('the NAV answered manageInvoice without a transaction id');
        return id;
      } catch (err) {
        if (attempt === 1 && err instanceof NavRefused && err.errorCode === 'INVALID_EXCHANGE_TOKEN') continue;
        throw err;
      }
    }
  }

  async transactionStatus(transactionId: string): Promise<ProcessingResult[]> {
    return processingResultsOf(await this.call('queryTransactionStatus', queryTransactionStatusRequest(this.head(), transactionId)));
  }

  /** A fresh data reporting token (single use: one per manageInvoice). */
  private async exchangeToken(): Promise<string> {
    const answer = await this.call('tokenExchange', tokenExchangeRequest(this.head()));
    const { encoded } = tokenOf(answer);
    if (!encoded) throw new NavUnavailable('the NAV answered tokenExchange without a token');
    try {
      return decryptExchangeToken(encoded, this.o.user.exchangeKey);
    } catch {
      throw new NavAuthRefused('the data reporting token does not decrypt with the technical user\'s exchange key: check exchange_key_file', 200, 'TOKEN_DECRYPTION');
    }
  }

  /** The request's header and user blocks: a new request id (unique per taxpayer) at the clock's time. */
  private head(): RequestHead {
    return { requestId: (this.o.requestIds ?? newRequestId)(), timestamp: this.o.clock().toISOString(), user: this.o.user, software: this.o.software };
  }

  private async call(operation: string, xml: string): Promise<ApiAnswer> {
    let res;
    try {
      res = await this.o.exchange.post(operation, xml);
    } catch (err) {
      throw new NavUnavailable(`the NAV did not answer ${operation}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const answer = readAnswer(res.body);
    // HTTP 500 with a GeneralErrorResponse names the taxpayer or user (NOT_REGISTERED_CUSTOMER …);
    // any other 5xx, or a 500 without one, is the service not answering.
    if (res.status >= 500 && (!answer || res.status !== 500 || LATER_CODES.has(answer.result.errorCode ?? ''))) {
      throw new NavUnavailable(`the NAV answered ${operation} with HTTP ${res.status}${answer?.result.errorCode ? ` ${answer.result.errorCode}` : ''}`);
    }
    if (!answer) throw new NavUnavailable(`the NAV answered ${operation} with HTTP ${res.status} and no result`);
    if (answer.result.funcCode !== 'OK' || res.status !== 200) {
      const code = answer.result.errorCode ?? 'ERROR';
      const message = `the NAV refused ${operation}: ${code}${answer.result.message ? ` (${answer.result.message})` : ''}`;
      if (LATER_CODES.has(code)) throw new NavUnavailable(message);
      const Refusal = AUTH_CODES.has(code) ? NavAuthRefused : NavRefused;
      throw new Refusal(message, res.status, code, answer.technical);
    }
    return answer;
  }
}

/** `RID` and 24 random base-36 characters: unique per taxpayer, as the NAV requires ([+a-zA-Z0-9_]{1,30}). */
export function newRequestId(): string {
  const n = BigInt(`0x${randomBytes(16).toString('hex')}`).toString(36).toUpperCase();
  return `RID${n.padStart(25, '0').slice(-25)}`;
}
