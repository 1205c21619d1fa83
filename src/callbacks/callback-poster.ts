import http from 'node:http';
import https from 'node:https';

// One HTTP POST of a callback's form body to the platform, over kept-alive connections.

export interface PostResult {
  status: number;
  /** The start of the response body (what a failed row keeps). */
  body: string;
  /** Retry-After of a 429 / 503, in milliseconds. */
  retryAfterMs?: number | undefined;
}

/** A network error or a timeout: nothing trustworthy came back. */
export class CallbackNetworkError extends Error {}

const KEEP_BODY = 4096;

export class CallbackPoster {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(
    baseUrl: string,
    private readonly token: string | undefined,
    private readonly timeoutMs: number,
    maxSockets: number,
  ) {
    this.base = new URL(baseUrl.replace(/\/+$/, '') + '/');
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  post(path: string, body: string): Promise<PostResult> {
    const url = new URL(path.replace(/^\//, ''), this.base);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      accept: 'application/json',
      ...(this.token && { authorization: `Bearer ${this.token}` }),
    };
    const request = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', headers, agent: this.agent, timeout: this.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < KEEP_BODY) chunks.push(c);
          kept += c.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, KEEP_BODY), retryAfterMs: retryAfter(res.headers['retry-after']) }),
        );
        res.on('error', (err) => reject(new CallbackNetworkError(err.message)));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on('error', (err) => reject(new CallbackNetworkError(`${(err as NodeJS.ErrnoException).code ?? 'network error'}: ${err.message}`)));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `Retry-After: 120` or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
