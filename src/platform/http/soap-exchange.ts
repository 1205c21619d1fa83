import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { SecureContextOptions } from 'node:tls';
import type { NetworkCalls } from '../../spi/network-calls.js';
import { httpRequest } from './post.js';

// One request to a SOAP service and its raw answer: the AEAT's (over mutual TLS) and FACe's (its
// requests signed with WS-Security) are implementations, the sandbox's simulated services the
// others, so a driver's batching, waiting and reading answers are the same code either way.
// The network's call metrics count each request as `platform_<operation>`, the operation read
// from the SOAPAction the driver's code writes (`…#consultarFactura`, `…/RiceviFile`), or
// `platform_request` without one.

export interface SoapAnswer {
  status: number;
  body: string;
}

export interface SoapExchange {
  /** `source` of the statuses this exchange's answers give (`aeat`, `sandbox`). */
  readonly name: string;
  /** Posts the request (`action`: the SOAPAction header, `""` when absent); rejects when no answer came (network error, timeout). */
  post(xml: string, action?: string): Promise<SoapAnswer>;
  close(): void;
}

/** An answer for 1,000 records runs to several hundred kilobytes; keep all of it. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The client certificate a service may require on the connection (mutual TLS). */
export type ClientTls = Pick<SecureContextOptions, 'pfx' | 'cert' | 'key' | 'passphrase'>;

export class HttpsSoapExchange implements SoapExchange {
  private readonly agent: http.Agent;
  /** Cuts the requests on their way when closing. */
  private readonly aborter = new AbortController();

  constructor(
    readonly name: string,
    private readonly url: URL,
    tls: ClientTls,
    ca: Buffer | undefined,
    private readonly timeoutMs: number,
    private readonly calls?: NetworkCalls,
  ) {
    // The client certificate rides on the connection: one kept-alive agent per certificate. An
    // extra CA is trusted besides Node's roots, not instead of them.
    this.agent =
      url.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 2, ...tls, ...(ca && { ca: [...rootCertificates, ca.toString('utf8')] }) })
        : new http.Agent({ keepAlive: true, maxSockets: 2 });
  }

  post(xml: string, action?: string): Promise<SoapAnswer> {
    return httpRequest(this.url, {
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action ?? ''}"`, accept: 'text/xml' },
      body: xml,
      timeoutMs: this.timeoutMs,
      agent: this.agent,
      keepBytes: MAX_ANSWER_BYTES,
      signal: this.aborter.signal,
      meter: this.calls?.meter(`platform_${operationOf(action)}`),
    });
  }

  close(): void {
    this.aborter.abort();
    this.agent.destroy();
  }
}

/** The operation a SOAPAction names: its last part after `#` or `/` (a constant of the driver's code, so a bounded label). */
function operationOf(action: string | undefined): string {
  return /([A-Za-z][\w-]*)"?$/.exec(action ?? '')?.[1] ?? 'request';
}
