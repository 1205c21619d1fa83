import { expect } from 'chai';
import { ActivationsResponseSchema, BusinessEntitiesResponseSchema, ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

const ACME = '595e13fd-68b0-40c2-ade3-9780ce339d97';
const IBERIA = 'c2d1e0f3-5b6a-4c8d-9e7f-0a1b2c3d4e5f';
const NORDLYS = 'f5c6d7e8-9a0b-4c1d-8e2f-4a5b6c7d8e9f';
const LAGUNA = 'a6d7e8f9-0b1c-4d2e-8f3a-5b6c7d8e9f0a';

describe('GET /einvoicing/activations', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter();
  });
  after(() => adapter.close());

  const get = async (query: string, status = 200) => {
    const res = await adapter.call(`/einvoicing/activations${query}`);
    expect(res.status, query).to.equal(status);
    return bodyOf(res);
  };

  it('lists every activation of every business entity without parameters', async () => {
    const body = await get('');
    expectShape(ActivationsResponseSchema, body);
    const expected = demoConfig().business_entities.flatMap((e) => e.activations.map((a) => a.id));
    expect(body.activations.map((a: { id: string }) => a.id)).to.deep.equal(expected);
    expect(body.activations[0]).to.deep.equal({
      id: '02083517-408f-4174-8c4d-42b029162f9c',
      business_entity: { id: ACME, display_name: 'Example Seller' },
      // Configured COMPLETED; PENDING while no Peppol access point is configured (the sandbox carries its documents).
      status: { code: 'PENDING', message: 'PEPPOL: no access point is configured (drivers.PEPPOL.access_point); documents go to the sandbox network, which answers as the Peppol network would but delivers nothing.' },
      country_activations: [
        { model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'] },
        { model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2G', supported_document_types: ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'] },
        { model: 'PEPPOL', country: 'AT', einvoicing_type: 'B2B', supported_document_types: ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'] },
      ],
    });
  });

  it('reports the VERIFACTU activation PENDING while no AEAT certificate is configured, saying where its records go', async () => {
    const body = await get(`?business_entity_id=${IBERIA}`);
    expect(body.activations).to.have.length(1);
    expect(body.activations[0].status).to.deep.equal({
      code: 'PENDING',
      message: 'VERI*FACTU: no AEAT certificate is configured for this business entity (drivers.VERIFACTU.certificates); its records are answered by the sandbox, which answers like the AEAT.',
    });
    expect(body.activations[0].country_activations[0].model).to.equal('VERIFACTU');
  });

  it('reports the NEMHANDEL activation PENDING while no NemHandel access point is configured, saying the sandbox carries its OIOUBL', async () => {
    const body = await get(`?business_entity_id=${NORDLYS}`);
    expect(body.activations).to.have.length(1);
    expect(body.activations[0].status).to.deep.equal({
      code: 'PENDING',
      message: "NemHandel: no NemHandel access point is configured (drivers.NEMHANDEL.access_point); OIOUBL documents travel through the adapter's sandbox network, whose buyers answer with OIOUBL business responses. Nothing reaches NemHandel.",
    });
    expect(body.activations[0].country_activations.map((c: { model: string; einvoicing_type: string }) => `${c.model}/${c.einvoicing_type}`)).to.deep.equal(['NEMHANDEL/B2B', 'NEMHANDEL/B2G']);
  });

  it('reports the SDI activation PENDING while no SdICoop channel is configured, saying the sandbox answers like the SDI', async () => {
    const body = await get(`?business_entity_id=${LAGUNA}`);
    expect(body.activations[0].status.code).to.equal('PENDING');
    expect(body.activations[0].status.message).to.match(/^SDI: no SdICoop channel is configured for this business entity/);
    expect(body.activations[0].country_activations.map((c: { model: string; country: string; einvoicing_type: string }) => `${c.model}/${c.country}/${c.einvoicing_type}`)).to.deep.equal(['CLEARANCE/IT/B2B', 'CLEARANCE/IT/B2G']);
  });

  it('filters by business_entity_id', async () => {
    const body = await get(`?business_entity_id=${ACME}`);
    expect(body.activations.map((a: { business_entity: { id: string } }) => a.business_entity.id)).to.deep.equal([ACME]);
  });

  it('filters by country, keeping only that country activations (case-insensitive)', async () => {
    for (const country of ['AT', 'at']) {
      const body = await get(`?country=${country}`);
      expect(body.activations).to.have.length(1);
      expect(body.activations[0].country_activations).to.deep.equal([
        { model: 'PEPPOL', country: 'AT', einvoicing_type: 'B2B', supported_document_types: ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'] },
      ]);
    }
    expect((await get('?country=SE')).activations).to.deep.equal([]);
  });

  it('combines business_entity_id and country', async () => {
    expect((await get(`?business_entity_id=${ACME}&country=NL`)).activations).to.deep.equal([]);
    expect((await get(`?business_entity_id=${ACME}&country=DE`)).activations[0].country_activations).to.have.length(2);
  });

  it('lists business entities with mode=business_entities', async () => {
    const body = await get('?mode=business_entities');
    expectShape(BusinessEntitiesResponseSchema, body);
    expect(body.business_entities).to.deep.equal([
      { id: ACME, display_name: 'Example Seller' },
      { id: 'a3f7b451-29f0-42e0-8e4d-927c0ff19de7', display_name: 'Beta Benelux' },
      { id: LAGUNA, display_name: 'Laguna Software' },
      { id: 'b8e9f0a1-2c3d-4e5f-9a6b-7c8d9e0f1a2b', display_name: 'Lumière Logiciels' },
      { id: IBERIA, display_name: 'Iberia Software' },
      { id: 'd1a2b3c4-5e6f-4a7b-8c9d-0e1f2a3b4c5d', display_name: 'Duna Szoftver' },
      { id: 'e4b5c6d7-8f90-4a1b-9c2d-3e4f5a6b7c8d', display_name: 'Wisła Software' },
      { id: NORDLYS, display_name: 'Nordlys Software' },
    ]);
    expect((await get('?mode=business_entities&country=ES')).business_entities).to.deep.equal([{ id: IBERIA, display_name: 'Iberia Software' }]);
    expect((await get('?mode=activations')).activations).to.have.length(8);
  });

  it('answers 404 NOT_FOUND for an unknown business entity', async () => {
    const body = await get('?business_entity_id=nope', 404);
    expectShape(ErrorResponseSchema, body);
    expect(body.errors).to.deep.equal([{ code: 'NOT_FOUND', message: 'business entity nope is not configured at this provider' }]);
    await get('?business_entity_id=nope&mode=business_entities', 404);
  });

  it('answers 400 INVALID_DATA for a bad mode and a country that is not two letters, one error each', async () => {
    const body = await get('?mode=companies&country=DEU', 400);
    expectShape(ErrorResponseSchema, body);
    expect(body.errors.map((e: { code: string }) => e.code)).to.deep.equal(['INVALID_DATA', 'INVALID_DATA']);
    expect(body.errors.map((e: { message: string }) => e.message.split(':')[0]).sort()).to.deep.equal([
      'query parameter country',
      'query parameter mode',
    ]);
    for (const bad of ['?country=1A', '?country=D', '?country=DE&country=FR']) {
      const b = await get(bad, 400);
      expect(b.errors[0].code, bad).to.equal('INVALID_DATA');
      expect(b.errors[0].message, bad).to.match(/^query parameter country/);
    }
  });

  it('answers 401 with no body without a valid key', async () => {
    for (const key of [null, 'wrong-key-0123456789']) {
      const res = await adapter.call('/einvoicing/activations', { key });
      expect(res.status).to.equal(401);
      expect(await res.text()).to.equal('');
    }
  });
});
