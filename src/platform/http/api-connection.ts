import http from 'node:http';
import https from 'node:https';
import type { NetworkCalls } from '../../spi/network-calls.js';
import { httpRequest, type PostOptions, type PostResult } from './post.js';

// Kept-alive connections to one service's API (KSeF's, the NAV's …): requests reuse a few
// sockets, each with the service's timeout and answer size, and closing cuts the requests on
// their way so a stopping adapter never waits for a slow service. Each request names its
// operation (a name from the client's code), under which the network's call metrics count it as
// `platform_<operation>`.

export class ApiConnection {
  private readonly agent: http.Agent;
  private readonly aborter = new AbortController();

  constructor(
    root: string,
    private readonly timeoutMs: number,
    private readonly keepBytes: number,
    private readonly calls?: NetworkCalls,
    maxSockets = 4,
  ) {
    this.agent = root.startsWith('https:') ? new https.Agent({ keepAlive: true, maxSockets }) : new http.Agent({ keepAlive: true, maxSockets });
  }

  request(operation: string, url: URL, options: Pick<PostOptions, 'method' | 'headers' | 'body'>): Promise<PostResult> {
    return httpRequest(url, { ...options, timeoutMs: this.timeoutMs, agent: this.agent, keepBytes: this.keepBytes, signal: this.aborter.signal, meter: this.calls?.meter(`platform_${operation}`) });
  }

  close(): void {
    this.aborter.abort();
    this.agent.destroy();
  }
}
