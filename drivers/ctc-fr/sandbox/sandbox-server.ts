import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIBackend } from 'openapi-backend';
import { directoryServiceApi, flowServiceApi, requestProblems, type ExchangeRequest } from '../xp-z12-013/xp-z12-013-api.js';
import type { FlowFilters, FlowInfo } from '../xp-z12-013/flow-client.js';
import { formParts, type FormPart } from '../../../src/platform/http/form-parts.js';
import { SandboxRefusal, type SandboxPlatform } from './sandbox-platform.js';

// The sandbox's approved platform as a real XP Z12-013 server on the loopback interface, so that
// the sandbox exercises the very client, OAuth grant and transport a real platform gets: the
// token endpoint of the client-credentials grant (/token), the Flow Service (/flow-service/v1/…)
// and the Directory Service (/directory-service/v1/…). Requests are matched and checked against
// our restatement of the annexes (xp-z12-013/*.openapi.ts) before anything is done: what a real
// platform would refuse, the sandbox refuses with 400. Any client id is a client (an entity),
// with the sandbox's secret; each sees its own flows.

/** A token lives this long (the client renews it before). */
const TOKEN_SECONDS = 3600;
const MAX_BODY_BYTES = 110 * 1024 * 1024;

interface Answer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  file?: { bytes: Buffer; name: string };
}

const error = (status: number, errorCode: string, errorMessage: string): Answer => ({ status, json: { errorCode, errorMessage } });

