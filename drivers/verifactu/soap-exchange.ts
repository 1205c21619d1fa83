import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { httpRequest } from '../../src/http/post.js';
import type { ClientTls } from './certificates.js';

// One request to the AEAT's SOAP service and its raw answer. The AEAT's own service over mutual
// TLS is one implementation; the sandbox's simulated AEAT (aeat-simulator.ts) is the other, so
// batching, waiting and reading answers are the same code either way.

export interface SoapAnswer {
  status: number;
  body: string;
}

export interface SoapExchange {
  /** `source` of the statuses this exchange's answers give (`aeat`, `sandbox`). */
  readonly name: string;
  /** Posts the request; rejects when no answer came (network error, timeout). */
  post(xml: string): Promise<SoapAnswer>;
  close(): void;
}

/** An answer for 1,000 records runs to several hundred kilobytes; keep all of it. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export class HttpsSoapExchange implements SoapExchange {
  readonly name = 'aeat';
  private readonly agent: http.Agent;
  /** Cuts the requests on their way when closing. */
  private readonly aborter = new AbortController();

  constructor(
    private readonly url: URL,
    tls: ClientTls,
    ca: Buffer | undefined,
    private readonly timeoutMs: number,
  ) {
    // The client certificate rides on the connection: one kept-alive agent per certificate. An
    // extra CA is trusted besides Node's roots, not instead of them.
    this.agent =
      url.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 2, ...tls, ...(ca && { ca: [...rootCertificates, ca.toString('utf8')] }) })
        : new http.Agent({ keepAlive: true, maxSockets: 2 });
  }

  post(xml: string): Promise<SoapAnswer> {
    return httpRequest(this.url, {
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
      body: xml,
      timeoutMs: this.timeoutMs,
      agent: this.agent,
      keepBytes: MAX_ANSWER_BYTES,
      signal: this.aborter.signal,
    });
  }

  close(): void {
    this.aborter.abort();
    this.agent.destroy();
  }
}
