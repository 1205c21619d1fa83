import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

// A real SMTP server on 127.0.0.1 (smtp-server) for the drivers that mail documents: it keeps
// every message it takes, parsed (mailparser), and answers some recipients with a code.

export interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}

/** The password the test server takes from invoices@seller.example. */
export const SMTP_PASSWORD = 'smtp-test-password-0123456789';

/** Recipients the server answers with a code instead of taking the message: `451` once, `550` always. */
export function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[]; logins: string[]; deferred: Set<string> }> {
  const received: Received[] = [];
  const logins: string[] = [];
  const deferred = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      logins.push(auth.username ?? '');
      if (auth.username === 'invoices@seller.example' && auth.password === SMTP_PASSWORD) return cb(null, { user: auth.username });
      return cb(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('unknown@')) return cb(Object.assign(new Error('5.1.1 mailbox unknown'), { responseCode: 550 }));
      if (address.address.startsWith('busy@') && !deferred.has(address.address)) {
        deferred.add(address.address);
        return cb(Object.assign(new Error('4.2.1 try again later'), { responseCode: 451 }));
      }
      return cb();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), mail });
          cb();
        });
      });
    },
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, received, logins, deferred })));
}
