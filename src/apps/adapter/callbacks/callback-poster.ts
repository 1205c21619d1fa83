import type http from 'node:http';
import { httpRequest, keepAliveAgents, PostNetworkError, retryAfter, type PostResult } from '../../../platform/http/post.js';

// One HTTP POST of a callback's form body to a platform site, over kept-alive connections (one
// agent per origin: each merchant's site has its own).

export { retryAfter, type PostResult };
/** A network error or a timeout: nothing trustworthy came back. */
export const CallbackNetworkError = PostNetworkError;

export class CallbackPoster {
  private readonly agents: ReturnType<typeof keepAliveAgents>;

  constructor(
    private readonly timeoutMs: number,
    maxSockets: number,
  ) {
    this.agents = keepAliveAgents(maxSockets);
  }

  /** POSTs `body` to `path` under the site's base URL, with its Bearer token when it has one. */
  post(base: string, path: string, body: string, token?: string): Promise<PostResult> {
    const url = new URL(path.replace(/^\//, ''), new URL(base.replace(/\/+$/, '') + '/'));
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    };
    return httpRequest(url, { headers, body, timeoutMs: this.timeoutMs, agent: this.agents.for(url) });
  }

  close(): void {
    this.agents.destroy();
  }
}
