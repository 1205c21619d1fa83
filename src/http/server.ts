import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export function listen(handler: Handler, host: string, port: number): Promise<RunningServer> {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    handler(req, res);
  });
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
