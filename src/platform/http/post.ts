import http from 'node:http';
import https from 'node:https';
import { outcomeOf, type CallMeter, type CallOutcome } from '../../spi/network-calls.js';

// One HTTP POST whose answer is read but not trusted to be small: the status, the start of the
// body, and Retry-After. Shared by the callback poster (adapter → platform), the webhook worker
// (billing → merchant) and the e-invoicing client (billing → adapter).

export interface PostResult {
  status: number;
  /** The start of the response body (what a failed row keeps). */
  body: string;
  /** Retry-After of a 429 / 503, in milliseconds. */
  retryAfterMs?: number | undefined;
  /** The answer's Content-Type, when it has one. */
  contentType?: string | undefined;
}

/** A network error or a timeout: nothing trustworthy came back. */
export class PostNetworkError extends Error {}

const DEFAULT_KEEP = 4096;

export interface PostOptions {
  method?: 'POST' | 'GET';
  headers: http.OutgoingHttpHeaders;
  body?: string | Buffer;
  timeoutMs: number;
  agent?: http.Agent;
  /** How much of the answer's body to keep. */
  keepBytes?: number;
  /** Aborts the request (a network error for the caller). */
  signal?: AbortSignal;
  /** Told how the request ended and how long it took (a network's call metrics); undefined: nothing is told. */
  meter?: CallMeter | undefined;
}

export function httpRequest(url: URL, options: PostOptions): Promise<PostResult> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  const keep = options.keepBytes ?? DEFAULT_KEEP;
  const headers = { ...options.headers, ...(options.body !== undefined && { 'content-length': Buffer.byteLength(options.body) }) };
  const started = performance.now();
  let timedOut = false;
  let told = false;
  // Every way out goes through one of these; the meter hears of each request once.
  const tell = (outcome: CallOutcome) => {
    if (!options.meter || told) return;
    told = true;
    options.meter(outcome, (performance.now() - started) / 1000);
  };
  const answered = (result: PostResult) => (tell(outcomeOf(result.status)), result);
  const failed = (err: PostNetworkError) => (tell(timedOut ? 'timeout' : 'network'), err);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers, ...(options.agent && { agent: options.agent }), ...(options.signal && { signal: options.signal }), timeout: options.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept < keep) chunks.push(c);
        kept += c.length;
      });
      res.on('end', () => resolve(answered({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, keep), retryAfterMs: retryAfter(res.headers['retry-after']), contentType: res.headers['content-type'] })));
      res.on('error', (err) => reject(failed(new PostNetworkError(err.message, { cause: err }))));
    });
    req.on('timeout', () => {
      timedOut = true;
      req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'TIMEOUT' }));
    });
    // The cause keeps Node's code (ECONNREFUSED, CERT_HAS_EXPIRED…) for the logs' error_code (spi/error-code.ts).
    req.on('error', (err) => reject(failed(new PostNetworkError(`${(err as NodeJS.ErrnoException).code ?? 'network error'}: ${err.message}`, { cause: err }))));
    req.end(options.body);
  });
}

/** Keep-alive agents for both schemes, `maxSockets` each. */
export function keepAliveAgents(maxSockets: number): { http: http.Agent; https: https.Agent; for(url: URL): http.Agent; destroy(): void } {
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets }), https: new https.Agent({ keepAlive: true, maxSockets }) };
  return {
    ...agents,
    for: (url: URL) => (url.protocol === 'https:' ? agents.https : agents.http),
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** `Retry-After: 120` or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