export class SandboxServer {
  private readonly tokens = new Map<string, { client: string; until: number }>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    /** The client secret every sandbox client authenticates with. */
    readonly secret: string,
  ) {}

  /** Listens on 127.0.0.1, on a port of the system's choosing. */
  static async start(platform: SandboxPlatform, clock: () => Date): Promise<SandboxServer> {
    const [flow, directory] = await Promise.all([flowServiceApi(), directoryServiceApi()]);
    const secret = randomBytes(24).toString('base64url');
    let self: SandboxServer | undefined;
    const server = createServer((req, res) => void self!.handle(req, res, { platform, clock, flow, directory }).catch(() => res.destroy()));
    // `exclusive`: in a `--workers` process, a plain listen goes through the cluster primary, which
    // shares one socket among the workers (and, port 0 being one key, with the adapter's own port):
    // each worker's sandbox is its own, with its own tokens and flows.
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
    self = new SandboxServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, secret);
    return self;
  }

  get flowServiceUrl(): string {
    return `${this.url}/flow-service`;
  }
  get directoryServiceUrl(): string {
    return `${this.url}/directory-service`;
  }
  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  close(): void {
    this.server.close();
    this.server.closeAllConnections();
  }

  private async handle(req: IncomingMessage, res: ServerResponse, o: { platform: SandboxPlatform; clock: () => Date; flow: OpenAPIBackend; directory: OpenAPIBackend }): Promise<void> {
    let answer: Answer;
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://sandbox');
      if (url.pathname === '/token') answer = this.token(req, body, o.clock);
      else {
        const service = url.pathname.startsWith('/flow-service/') ? o.flow : url.pathname.startsWith('/directory-service/') ? o.directory : undefined;
        answer = service ? await this.api(service, req, url, body, o.platform, o.clock) : error(404, 'NOT_FOUND', `no service at ${url.pathname}`);
      }
    } catch (err) {
      answer = error(500, 'INTERNAL_ERROR', err instanceof Error ? err.message : String(err));
    }
    try {
      if (answer.file) {
        // The annex serves a flow's file as bytes, whatever it holds; the name the client gave, in characters a header keeps.
        const name = answer.file.name.replace(/[^A-Za-z0-9._-]/g, '_');
        res.writeHead(answer.status, { 'content-type': 'application/octet-stream', 'content-disposition': `attachment;filename=${name}` }).end(answer.file.bytes);
      } else if (answer.json !== undefined) {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.json));
      } else res.writeHead(answer.status).end();
    } catch {
      res.destroy();
    }
  }

  /** The client-credentials grant (RFC 6749 §4.4), the client authenticated with HTTP Basic. */
  private token(req: IncomingMessage, body: Buffer, clock: () => Date): Answer {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
    if (new URLSearchParams(body.toString('utf8')).get('grant_type') !== 'client_credentials') return { status: 400, json: { error: 'unsupported_grant_type' } };
    if (!id || secret !== this.secret) return { status: 401, json: { error: 'invalid_client', error_description: 'unknown client or wrong secret' } };
    const token = randomBytes(24).toString('base64url');
    const now = clock().getTime();
    for (const [t, held] of this.tokens) if (held.until < now) this.tokens.delete(t);
    this.tokens.set(token, { client: id, until: now + TOKEN_SECONDS * 1000 });
    // RFC 6749 §5.1: a token answer is never cached.
    return { status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' }, json: { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS } };
  }

  private async api(service: OpenAPIBackend, req: IncomingMessage, url: URL, body: Buffer, platform: SandboxPlatform, clock: () => Date): Promise<Answer> {
    const path = url.pathname.replace(/^\/(flow|directory)-service/, '');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const query = Object.fromEntries(url.searchParams);
    const contentType = headers['content-type'] ?? '';
    const request: ExchangeRequest = { method: req.method ?? 'GET', path, headers, query, ...(body.length > 0 && { body: contentType.startsWith('application/json') ? parseJson(body) : body }) };
    const operation = service.matchOperation(request);
    if (!operation) return error(404, 'NOT_FOUND', `${request.method} ${path} is no operation of this service`);
    const token = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
    const held = token ? this.tokens.get(token) : undefined;
    if (!held || held.until < clock().getTime()) return error(401, 'UNAUTHORIZED', 'a valid bearer token is required');
    const problems = await requestProblems(service, request);
    if (problems.length > 0) return error(400, 'INVALID_REQUEST', problems.join('; '));
    return this.operation(operation.operationId!, held.client, request, platform);
  }

  private async operation(operationId: string, client: string, r: ExchangeRequest, platform: SandboxPlatform): Promise<Answer> {
    switch (operationId) {
      case 'createFlow': {
        // The request was checked against the document: both parts are there, flowInfo is JSON.
        const parts = (await formParts(r.body as Buffer, r.headers['content-type']!)) as FormPart[];
        const info = JSON.parse(parts.find((p) => p.name === 'flowInfo')!.content.toString('utf8')) as FlowInfo;
        const file = parts.find((p) => p.name === 'file')!;
        try {
          return { status: 202, json: await platform.deposit(client, info, file.content) };
        } catch (err) {
          if (err instanceof SandboxRefusal) return error(err.status, err.errorCode, err.message);
          throw err;
        }
      }
      case 'searchFlows': {
        const params = r.body as { limit?: number; where: FlowFilters };
        const limit = params.limit ?? 25;
        return { status: 200, json: { limit, filters: params.where, results: platform.search(client, params.where, limit) } };
      }
      case 'getFlow': {
        const flowId = decodeURIComponent(r.path.slice('/v1/flows/'.length));
        const held = platform.flow(client, flowId);
        if (!held) return error(404, 'NOT_FOUND', `no flow ${flowId}`);
        const docType = (r.query?.docType as string | undefined) ?? 'Metadata';
        if (docType === 'Metadata') return { status: 200, json: held.flow };
        if (docType === 'Original') return { status: 200, file: { bytes: held.file, name: held.flow.name } };
        return error(404, 'NOT_FOUND', `the sandbox keeps no ${docType} of a flow`);
      }
      case 'getDirectoryLineById': {
        const id = decodeURIComponent(r.path.slice('/v1/directory-line/code:'.length));
        const line = platform.line(id);
        return line ? { status: 200, json: line } : error(404, 'NOT_FOUND', `no directory line ${id}`);
      }
      case 'searchDirectoryLine': {
        const search = r.body as { filters?: { siren?: { value?: string }; siret?: { value?: string }; routingIdentifier?: { value?: string } } };
        const f = search.filters;
        if (!f?.siren?.value) return error(400, 'INVALID_REQUEST', 'the sandbox searches directory lines by SIREN');
        const results = platform.lines({ siren: f.siren.value, siret: f.siret?.value, routingIdentifier: f.routingIdentifier?.value });
        return results.length === 0 ? { status: 204 } : { status: 200, json: { search, totalNumberOfResults: results.length, results } };
      }
      case 'getHealth':
        return { status: 200 };
      default:
        return error(501, 'NOT_IMPLEMENTED', `the sandbox does not implement ${operationId}`);
    }
  }
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return body.toString('utf8');
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
