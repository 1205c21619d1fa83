import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import qs from 'qs';
import { startLab, type Lab } from '../../src/cli/actions/edelivery-lab/lab.js';
import { readSignal } from '../../src/driver-kit/networks/edelivery/as4/read-signal.js';
import { killChildren, type Child } from '../helpers/child.js';
import { accessPointConfig, ADMIN_KEY, KEY, BUYER, freePort, SELLER, startAccessPoint } from '../helpers/access-points.js';
import { eventually, invoiceTo } from '../helpers/lifecycle.js';
import { tempDir } from '../helpers/temp-dir.js';

// A kill -9 of the receiving access point between its receipt and the sender's status (issue 41):
// two adapter processes as in peppol-access-points.test.ts, with a proxy between the seller and
// the buyer's AS4 endpoint (the lab's SMP names the proxy as the buyer's access point). The proxy
// forwards the first user message, takes the buyer's answer (the buyer has kept the message and
// its receipt by then), kills the buyer with SIGKILL and drops the seller's connection unanswered,
// so the seller never sees the receipt. The buyer restarts on the same data directory and port;
// the seller's retry must be answered with the receipt stored the first time, byte for byte, and
// end as one SUCCESS, with one message kept at the buyer.

interface Exchange {
  status: number;
  contentType: string;
  body: Buffer;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

describe('PEPPOL over AS4: the receiver killed between its receipt and the sender seeing it', function () {
  this.timeout(120_000);
  let lab: Lab;
  let platform: Server;
  let proxy: Server;
  let platformUrl: string;
  let dir: string;
  const callbacks: { path: string; status: string }[] = [];
  const ports = { seller: 0, buyer: 0 };
  let buyer: { child: Child; url: string } | undefined;
  /** The buyer's answer to the first user message, which the seller never got. */
  let swallowed: Exchange | undefined;
  let crashed: Promise<void>;
  let crash: () => void;
  /** The buyer's answers the proxy passed on to the seller after the crash. */
  const forwarded: Exchange[] = [];
  let refusedWhileDown = 0;

  before(async () => {
    dir = tempDir('as4-crash-');
    ports.seller = await freePort();
    ports.buyer = await freePort();
    crashed = new Promise((resolve) => (crash = resolve));
    proxy = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        let answer: Response;
        try {
          answer = await fetch(`http://127.0.0.1:${ports.buyer}${req.url}`, { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '', 'mime-version': '1.0' }, body: new Uint8Array(body) });
        } catch {
          // The buyer is down (killed, not yet restarted): the seller gets no answer, as from a dead host.
          refusedWhileDown++;
          req.socket.destroy();
          return;
        }
        const exchange = { status: answer.status, contentType: answer.headers.get('content-type') ?? '', body: Buffer.from(await answer.arrayBuffer()) };
        if (!swallowed) {
          swallowed = exchange;
          buyer!.child.proc.kill('SIGKILL');
          await buyer!.child.exited;
          req.socket.destroy();
          crash();
          return;
        }
        forwarded.push(exchange);
        res.writeHead(exchange.status, { 'content-type': exchange.contentType }).end(exchange.body);
      })();
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyPort = (proxy.address() as AddressInfo).port;
    lab = await startLab({
      dir: join(dir, 'lab'),
      participants: [
        { participantId: SELLER.participant, as4Url: `http://127.0.0.1:${ports.seller}/networks/peppol/inbound`, seat: SELLER.seat },
        { participantId: BUYER.participant, as4Url: `http://127.0.0.1:${proxyPort}/networks/peppol/inbound`, seat: BUYER.seat },
      ],
    });
    platform = createServer((req, res) => {
      void readBody(req).then((body) => {
        callbacks.push({ path: req.url!, status: String(qs.parse(body.toString()).status) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  after(async () => {
    await killChildren();
    await lab?.close();
    await new Promise((r) => proxy?.close(r));
    await new Promise((r) => platform?.close(r));
  });

  const start = (name: 'seller' | 'buyer') => startAccessPoint({ dir, name, config: accessPointConfig(dir, lab, name), port: ports[name], platformUrl });
  const admin = async (url: string, path: string) => {
    const res = await fetch(`${url}/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(res.status, await res.clone().text()).to.equal(200);
    return res.json() as Promise<Record<string, unknown>>;
  };

  it('the seller retries, the restarted buyer answers with its stored receipt, one message kept and one SUCCESS', async () => {
    const seller = await start('seller');
    buyer = await start('buyer');
    const statusPath = '/api/v2/invoices/INV-AS4-CRASH/einvoice_status';

    const headers = { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) };
    const submitted = await fetch(`${seller.url}/einvoicing/documents`, { method: 'POST', headers, body: JSON.stringify(invoiceTo('INV-AS4-CRASH')) });
    expect(submitted.status, await submitted.clone().text()).to.equal(200);

    await crashed;
    const receipt = readSignal(swallowed!.contentType, swallowed!.body, [lab.pki.apCa.certificate], new Date());
    if ('problem' in receipt || receipt.kind !== 'receipt') return expect.fail(`the buyer's first answer is no receipt: ${swallowed!.body.toString()}`);
    const messageId = receipt.receipt.refToMessageId;
    expect(callbacks.filter((c) => c.path === statusPath && c.status === 'SUCCESS'), 'no SUCCESS before the seller saw a receipt').to.deep.equal([]);

    buyer = await start('buyer');
    await eventually(() => callbacks.find((c) => c.path === statusPath && c.status === 'SUCCESS'), 60_000, 'SUCCESS of INV-AS4-CRASH after the retry');

    expect(refusedWhileDown, 'the seller retried while the buyer was down').to.be.greaterThan(0);
    expect(forwarded.length, 'the seller retried to the restarted buyer').to.be.greaterThan(0);
    for (const answer of forwarded) {
      expect(answer.contentType).to.equal(swallowed!.contentType);
      expect(answer.body.equals(swallowed!.body), `the retry was answered with the stored receipt, not:\n${answer.body.toString()}`).to.equal(true);
    }
    const listed = (await admin(buyer.url, '/received-messages?network=PEPPOL')) as { received_messages: { message_id: string; business_entity_id: string }[] };
    expect(listed.received_messages.map((m) => `${m.business_entity_id}/${m.message_id}`)).to.deep.equal([`${BUYER.id}/${messageId}`]);

    // A while longer: nothing is sent again and no second SUCCESS comes.
    const sent = forwarded.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(forwarded.length).to.equal(sent);
    expect(callbacks.filter((c) => c.path === statusPath && c.status === 'SUCCESS')).to.have.length(1);
  });
});
