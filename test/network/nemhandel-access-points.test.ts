import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { accessPointPair, activationCodes, receivedMessage, receivedOn, submit } from '../helpers/access-points.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// NEMHANDEL on the same machinery as PEPPOL: two adapters as two NemHandel eDelivery access points
// on 127.0.0.1 (drivers.NEMHANDEL.access_point from the lab playing NemHandel: its zone, OIOUBL's
// document types in process scheme oioubl-procid-ubl). A Danish seller's OIOUBL invoice goes over
// AS4 to a Danish buyer, addressed by CVR (0184), and is kept there; the buyer's OIOUBL
// ApplicationResponse, which names the invoice by its cbc:ID, comes back over AS4 and becomes the
// invoice's status at the seller's, which calls its platform back.

const SELLER = { id: 'dansk-leverandor', participant: '0184:25313704', seat: 'POP000011' };
const BUYER = { id: 'dansk-kunde', participant: '0184:25313712', seat: 'POP000012' };
const DOCUMENT_TYPES = ['oioubl-invoice', 'oioubl-creditnote', 'oioubl-applicationresponse'];

/** A Danish entity (the NEMHANDEL fixtures' parties), addressed by its CVR number, with one NEMHANDEL activation. */
function entity(who: typeof SELLER, activationId: string, party: Record<string, unknown>, cvr: string): Record<string, unknown> {
  return {
    id: who.id,
    display_name: party.name,
    party: { ...party, tax_identifiers: [{ scheme: 'VAT', id: `DK${cvr}` }], legal_entity: { registration_name: party.name, company_id: cvr }, electronic_address: { scheme: '0184', id: cvr } },
    activations: [{ id: activationId, status: { code: 'COMPLETED' }, country_activations: [{ model: 'NEMHANDEL', country: 'DK', einvoicing_type: 'B2B', supported_document_types: DOCUMENT_TYPES }] }],
  };
}

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'nemhandel', `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('NEMHANDEL over AS4: two adapters, two NemHandel access points, an OIOUBL invoice and its ApplicationResponse', function () {
  this.timeout(120_000);
  const pair = accessPointPair('NEMHANDEL', {
    seller: {
      ...SELLER,
      entity: entity(SELLER, '9f5b1d2a-0a9b-4d8b-9b4e-0ad1f3b59f09', { name: 'Tavleleverandøren ApS', address: { line_1: 'Leverandørvej 11', zip: '2870', city: 'Dyssegård', country: 'DK' }, contact: { name: 'Bogholderiet', telephone: '+45 70 10 20 30', email: 'faktura@tavleleverandoren.example' } }, '25313704'),
    },
    buyer: {
      ...BUYER,
      entity: entity(BUYER, '0a6c2e3b-1b0c-4e9c-8c5f-1be2f4c6a010', { name: 'Kontorhuset A/S', address: { line_1: 'Vesterbrogade 1', zip: '1620', city: 'København V', country: 'DK' } }, '25313712'),
    },
  });
  before(pair.setUp);
  after(pair.tearDown);

  it('delivers the OIOUBL invoice with a verified receipt, keeps it at the buyer, and brings the BusinessReject back as REJECTED', async () => {
    const seller = await pair.start('seller');
    const buyer = await pair.start('buyer');

    // With an access point the NEMHANDEL activation is live, no longer PENDING on the sandbox.
    expect(await activationCodes(seller.url)).to.deep.equal(['COMPLETED']);

    await submit(seller.url, { ...fixture('b2b-cvr'), id: 'DK-AS4-1' });
    await pair.callback('/api/v2/invoices/DK-AS4-1/einvoice_status', 'SUCCESS', 'SUCCESS of DK-AS4-1 (its AS4 receipt)');

    const listed = await receivedOn(buyer.url, 'NEMHANDEL');
    expect(listed).to.have.length(1);
    const kept = listed[0]!;
    expect(kept).to.include({ business_entity_id: BUYER.id, disposition: 'kept', sender: SELLER.participant });
    expect(kept.document_type).to.equal('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##OIOUBL-2.1::2.1');
    const one = await receivedMessage(buyer.url, 'NEMHANDEL', kept.message_id);
    expect(one.content).to.match(/^<Invoice /).and.contain('<cbc:ID>DK-AS4-1</cbc:ID>').and.contain('<cbc:EndpointID schemeID="DK:CVR">DK25313712</cbc:EndpointID>');
    expect(one.answer.body).to.contain('eb:Receipt').and.contain(`<eb:RefToMessageId>${kept.message_id}</eb:RefToMessageId>`);

    await submit(buyer.url, {
      ...fixture('response-rejected'),
      id: 'AR-DK-AS4-1',
      sender_party: { legal_entity: { registration_name: 'Kontorhuset A/S', company_id: 'DK25313712' } },
      receiver_party: { legal_entity: { registration_name: 'Tavleleverandøren ApS', company_id: 'DK25313704' } },
      document_response: { response: { status: 'REJECTED', note: 'Forkert ordrenummer' }, document_reference: { id: 'DK-AS4-1' } },
    });
    await pair.callback('/api/v2/invoices/DK-AS4-1/einvoice_status', 'REJECTED', 'REJECTED of DK-AS4-1 (the buyer\'s ApplicationResponse)');

    const atSeller = await receivedOn(seller.url, 'NEMHANDEL');
    expect(atSeller.map((i) => `${i.business_entity_id}/${i.disposition}/${i.document_type}`)).to.deep.equal([
      `${SELLER.id}/status/urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##OIOUBL-2.1::2.1`,
    ]);
  });
});
