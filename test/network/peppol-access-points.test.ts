import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import qs from 'qs';
import { startLab, type Lab } from '../../src/cli/actions/edelivery-lab/lab.js';
import { killChildren } from '../helpers/child.js';
import { AP_ADMIN_KEY, AP_KEY, BUYER, freePort, SELLER, startAccessPoint } from '../helpers/access-points.js';
import { eventually, invoiceTo } from '../helpers/lifecycle.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

// Two adapters as two Peppol access points on 127.0.0.1, each a real process with its own data
// directory, certificate and key (made at test time under the lab's test CAs), finding each other
// through the lab's SMP and DNS as access points do through the SML (src/cli/actions/edelivery-lab):
// the seller's adapter sends an invoice over AS4, the buyer's keeps it and lists it; the buyer's
// Invoice Response goes back over AS4 and becomes the invoice's status at the seller's, which
// calls its platform back. Everything over HTTP, nothing outside 127.0.0.1.

const KEY = AP_KEY;
const ADMIN_KEY = AP_ADMIN_KEY;

interface Callback {
  path: string;
  status: string;
}

describe('PEPPOL over AS4: two adapters, two access points, one invoice and its response', function () {
  this.timeout(120_000);
  let lab: Lab;
  let platform: Server;
  let platformUrl: string;
  const callbacks: Callback[] = [];
  const ports = { seller: 0, buyer: 0 };
  let dir: string;

  before(async () => {
    dir = tempDir('as4-two-');
    ports.seller = await freePort();
    ports.buyer = await freePort();
    lab = await startLab({
      dir: join(dir, 'lab'),
      participants: [
        { participantId: SELLER.participant, as4Url: `http://127.0.0.1:${ports.seller}/networks/peppol/inbound`, seat: SELLER.seat },
        { participantId: BUYER.participant, as4Url: `http://127.0.0.1:${ports.buyer}/networks/peppol/inbound`, seat: BUYER.seat },
      ],
    });
    platform = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        callbacks.push({ path: req.url!, status: String(qs.parse(body).status) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  after(async () => {
    await killChildren();
    await lab?.close();
    await new Promise((r) => platform?.close(r));
  });

  /** An adapter process: its own configuration (one entity, its access point), data directory and port. */
  const start = (side: 'seller' | 'buyer') => startAccessPoint({ dir, lab, side, port: ports[side], platformUrl });
  const headers = { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${url}/einvoicing/documents`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).to.equal(200);
    return (await res.json()) as { document_id: string };
  };
  const admin = async (url: string, path: string) => {
    const res = await fetch(`${url}/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(res.status, await res.clone().text()).to.equal(200);
    return res.json() as Promise<Record<string, unknown>>;
  };

  it('delivers the invoice with a verified receipt, keeps it at the buyer, and brings the Invoice Response back as REJECTED', async () => {
    const seller = await start('seller');
    const buyer = await start('buyer');

    // The activations are live: an access point is configured.
    const activations = await fetch(`${seller.url}/einvoicing/activations`, { headers }).then((r) => r.json() as Promise<{ activations: { status: { code: string } }[] }>);
    expect(activations.activations.map((a) => a.status.code)).to.deep.equal(['COMPLETED']);

    await post(seller.url, invoiceTo('INV-AS4-1'));
    await eventually(() => callbacks.find((c) => c.path === '/api/v2/invoices/INV-AS4-1/einvoice_status' && c.status === 'SUCCESS'), 30_000, 'SUCCESS of INV-AS4-1 (its AS4 receipt)');

    const listed = (await admin(buyer.url, '/received-messages?network=PEPPOL')) as { received_messages: { message_id: string; business_entity_id: string; disposition: string; sender: string; document_type: string }[] };
    expect(listed.received_messages).to.have.length(1);
    const kept = listed.received_messages[0]!;
    expect(kept).to.include({ business_entity_id: BUYER.id, disposition: 'kept', sender: SELLER.participant });
    expect(kept.document_type).to.match(/Invoice-2::Invoice##urn:cen\.eu:en16931:2017#compliant#urn:fdc:peppol\.eu:2017:poacc:billing:3\.0::2\.1$/);
    const one = (await admin(buyer.url, `/received-messages/PEPPOL/${encodeURIComponent(kept.message_id)}`)) as { content: string; answer: { body: string } };
    expect(one.content).to.match(/^<Invoice /).and.contain('<cbc:ID>INV-AS4-1</cbc:ID>');
    expect(one.answer.body).to.contain('eb:Receipt').and.contain(`<eb:RefToMessageId>${kept.message_id}</eb:RefToMessageId>`);

    const response = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-application-response.json'), 'utf8')) as Record<string, unknown>;
    await post(buyer.url, {
      ...response,
      id: 'AR-AS4-1',
      sender_party: { legal_entity: { registration_name: 'Example Buyer GmbH', company_id: 'DE123456789' } },
      receiver_party: { legal_entity: { registration_name: 'Example Seller GmbH', company_id: 'DE987654321' }, electronic_address: { scheme: '9930', id: 'DE987654321' } },
      document_response: { response: { status: 'Rejected', note: 'Wrong order number' }, document_reference: { id: 'INV-AS4-1' } },
    });
    await eventually(() => callbacks.find((c) => c.path === '/api/v2/invoices/INV-AS4-1/einvoice_status' && c.status === 'REJECTED'), 30_000, 'REJECTED of INV-AS4-1 (the buyer\'s Invoice Response)');

    const atSeller = (await admin(seller.url, '/received-messages?network=PEPPOL')) as { received_messages: { disposition: string; business_entity_id: string }[] };
    expect(atSeller.received_messages.map((i) => `${i.business_entity_id}/${i.disposition}`)).to.deep.equal([`${SELLER.id}/status`]);
  });
});
