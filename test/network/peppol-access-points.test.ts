import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { accessPointPair, activationCodes, receivedMessage, receivedOn, submit } from '../helpers/access-points.js';
import { invoiceTo } from '../helpers/lifecycle.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// Two adapters as two Peppol access points on 127.0.0.1, each a real process with its own data
// directory, certificate and key (made at test time under the lab's test CAs), finding each other
// through the lab's SMP and DNS as access points do through the SML (src/cli/actions/edelivery-lab):
// the seller's adapter sends an invoice over AS4, the buyer's keeps it and lists it; the buyer's
// Invoice Response goes back over AS4 and becomes the invoice's status at the seller's, which
// calls its platform back. Everything over HTTP, nothing outside 127.0.0.1.

const SELLER = { id: 'example-seller', participant: '9930:DE987654321', seat: 'POP000001' };
const BUYER = { id: 'example-buyer', participant: '9930:DE123456789', seat: 'POP000002' };

/** The fixtures' seller or buyer, with its Peppol address and one activation for `documentTypes`. */
function entity(id: string, participant: string, documentTypes: string[]): Record<string, unknown> {
  const [scheme, value] = participant.split(':') as [string, string];
  const base = id === SELLER.id
    ? { name: 'Example Seller GmbH', address: { line_1: 'Hauptstr. 456', zip: '50667', city: 'Cologne', country: 'DE' }, tax_identifiers: [{ scheme: 'VAT', id: 'DE987654321' }], legal_entity: { registration_name: 'Example Seller GmbH', company_id: 'HRB 98765' }, contact: { name: 'Accounts receivable', telephone: '+49 221 555 0100', email: 'billing@seller.example' } }
    : { name: 'Example Buyer GmbH', address: { line_1: 'Berliner Str. 123', zip: '10115', city: 'Berlin', country: 'DE' }, tax_identifiers: [{ scheme: 'VAT', id: 'DE123456789' }], legal_entity: { registration_name: 'Example Buyer GmbH' } };
  return {
    id,
    display_name: base.name,
    party: { ...base, electronic_address: { scheme, id: value } },
    activations: [
      {
        id: id === SELLER.id ? '1d7f3a52-8c1e-4b0a-9f6d-2e5c8b7a1f01' : '2e8a4b63-9d2f-4c1b-8a7e-3f6d9c8b2a02',
        status: { code: 'COMPLETED' },
        country_activations: [{ model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: documentTypes }],
      },
    ],
  };
}

describe('PEPPOL over AS4: two adapters, two access points, one invoice and its response', function () {
  this.timeout(120_000);
  const pair = accessPointPair('PEPPOL', {
    seller: { ...SELLER, entity: entity(SELLER.id, SELLER.participant, ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse']) },
    buyer: { ...BUYER, entity: entity(BUYER.id, BUYER.participant, ['ubl-applicationresponse']) },
  });
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
