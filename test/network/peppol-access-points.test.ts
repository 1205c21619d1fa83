import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { accessPointPair, activationCodes, BUYER, PEPPOL_SIDES, receivedMessage, receivedOn, SELLER, submit } from '../helpers/access-points.js';
import { invoiceTo } from '../helpers/lifecycle.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// Two adapters as two Peppol access points on 127.0.0.1, each a real process with its own data
// directory, certificate and key (made at test time under the lab's test CAs), finding each other
// through the lab's SMP and DNS as access points do through the SML (src/cli/actions/edelivery-lab):
// the seller's adapter sends an invoice over AS4, the buyer's keeps it and lists it; the buyer's
// Invoice Response goes back over AS4 and becomes the invoice's status at the seller's, which
// calls its platform back. Everything over HTTP, nothing outside 127.0.0.1.

describe('PEPPOL over AS4: two adapters, two access points, one invoice and its response', function () {
  this.timeout(120_000);
  const pair = accessPointPair('PEPPOL', PEPPOL_SIDES);
  before(pair.setUp);
  after(pair.tearDown);

  it('delivers the invoice with a verified receipt, keeps it at the buyer, and brings the Invoice Response back as REJECTED', async () => {
    const seller = await pair.start('seller');
    const buyer = await pair.start('buyer');

    // The activations are live: an access point is configured.
    expect(await activationCodes(seller.url)).to.deep.equal(['COMPLETED']);

    await submit(seller.url, invoiceTo('INV-AS4-1'));
    await pair.callback('/api/v2/invoices/INV-AS4-1/einvoice_status', 'SUCCESS', 'SUCCESS of INV-AS4-1 (its AS4 receipt)');

    const listed = await receivedOn(buyer.url, 'PEPPOL');
    expect(listed).to.have.length(1);
    const kept = listed[0]!;
    expect(kept).to.include({ business_entity_id: BUYER.id, disposition: 'kept', sender: SELLER.participant });
    expect(kept.document_type).to.match(/Invoice-2::Invoice##urn:cen\.eu:en16931:2017#compliant#urn:fdc:peppol\.eu:2017:poacc:billing:3\.0::2\.1$/);
    const one = await receivedMessage(buyer.url, 'PEPPOL', kept.message_id);
    expect(one.content).to.match(/^<Invoice /).and.contain('<cbc:ID>INV-AS4-1</cbc:ID>');
    expect(one.answer.body).to.contain('eb:Receipt').and.contain(`<eb:RefToMessageId>${kept.message_id}</eb:RefToMessageId>`);

    const response = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-application-response.json'), 'utf8')) as Record<string, unknown>;
    await submit(buyer.url, {
      ...response,
      id: 'AR-AS4-1',
      sender_party: { legal_entity: { registration_name: 'Example Buyer GmbH', company_id: 'DE123456789' } },
      receiver_party: { legal_entity: { registration_name: 'Example Seller GmbH', company_id: 'DE987654321' }, electronic_address: { scheme: '9930', id: 'DE987654321' } },
      document_response: { response: { status: 'Rejected', note: 'Wrong order number' }, document_reference: { id: 'INV-AS4-1' } },
    });
    await pair.callback('/api/v2/invoices/INV-AS4-1/einvoice_status', 'REJECTED', 'REJECTED of INV-AS4-1 (the buyer\'s Invoice Response)');

    const atSeller = await receivedOn(seller.url, 'PEPPOL');
    expect(atSeller.map((i) => `${i.business_entity_id}/${i.disposition}`)).to.deep.equal([`${SELLER.id}/status`]);
  });
});
