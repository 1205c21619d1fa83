import http from 'node:http';
import https from 'node:https';
import { httpRequest } from '../../src/http/post.js';

// One request to the KSeF API and its raw answer. KSeF's own service is one implementation; the
// sandbox's simulated KSeF (ksef-simulator.ts) is the other, so authentication, sessions and
// reading answers are the same code either way.

export interface KsefAnswer {
  status: number;
  body: string;
  retryAfterMs?: number | undefined;
}

export interface KsefRequest {
  method: 'GET' | 'POST';
  /** Relative to the API root, e.g. `/auth/challenge`. */
  path: string;
  /** Bearer token: the authentication, access or refresh token the endpoint wants. */
  token?: string | undefined;
  json?: unknown;
}

export interface KsefExchange {
  /** `source` of the statuses its answers give (`ksef`, `sandbox`). */
  readonly name: string;
  /** Rejects when no answer came (network error, timeout). */
  request(r: KsefRequest): Promise<KsefAnswer>;
  close(): void;
}

/** The test, pre-production and production API roots (ksef-docs, srodowiska.md). */
export const KSEF_API: Readonly<Record<'test' | 'demo' | 'production', string>> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
};

/** A UPO for 10,000 invoices is large; an invoice's is small, an error list can be long. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export class HttpsKsefExchange implements KsefExchange {
  readonly name = 'ksef';
  private readonly agent: http.Agent;
  private readonly aborter = new AbortController();

  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
  ) {
    this.agent = root.startsWith('https:') ? new https.Agent({ keepAlive: true, maxSockets: 4 }) : new http.Agent({ keepAlive: true, maxSockets: 4 });
  }

  request(r: KsefRequest): Promise<KsefAnswer> {
    const body = r.json === undefined ? undefined : JSON.stringify(r.json);
    return httpRequest(new URL(this.root.replace(/\/$/, '') + r.path), {
      method: r.method,
      headers: {
        accept: 'application/json, application/xml',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(r.token && { authorization: `Bearer ${r.token}` }),
      },
      ...(body !== undefined ? { body } : r.method === 'POST' ? { body: '' } : {}),
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
