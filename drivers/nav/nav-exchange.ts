import { ApiConnection } from '../../src/platform/http/api-connection.js';
import type { NetworkCalls } from '../../src/spi/network-calls.js';

// One request to the Online Számla API (POST of an XML message to /invoiceService/v3/<operation>)
// and its raw answer. The NAV's own service is one implementation; the sandbox's simulated NAV
// (nav-simulator.ts) is the other, so signing, tokens, batching and reading answers are the same
// code either way.

export interface NavAnswer {
  status: number;
  body: string;
}

export interface NavExchange {
  /** `source` of the statuses its answers give (`nav`, `sandbox`). */
  readonly name: string;
  /** `operation`: tokenExchange, manageInvoice, queryTransactionStatus. Rejects when no answer came (network error, timeout). */
  post(operation: string, xml: string): Promise<NavAnswer>;
  close(): void;
}

/** The test and production API roots (Interface Specification 3.0, "Environment accessibility"). */
export const NAV_API: Readonly<Record<'test' | 'production', string>> = {
  test: 'https://api-test.onlineszamla.nav.gov.hu/invoiceService/v3',
  production: 'https://api.onlineszamla.nav.gov.hu/invoiceService/v3',
};

/** A status answer for 100 invoices with their messages stays well under this. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export class HttpsNavExchange implements NavExchange {
  readonly name = 'nav';
  private readonly connection: ApiConnection;

  constructor(
    private readonly root: string,
    timeoutMs: number,
    calls?: NetworkCalls,
  ) {
    this.connection = new ApiConnection(root, timeoutMs, MAX_ANSWER_BYTES, calls);
  }

  post(operation: string, xml: string): Promise<NavAnswer> {
    return this.connection.request(operation, new URL(`${this.root.replace(/\/$/, '')}/${operation}`), { headers: { 'content-type': 'application/xml', accept: 'application/xml' }, body: xml });
  }

  close(): void {
    this.connection.close();
  }
}
