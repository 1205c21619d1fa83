import { randomUUID } from 'node:crypto';
import { createServer, maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  readonly port: number;
  /**
   * Stops accepting connections, lets in-flight requests finish (answered with
   * `Connection: close`), and after `graceMs` cuts whatever is still open.
   */
  close(graceMs: number): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A request Node's HTTP parser refuses before any app sees it, and why, in words a client can act on. */
export interface ParserRefusal {
  /** 501 a method the parser does not know, 431 a request line or headers over the limit, 408 too slow, 400 anything else unreadable. */
  status: 400 | 408 | 431 | 501;
  message: string;
}

export interface ListenOptions {
  /**
   * The JSON body, in the API's error shape, answering a request the parser refused (`FOO /
   * HTTP/1.1`, a 20 kB header): such a request never reaches the app, so the shape is given here.
   */
  refusalBody(refusal: ParserRefusal): string;
}

export function listen(handler: Handler, host: string, port: number, options: ListenOptions): Promise<RunningServer> {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    handler(req, res);
  });
  server.on('clientError', (err: ParserError, socket: Duplex) => answerClientError(err, socket, options.refusalBody));
  // CONNECT (a proxy's tunnel) bypasses the request handler; Node would drop the socket unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerRaw(socket, NOT_IMPLEMENTED, options.refusalBody(NOT_IMPLEMENTED)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        server,
        port: actual,
        url: `http://${shownHost}:${actual}`,
        close(graceMs: number) {
          closing = true;
          // Tell clients of requests already under way not to reuse their connection.
          for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
          return new Promise<void>((done) => {
            server.close(() => {
              clearInterval(idleSweep);
              clearTimeout(deadline);
              done();
            });
            // Keep-alive sockets go idle once their last response is sent: close them as they do.
            const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
            const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
            server.closeIdleConnections();
          });
        },
      });
    });
  });
}

const NOT_IMPLEMENTED: ParserRefusal = { status: 501, message: 'method not implemented by this server' };

/** Node's parser errors carry llhttp's reason (`Invalid header value char`) beside the code. */
type ParserError = NodeJS.ErrnoException & { reason?: string };

/** What the parser could not read, by its error code; anything not named here is a 400. */
function refusalOf(err: ParserError): ParserRefusal {
  switch (err.code) {
    case 'HPE_INVALID_METHOD':
      return NOT_IMPLEMENTED;
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `the request line and headers exceed the limit of ${maxHeaderSize} bytes` };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request was not received in time' };
    default:
      return { status: 400, message: `the request is not valid HTTP/1.1${err.reason ? `: ${err.reason}` : ''}` };
  }
}

/** Every refusal of the parser answered in the API's JSON error shape (Node's own answers have no body). */
function answerClientError(err: ParserError, socket: Duplex, refusalBody: ListenOptions['refusalBody']): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const refusal = refusalOf(err);
  answerRaw(socket, refusal, refusalBody(refusal));
}

/** A whole HTTP response written on a socket no request handler owns, then the connection closed; it too has an X-Request-Id (a fresh one: the request could not be read). */
function answerRaw(socket: Duplex, refusal: ParserRefusal, body: string): void {
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`);
}
