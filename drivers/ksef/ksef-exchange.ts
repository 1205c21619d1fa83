import { ApiConnection } from '../../src/platform/http/api-connection.js';
import type { NetworkCalls } from '../../src/spi/network-calls.js';

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
  private readonly connection: ApiConnection;

  constructor(
    private readonly root: string,
    timeoutMs: number,
    calls?: NetworkCalls,
  ) {
    this.connection = new ApiConnection(root, timeoutMs, MAX_ANSWER_BYTES, calls);
  }

  request(r: KsefRequest): Promise<KsefAnswer> {
    const body = r.json === undefined ? undefined : JSON.stringify(r.json);
    return this.connection.request(operationOf(r.path), new URL(this.root.replace(/\/$/, '') + r.path), {
      method: r.method,
      headers: {
        accept: 'application/json, application/xml, application/problem+json',
        // Refusals as problem details (errors[].code), not the deprecated ExceptionResponse.
        'x-error-format': 'problem-details',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(r.token && { authorization: `Bearer ${r.token}` }),
      },
      ...(body !== undefined ? { body } : r.method === 'POST' ? { body: '' } : {}),
    });
  }

  close(): void {
    this.connection.close();
  }
}

/**
 * The operation a path names, for the call metrics: its segments without the reference numbers
 * (every KSeF reference has digits), `/sessions/online/{ref}/invoices` as `sessions_online_invoices`.
 */
function operationOf(path: string): string {
  return path.split('?')[0]!.split('/').filter((s) => s !== '' && !/\d/.test(s)).join('_') || 'root';
}
