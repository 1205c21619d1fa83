import { randomUUID } from 'node:crypto';
import { ApiConnection } from '../../../src/platform/http/api-connection.js';
import type { NetworkCalls } from '../../../src/spi/network-calls.js';
import { PostNetworkError } from '../../../src/platform/http/post.js';
import type { ClientCredentials } from '../../../src/platform/oauth/client-credentials.js';
import { GrantRefused, TokenEndpointUnavailable } from '../../../src/platform/oauth/oauth-client.js';

// One approved platform's XP Z12-013 API as one client (a business entity) uses it: requests with
// a bearer token from the client-credentials grant, a fresh Request-Id each (the platform's logs
// and ours name the same request), Organization-Id when the client acts for another company,
// and the answers sorted into what the callers act on: a body, the platform being unavailable
// (no answer, 429, 5xx: try again later), its refusal of the credentials (the operator must
// act), or its refusal of the request ({errorCode, errorMessage} of the annex's Error body).

/** No answer, a timeout, 429 or 5xx, or the token endpoint down: worth trying again later. */
export class PlatformUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The platform answered 4xx: what it said, as its Error body says it. */
export class PlatformRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

/** The platform (or its token endpoint) refused the client's credentials: documents wait until the operator acts. */
export class PlatformAuthRefused extends PlatformRefused {}

export interface PlatformAnswer {
  status: number;
  body: string;
  contentType?: string | undefined;
}

export interface PlatformRequest {
  /** The annex's operationId (`createFlow`, `searchDirectoryLine`): the call metrics' `platform_<operation>`. */
  operation: string;
  method: 'GET' | 'POST';
  /** Relative to the service's root, e.g. `/v1/flows/search`. */
  path: string;
  json?: unknown;
  /** A multipart/form-data body (createFlow). */
  form?: FormData;
  /** Statuses that are answers rather than refusals (404 for a lookup, 204 for an empty search). */
  expect?: readonly number[];
}

/** A CDAR or an invoice is small; a search page of 100 flows is too: a few MB is ample. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export class PlatformApi {
  private readonly connection: ApiConnection;
  private readonly root: string;

  constructor(
    root: string,
    private readonly credentials: ClientCredentials,
    timeoutMs: number,
    private readonly organizationId?: string,
    calls?: NetworkCalls,
  ) {
    this.root = root.replace(/\/+$/, '');
    this.connection = new ApiConnection(this.root, timeoutMs, MAX_ANSWER_BYTES, calls);
  }

  /** The answer of a 2xx (or an expected status); throws PlatformUnavailable, PlatformAuthRefused or PlatformRefused. */
  async call(r: PlatformRequest): Promise<PlatformAnswer> {
    const first = await this.once(r);
    // A token the platform no longer takes (revoked, rotated keys): once more with a new one.
    const answer = first.status === 401 ? await this.once(r) : first;
    if ((answer.status >= 200 && answer.status < 300) || r.expect?.includes(answer.status)) return answer;
    const why = reasonOf(answer);
    const said = `${r.method} ${r.path}: HTTP ${answer.status}${why.text ? ` (${why.text})` : ''}`;
    if (answer.status === 429 || answer.status >= 500 || answer.status === 408) throw new PlatformUnavailable(`the platform is unavailable: ${said}`, answer.retryAfterMs);
    if (answer.status === 401 || answer.status === 403) throw new PlatformAuthRefused(`the platform refused the client's credentials: ${said}`, answer.status, why.code);
    throw new PlatformRefused(`the platform refused the request: ${said}`, answer.status, why.code);
  }

  close(): void {
    this.connection.close();
  }

  private async once(r: PlatformRequest): Promise<PlatformAnswer & { retryAfterMs?: number | undefined }> {
    const token = await this.token();
    const { body, contentType } = await encode(r);
    try {
      const answer = await this.connection.request(r.operation, new URL(this.root + r.path), {
        method: r.method,
        headers: {
          accept: 'application/json, application/problem+json, application/octet-stream',
          authorization: `Bearer ${token}`,
          'request-id': randomUUID(),
          ...(this.organizationId && { 'organization-id': this.organizationId }),
          ...(contentType && { 'content-type': contentType }),
        },
        ...(body !== undefined && { body }),
      });
      if (answer.status === 401) this.credentials.forget(token);
      return answer;
    } catch (err) {
      if (err instanceof PostNetworkError) throw new PlatformUnavailable(`the platform cannot be reached: ${r.method} ${r.path}: ${err.message}`);
      throw err;
    }
  }

  private async token(): Promise<string> {
    try {
      return await this.credentials.bearer();
    } catch (err) {
      if (err instanceof TokenEndpointUnavailable) throw new PlatformUnavailable(err.message);
      if (err instanceof GrantRefused) throw new PlatformAuthRefused(err.message, err.status, err.error);
      throw err;
    }
  }
}

async function encode(r: PlatformRequest): Promise<{ body?: Buffer; contentType?: string }> {
  if (r.form) {
    // The runtime's own multipart encoder: a boundary that appears nowhere in the parts.
    const encoded = new Response(r.form);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
  }
  if (r.json !== undefined) return { body: Buffer.from(JSON.stringify(r.json)), contentType: 'application/json' };
  return {};
}

/** The annex's Error body ({errorCode, errorMessage}), when the answer has one. */
function reasonOf(a: PlatformAnswer): { code?: string; text?: string } {
  try {
    const e = JSON.parse(a.body) as { errorCode?: unknown; errorMessage?: unknown };
    const code = typeof e.errorCode === 'string' ? e.errorCode : undefined;
    const message = typeof e.errorMessage === 'string' ? e.errorMessage : undefined;
    return { ...(code && { code }), text: [code, message].filter(Boolean).join(': ') };
  } catch {
    return { text: a.body.slice(0, 200) };
  }
}
