import type http from 'node:http';
import { httpRequest, keepAliveAgents, PostNetworkError, retryAfter, type PostResult } from '../http/post.js';

// One HTTP POST of a callback's form body to the platform, over kept-alive connections.

export { retryAfter, type PostResult };
/** A network error or a timeout: nothing trustworthy came back. */
export const CallbackNetworkError = PostNetworkError;

export class CallbackPoster {
  private readonly base: URL;
  private readonly agents: ReturnType<typeof keepAliveAgents>;
  private readonly agent: http.Agent;

  constructor(
    baseUrl: string,
    private readonly token: string | undefined,
    private readonly timeoutMs: number,
    maxSockets: number,
  ) {
    this.base = new URL(baseUrl.replace(/\/+$/, '') + '/');
    this.agents = keepAliveAgents(maxSockets);
    this.agent = this.agents.for(this.base);
  }

  post(path: string, body: string): Promise<PostResult> {
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(this.token && { authorization: `Bearer ${this.token}` }),
    };
    return httpRequest(new URL(path.replace(/^\//, ''), this.base), { headers, body, timeoutMs: this.timeoutMs, agent: this.agent });
  }

  close(): void {
    this.agents.destroy();
  }
}
