import { connect } from 'node:net';

// Requests fetch refuses to send (TRACE, CONNECT, a 20 kB header, a request line Node's parser
// cannot read), written as text on a plain socket; the answer is read until the server closes.

export interface RawAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when there is none. */
  body: any;
}

/** `head` is the request line and headers without the blank line that ends them (it is added, with `Connection: close`). */
export function rawHttp(base: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined });
    });
  });
}
