import { expect } from 'chai';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { admin, expectStatus } from '../helpers/merchants.js';
import { receivedMessage } from '../helpers/received-messages.js';

// GET /admin/received-messages: what networks delivered to the adapter (kept by the store's
// `received`, as the AS4 receiver keeps them), listed and read over HTTP with the admin key.

describe('the admin API: received messages', function () {
  this.timeout(20_000);
  let adapter: TestAdapter;
  const keep = (...messages: Parameters<typeof receivedMessage>[]) => Promise.all(messages.map((args) => adapter.runtime.store.received.keep(receivedMessage(...args))));
  const ids = (body: Record<string, any>) => body.received_messages.map((m: { message_id: string }) => m.message_id);
  beforeEach(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
  });
  afterEach(() => adapter.close());

  it('is behind the admin key only (401 with none and with the SPI key)', async () => {
    await keep(['m-1']);
    expect((await fetch(`${adapter.url}/admin/received-messages`)).status).to.equal(401);
    expect((await admin(adapter, '/received-messages', { key: adapter.key })).status).to.equal(401);
    expect((await admin(adapter, '/received-messages/PEPPOL/m-1', { key: adapter.key })).status).to.equal(401);
    expect(ids(await expectStatus(admin(adapter, '/received-messages'), 200))).to.deep.equal(['m-1']);
  });

  it('lists newest first without the documents, 50 a page by default, paged with next and before, filtered', async () => {
    for (let i = 1; i <= 52; i++) await keep([`m-${i}`, { disposition: i === 51 ? 'status' : 'kept', network: i === 50 ? 'NEMHANDEL' : 'PEPPOL', businessEntityId: i % 2 === 0 ? 'example-seller' : 'other-seller' }]);
    const first = await expectStatus(admin(adapter, '/received-messages'), 200);
    expect(first.received_messages).to.have.length(50);
    expect(first.received_messages[0]).to.deep.equal({
      network: 'PEPPOL',
      message_id: 'm-52',
      business_entity_id: 'example-seller',
      sender: 'iso6523-actorid-upis::0088:5798000000001',
      receiver: 'iso6523-actorid-upis::9930:de987654321',
      document_type: receivedMessage('x').documentType,
      process_id: receivedMessage('x').processId,
      disposition: 'kept',
      received_at: '2026-11-24T10:00:00.000Z',
    });
    const second = await expectStatus(admin(adapter, `/received-messages?before=${first.next}`), 200);
    expect(ids(second)).to.deep.equal(['m-2', 'm-1']);
    expect(second).not.to.have.property('next');

    const small = await expectStatus(admin(adapter, '/received-messages?limit=2&business_entity_id=example-seller'), 200);
    expect(ids(small)).to.deep.equal(['m-52', 'm-50']);
    expect(ids(await expectStatus(admin(adapter, `/received-messages?limit=2&business_entity_id=example-seller&before=${small.next}`), 200))).to.deep.equal(['m-48', 'm-46']);
    expect(ids(await expectStatus(admin(adapter, '/received-messages?network=nemhandel'), 200))).to.deep.equal(['m-50']);
    expect(ids(await expectStatus(admin(adapter, '/received-messages?disposition=status'), 200))).to.deep.equal(['m-51']);
    expect(ids(await expectStatus(admin(adapter, '/received-messages?limit=500&network=PEPPOL&disposition=kept&business_entity_id=other-seller'), 200))).to.have.length(25);
    expect(await expectStatus(admin(adapter, '/received-messages?business_entity_id=nobody'), 200)).to.deep.equal({ received_messages: [] });
  });

  it('answers one message with its document and the receipt its sender got; 404 for one never received', async () => {
    // AS4 message ids are RFC 2822 ids: '@', and here a '/', travel percent-encoded in the path.
    const id = 'c0ffee/1@ap.sender.example';
    const [kept] = await keep([id, { processId: undefined, businessEntityId: undefined }]);
    const one = await expectStatus(admin(adapter, `/received-messages/peppol/${encodeURIComponent(id)}`), 200);
    expect(one).to.deep.equal({
      network: 'PEPPOL',
      message_id: id,
      sender: kept!.stored.sender,
      receiver: kept!.stored.receiver,
      document_type: kept!.stored.documentType,
      disposition: 'kept',
      received_at: kept!.stored.receivedAt,
      content: `<Invoice><ID>${id}</ID></Invoice>`,
      answer: { content_type: 'application/soap+xml; charset=UTF-8', body: `<Receipt ref="${id}"/>` },
    });
    const missing = await expectStatus(admin(adapter, '/received-messages/PEPPOL/never@sender.example'), 404);
    expect(missing.errors).to.deep.equal([{ code: 'NOT_FOUND', message: 'There is no received message never@sender.example of PEPPOL.' }]);
    await expectStatus(admin(adapter, `/received-messages/NEMHANDEL/${encodeURIComponent(id)}`), 404);
  });

  it('refuses a bad query with one 400 error per parameter, in the error shape', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=ten', 'limit=2&limit=3', 'disposition=dropped', 'before=abc', 'before=0', 'network=' + 'X'.repeat(101)]) {
      const body = await expectStatus(admin(adapter, `/received-messages?${query}`), 400);
      const name = query.split('=')[0];
      expect(body.errors, query).to.have.length(1);
      expect(body.errors[0].code, query).to.equal('INVALID_DATA');
      expect(body.errors[0].message, query).to.match(new RegExp(`^query parameter ${name}: `));
    }
    expect((await expectStatus(admin(adapter, '/received-messages?limit=501'), 400)).errors[0].message).to.equal('query parameter limit: must be a whole number from 1 to 500 (got 501)');
    const two = await expectStatus(admin(adapter, '/received-messages?before=x&disposition=all'), 400);
    expect(two.errors.map((e: { message: string }) => e.message.split(':')[0])).to.have.members(['query parameter before', 'query parameter disposition']);
  });
});
