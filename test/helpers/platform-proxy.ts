import { request as httpRequest, createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fixtureConfigCopy } from './fixtures.js';

// A recording, fault-injecting proxy in front of an XP Z12-013 platform (the sandbox's server):
// every exchange is kept as it went over the wire, to be checked against the API's documents,
// and a test can make the next matching request fail the ways a real platform fails: a 5xx, a
// 429 with Retry-After, a 401 (a token the platform no longer takes), no answer within the
// client's timeout, or the answer lost after the platform acted on the request.

export interface RecordedExchange {
  method: string;
  /** The full path, service prefix included (`/flow-service/v1/flows`), without the query. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Buffer;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
}

export type Fault =
  | { kind: 'answer'; status: number; body?: unknown; headers?: Record<string, string> }
  /**
   * Forwarded, then the connection is destroyed: the platform acted, the client never hears.
   * `then` runs between the platform's answer and the drop (a kill -9 of the adapter there).
   */
  | { kind: 'drop-answer'; then?(): void | Promise<void> }
  /** Forwarded, the answer held back this long. */
  | { kind: 'delay'; ms: number }
  /** Runs when the request arrives, before it is forwarded (a kill -9 of the adapter). */
  | { kind: 'call'; run(): void | Promise<void> };

interface Injection {
  matches(method: string, path: string): boolean;
  fault: Fault;
  times: number;
}

const flat = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

export class PlatformProxy {
  readonly exchanges: RecordedExchange[] = [];
  private readonly injections: Injection[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<PlatformProxy> {
    let self: PlatformProxy | undefined;
    const server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const url = new URL(req.url ?? '/', 'http://proxy');
        const injection = self!.injections.find((i) => i.times > 0 && i.matches(req.method ?? 'GET', url.pathname));
        if (injection) injection.times--;
        const fault = injection?.fault;
        if (fault?.kind === 'call') await fault.run();
        const record = (status: number, headers: Record<string, string>, responseBody: Buffer) =>
          self!.exchanges.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: flat(req.headers), body, status, responseHeaders: headers, responseBody });
        if (fault?.kind === 'answer') {
          const text = Buffer.from(fault.body === undefined ? '' : JSON.stringify(fault.body));
          const headers = { ...(fault.body !== undefined && { 'content-type': 'application/json' }), ...fault.headers };
          record(fault.status, headers, text);
          res.writeHead(fault.status, headers).end(text);
          return;
        }
        const answer = await forward(target, req, body);
        record(answer.status, answer.headers, answer.body);
        if (fault?.kind === 'drop-answer') {
          await fault.then?.();
          return void res.destroy();
        }
        if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));
        if (!res.destroyed) res.writeHead(answer.status, answer.headers).end(answer.body);
      })().catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new PlatformProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /** The next `times` requests of `method` to a path ending with `pathEnd` meet `fault`. */
  inject(method: string, pathEnd: string | RegExp, fault: Fault, times = 1): void {
    const matches = (m: string, p: string) => m === method && (typeof pathEnd === 'string' ? p.endsWith(pathEnd) : pathEnd.test(p));
    this.injections.push({ matches, fault, times });
  }

  /** The exchanges with a path ending so (and of that method, when given). */
  of(pathEnd: string, method?: string): RecordedExchange[] {
    return this.exchanges.filter((e) => e.path.endsWith(pathEnd) && (!method || e.method === method));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function forward(target: string, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: new URL(target).host };
    const out = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers }, (res) => {
      void readBody(res).then((b) => {
        const h = flat(res.headers);
        delete h['transfer-encoding'];
        delete h.connection;
        delete h['keep-alive'];
        resolve({ status: res.statusCode ?? 0, headers: { ...h, 'content-length': String(b.length) }, body: b });
      }, reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The fixtures' configuration with the entity `vendeur-ctc` a client of the platform behind
 * `proxyUrl` (client id vendeur-ctc, matricule 0042), its secret in a file of `dir`.
 */
export function platformClientConfig(prefix: string, dir: string, o: { proxyUrl: string; secret: string; requestTimeoutSeconds: number }): string {
  writeFileSync(join(dir, 'pa-secret'), `${o.secret}\n`);
  const platform = [
    'name: test-pa',
    `flow_service_url: ${o.proxyUrl}/flow-service`,
    `directory_service_url: ${o.proxyUrl}/directory-service`,
    `token_url: ${o.proxyUrl}/token`,
    'client_id: vendeur-ctc',
    'matricule: "0042"',
    `client_secret_file: ${join(dir, 'pa-secret')}`,
    `request_timeout_seconds: ${o.requestTimeoutSeconds}`,
    'status_poll_seconds: 1',
  ].join(', ');
  return fixtureConfigCopy(prefix, (yaml) => yaml.replace('      vendeur-ctc: { supply: services }\n', `      vendeur-ctc: { supply: services, platform: { ${platform} } }\n`));
}
