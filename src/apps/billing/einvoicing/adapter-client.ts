import { httpRequest, keepAliveAgents, type PostResult } from '../../../platform/http/post.js';

/** Where billing submits e-invoices: an adapter's base URL and the key it takes. */
export interface AdapterTarget {
  url: string;
  apiKey: string;
}

/**
 * The platform's side of the SPI, as billing uses it: submit a document, read its status. The
 * key travels as the SPI's examples send it, `Authorization: {"api_key": …}`.
 */
export class AdapterClient {
  private readonly base: URL;
  private readonly agents = keepAliveAgents(8);

  constructor(
    private readonly target: AdapterTarget,
    private readonly timeoutMs = 30_000,
  ) {
    this.base = new URL(target.url.replace(/\/+$/, '') + '/');
  }

  submit(documentJson: string, traceId: string): Promise<PostResult> {
    return this.call('einvoicing/documents', { method: 'POST', body: documentJson, traceId });
  }

  status(documentId: string): Promise<PostResult> {
    return this.call(`einvoicing/documents/${encodeURIComponent(documentId)}/status`, { method: 'GET' });
  }

  close(): void {
    this.agents.destroy();
  }

  private call(path: string, o: { method: 'POST' | 'GET'; body?: string; traceId?: string }): Promise<PostResult> {
    const url = new URL(path, this.base);
    const headers = {
      authorization: JSON.stringify({ api_key: this.target.apiKey }),
      accept: 'application/json',
      ...(o.body !== undefined && { 'content-type': 'application/json' }),
      ...(o.traceId && { trace_id: o.traceId }),
    };
    return httpRequest(url, { method: o.method, headers, ...(o.body !== undefined && { body: o.body }), timeoutMs: this.timeoutMs, agent: this.agents.for(url), keepBytes: 256 * 1024 });
  }
}
