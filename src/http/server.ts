import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

export interface ListenOptions {
  /**
   * The JSON body of the 501 for a request whose method Node's HTTP parser does not know at all
   * (`FOO / HTTP/1.1`): such a request never reaches the app, so the API's error shape is given here.
   */
  unknownMethodBody: string;
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
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => answerClientError(err, socket, options.unknownMethodBody));
  // CONNECT (a proxy's tunnel) bypasses the request handler; Node would drop the socket unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerRaw(socket, NOT_IMPLEMENTED, options.unknownMethodBody));
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

const NOT_IMPLEMENTED = '501 Not Implemented';

/** Node's own answers to what its parser cannot read, by error code; anything else is a 400. */
const CLIENT_ERRORS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: NOT_IMPLEMENTED,
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** As Node answers unparsable requests, except that an unknown method is a 501 in the API's shape. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, unknownMethodBody: string): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = CLIENT_ERRORS[err.code ?? ''] ?? '400 Bad Request';
  answerRaw(socket, status, status === NOT_IMPLEMENTED ? unknownMethodBody : '');
}

/** A whole HTTP response written on a socket no request handler owns, then the connection closed. */
function answerRaw(socket: Duplex, status: string, body: string): void {
  const type = body ? 'Content-Type: application/json; charset=utf-8\r\n' : '';
  socket.end(`HTTP/1.1 ${status}\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
