import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { startLab, type Lab } from '../../src/cli/actions/edelivery-lab/lab.js';
import { PEPPOL_PROFILE } from '../../src/driver-kit/networks/edelivery/edelivery-profile.js';
import type { AccessPoint } from '../../src/driver-kit/networks/edelivery/access-point.js';
import { As4Transport } from '../../src/driver-kit/networks/edelivery/as4-transport.js';
import { userMessage, type SentUserMessage } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { decryptAttachments } from '../../src/driver-kit/networks/edelivery/as4/attachment-decryption.js';
import { signedReceipt } from '../../src/driver-kit/networks/edelivery/as4/receipt-writer.js';
import { errorSignal } from '../../src/driver-kit/networks/edelivery/as4/error-signal.js';
import { notServiced } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import { readSignal } from '../../src/driver-kit/networks/edelivery/as4/read-signal.js';
import { INITIATOR, RESPONDER, type UserMessageFacts } from '../../src/driver-kit/networks/edelivery/as4/user-message-facts.js';
import { sbdhFor } from '../../src/formats/sbdh/write.js';
import { TransportError, type OutboundMessage, type SendAttempt } from '../../src/spi/transport.js';
import type { InboxItem, NetworkInbox } from '../../src/spi/driver.js';
import { SBDH_CASES } from '../formats/sbdh/sbdh-cases.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { accessPointConfig, ADMIN_KEY, BUYER, SELLER } from '../helpers/access-points.js';
import { encryptionSpan, encryptionXml, partsOf, rebuilt, type As4Message } from '../helpers/as4-encryption.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';
import { tempDir } from '../helpers/temp-dir.js';

// AS4 tampering (issue 41): the buyer's access point is the real adapter (an in-process runtime on
// an ephemeral port with its SQLite store and the lab's certificate of seat POP000002), and what
// reaches POST /networks/peppol/inbound is a user message the real userMessage wrote as the
// seller's access point would, then altered the way an attacker or a broken sender could. Each is
// answered with the ebMS error the profile names and keeps nothing; the genuine message is then
// still taken, once, however often it is posted. On the sending side, an As4Transport posts to a
// small receiver here that answers with receipts that do not confirm the message, or an error.

const invoice = SBDH_CASES.find((c) => c.name === 'spec-invoice')!;
const BOUNDARY = 'as4-tamper-boundary';
const PAYLOAD_ID = 'payload.tamper@pop000001';
const UNKNOWN = '9930:DE000000000';

/** The facts As4Transport writes for the spec invoice from the seller's access point to `to`. */
function factsFor(messageId: string, finalRecipient: string, to = BUYER.seat): UserMessageFacts {
  return {
    messageId,
    timestamp: new Date('2026-11-25T10:00:00.000Z'),
    conversationId: messageId,
    from: { id: SELLER.seat, type: PEPPOL_PROFILE.partyIdType, role: INITIATOR },
    to: { id: to, type: PEPPOL_PROFILE.partyIdType, role: RESPONDER },
    agreementRef: PEPPOL_PROFILE.agreementRef,
    service: { type: PEPPOL_PROFILE.processScheme, value: invoice.facts.processId },
    action: `${PEPPOL_PROFILE.documentTypeScheme}::${invoice.facts.documentTypeId}`,
    originalSender: invoice.facts.sender,
    finalRecipient,
  };
}

describe('AS4 tampering: the receiving access point refuses what it cannot trust and keeps nothing', function () {
  this.timeout(60_000);
  let lab: Lab;
  let buyer: TestAdapter;
  let seller: TestIdentity;
  let receiverKey: TestIdentity;

  before(async () => {
    const dir = tempDir('as4-tamper-');
    lab = await startLab({
      dir: join(dir, 'lab'),
      participants: [
        // The receiver is posted to directly; the SMP's addresses are not used on this side.
        { participantId: SELLER.participant, as4Url: 'http://127.0.0.1:9/networks/peppol/inbound', seat: SELLER.seat },
        { participantId: BUYER.participant, as4Url: 'http://127.0.0.1:9/networks/peppol/inbound', seat: BUYER.seat },
      ],
    });
    seller = lab.pki.accessPoints.get(SELLER.seat)!;
    receiverKey = lab.pki.accessPoints.get(BUYER.seat)!;
    buyer = await startTestAdapter({ env: { ADAPTER_CONFIG: accessPointConfig(dir, lab, 'buyer'), ADMIN_API_KEY: ADMIN_KEY } });
  });
  after(async () => {
    await buyer?.close();
    await lab?.close();
  });

  /** The spec invoice as a signed and encrypted user message to the buyer's access point. */
  const send = (messageId: string, o: { signer?: TestIdentity; finalRecipient?: string } = {}): SentUserMessage => {
    const finalRecipient = o.finalRecipient ?? invoice.facts.receiver;
    const sbdh = sbdhFor({ ...invoice.facts, receiver: finalRecipient, instanceIdentifier: messageId }, invoice.payload);
    const signer = o.signer ?? seller;
    return userMessage(factsFor(messageId, finalRecipient), sbdh, { certificate: signer.certificate, privateKeyPem: signer.privateKeyPem }, { boundary: BOUNDARY, rootContentId: `root.${messageId}`, payloadContentId: PAYLOAD_ID }, receiverKey.certificate);
  };
  const post = async (m: As4Message): Promise<{ status: number; contentType: string; body: Buffer }> => {
    const res = await fetch(`${buyer.url}/networks/peppol/inbound`, { method: 'POST', headers: { 'content-type': m.contentType, 'mime-version': '1.0' }, body: new Uint8Array(m.body) });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };
  /** The ebMS error the answer carries (fails the test on a receipt or anything else). */
  const refusedWith = async (m: As4Message) => {
    const answer = await post(m);
    expect(answer.status).to.equal(200);
    const signal = readSignal(answer.contentType, answer.body, [lab.pki.apCa.certificate], new Date());
    if ('problem' in signal) expect.fail(signal.problem);
    if (signal.kind !== 'error') expect.fail(`the message was taken: ${signal.receipt.messageId}`);
    expect(signal.errors).to.have.length(1);
    return signal.errors[0]!;
  };
  const kept = async () => {
    const res = await buyer.call('/admin/received-messages', { key: null, headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(res.status).to.equal(200);
    return ((await res.json()) as { received_messages: { message_id: string }[] }).received_messages;
  };
  /** The message again with its encrypted payload replaced by `gzip` encrypted anew to the receiver (the encryption is not signed). */
  const reencrypted = (m: SentUserMessage, gzip: Buffer): As4Message => {
    const { envelope } = partsOf(m);
    const span = encryptionSpan(envelope);
    const { xml, ciphertext } = encryptionXml(gzip, PAYLOAD_ID, receiverKey.certificate);
    return rebuilt(m, BOUNDARY, envelope.slice(0, span.start) + xml + envelope.slice(span.end), [[PAYLOAD_ID, ciphertext]]);
  };
  const plaintextOf = (m: SentUserMessage): Buffer => {
    const { envelope, attachments } = partsOf(m);
    return decryptAttachments(envelope, new Map([[PAYLOAD_ID, attachments[0]![1].body]]), receiverKey).get(PAYLOAD_ID)!;
  };

  it('a changed byte of the encrypted payload: EBMS:0102 (the GCM tag), nothing kept', async () => {
    const message = send('tamper-cipher@pop000001');
    const { envelope, attachments } = partsOf(message);
    const changed = Buffer.from(attachments[0]![1].body);
    changed[40] = changed[40]! ^ 0x01;
    const error = await refusedWith(rebuilt(message, BOUNDARY, envelope, [[PAYLOAD_ID, changed]]));
    expect(error).to.include({ code: 'EBMS:0102', shortDescription: 'FailedDecryption' });
    // Nothing of an undecryptable message is read, its MessageId included.
    expect(error).to.not.have.property('refToMessageInError');
    expect(error.description).to.contain('authentication tag');
    expect(await kept()).to.deep.equal([]);
  });

  it('a changed byte of the invoice, decrypted and encrypted again so it decrypts: EBMS:0101 (the signed digest), nothing kept', async () => {
    const message = send('tamper-plain@pop000001');
    const sbdh = gunzipSync(plaintextOf(message)).toString('utf8');
    const altered = sbdh.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1');
    expect(altered).to.not.equal(sbdh);
    // The control: the same message re-encrypted unchanged still reads, so the refusal is the changed byte's.
    expect(readUserMessage(message.contentType, reencrypted(message, plaintextOf(message)).body, { anchors: [lab.pki.apCa.certificate], now: new Date(), decryptWith: receiverKey }).messageId).to.equal('tamper-plain@pop000001');
    const error = await refusedWith(reencrypted(message, gzipSync(Buffer.from(altered, 'utf8'))));
    expect(error).to.include({ code: 'EBMS:0101', shortDescription: 'FailedAuthentication' });
    expect(error.description).to.match(/^the attachment reference cid:payload\.\S+ does not verify$/);
    expect(await kept()).to.deep.equal([]);
  });

  it('signed with a certificate of a CA the receiver does not trust: EBMS:0101, nothing kept', async () => {
    const rogue = makeIdentity(SELLER.seat, makeIdentity('Rogue Peppol AP CA'));
    const error = await refusedWith(send('tamper-rogue@pop000001', { signer: rogue }));
    expect(error).to.include({ code: 'EBMS:0101', shortDescription: 'FailedAuthentication' });
    expect(await kept()).to.deep.equal([]);
  });

  it('signed with an expired certificate of the trusted AP CA: EBMS:0101, nothing kept', async () => {
    const expired = makeIdentity(SELLER.seat, lab.pki.apCa, { fromDays: -60, toDays: -1 });
    const error = await refusedWith(send('tamper-expired@pop000001', { signer: expired }));
    expect(error).to.include({ code: 'EBMS:0101', shortDescription: 'FailedAuthentication' });
    expect(error.description).to.match(/expired|not valid/i);
    expect(await kept()).to.deep.equal([]);
  });

  it('for a participant the access point does not serve: EBMS:0004 PEPPOL:NOT_SERVICED, nothing kept', async () => {
    const error = await refusedWith(send('tamper-unknown@pop000001', { finalRecipient: UNKNOWN }));
    expect(error).to.include({ code: 'EBMS:0004', detail: 'PEPPOL:NOT_SERVICED', refToMessageInError: 'tamper-unknown@pop000001' });
    expect(await kept()).to.deep.equal([]);
  });

  it('the genuine message posted twice (a replay): the same signed receipt byte for byte, kept once', async () => {
    const message = send('genuine@pop000001');
    const first = await post(message);
    const second = await post(message);
    const signal = readSignal(first.contentType, first.body, [lab.pki.apCa.certificate], new Date());
    if ('problem' in signal || signal.kind !== 'receipt') expect.fail(`no receipt: ${JSON.stringify(signal)}`);
    expect(signal.receipt.refToMessageId).to.equal('genuine@pop000001');
    expect(second.status).to.equal(first.status);
    expect(second.contentType).to.equal(first.contentType);
    expect(second.body.equals(first.body), 'the second answer is the stored receipt').to.equal(true);
    // A third time with a fresh encryption (a sender's retry: same message, new key): still the stored receipt.
    const third = await post(reencrypted(message, plaintextOf(message)));
    expect(third.body.equals(first.body), 'a re-encrypted retry gets the stored receipt').to.equal(true);
    expect((await kept()).map((m) => m.message_id)).to.deep.equal(['genuine@pop000001']);
  });
});

/** An inbox that records what is added to it. */
function recordingInbox(): NetworkInbox & { added: InboxItem[] } {
  const added: InboxItem[] = [];
  return { added, add: async (_network, item) => (added.push(item), true), of: async () => [], sent: async () => false };
}

describe('AS4 tampering: the sending access point takes only a receipt that confirms what it sent', function () {
  this.timeout(60_000);
  let ca: TestIdentity;
  let sender: TestIdentity;
  let receiver: TestIdentity;
  let server: Server;
  let url: string;
  /** How the receiver here answers the user message it was posted (read with its key). */
  let answer: (read: ReturnType<typeof readUserMessage>) => { contentType: string; body: Buffer };
  const signer = () => ({ certificate: receiver.certificate, privateKeyPem: receiver.privateKeyPem });

  before(async () => {
    ca = makeIdentity('Test Peppol AP CA');
    sender = makeIdentity(SELLER.seat, ca);
    receiver = makeIdentity(BUYER.seat, ca);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const read = readUserMessage(req.headers['content-type'] ?? '', Buffer.concat(chunks), { anchors: [ca.certificate], now: new Date(), decryptWith: signer() });
        const { contentType, body } = answer(read);
        res.writeHead(200, { 'content-type': contentType }).end(body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/as4`;
  });
  after(async () => {
    await new Promise((r) => server?.close(r));
  });

  const transport = (inbox: NetworkInbox) => {
    const ap: AccessPoint = {
      profile: PEPPOL_PROFILE,
      privateKey: undefined as never,
      privateKeyPem: sender.privateKeyPem,
      certificate: sender.certificate,
      seatId: SELLER.seat,
      host: SELLER.seat.toLowerCase(),
      apAnchors: [ca.certificate],
      smpAnchors: [],
      smlZone: 'lab.peppol.invalid',
      resolver: undefined as never,
      timeoutMs: 10_000,
      cacheEntries: undefined,
      allowHttp: true,
    };
    // The lookup is the SMP's answer: the receiver here, with its certificate.
    const lookup = { lookup: async () => ({ kind: 'FOUND' as const, endpoint: { url, certificate: receiver.certificate, transportProfile: PEPPOL_PROFILE.transportProfile } }) };
    return new As4Transport({ ap, lookup, inbox, countryC1: 'DE', retry: { minMs: 100, maxMs: 500 }, clock: () => new Date() });
  };
  const message: OutboundMessage = {
    documentId: 'doc-tamper-1',
    model: 'PEPPOL',
    documentType: 'ubl-invoice',
    documentNumber: 'INV-TAMPER-1',
    sender: { scheme: '9930', id: 'DE987654321' },
    receiver: { scheme: '9930', id: 'DE123456789' },
    content: invoice.payload,
    mimeType: 'application/xml',
  };
  const attempt: SendAttempt = { now: new Date(), acceptedAt: '2026-11-25T10:00:00.000Z', attempt: 1 };
  const receiptFor = (read: ReturnType<typeof readUserMessage>, over: { refToMessageId?: string; references?: typeof read.references } = {}) =>
    signedReceipt({ messageId: `receipt.${read.messageId}`, timestamp: new Date(), refToMessageId: over.refToMessageId ?? read.messageId, references: over.references ?? read.references }, signer());
  const sendError = async (inbox: NetworkInbox): Promise<TransportError> => {
    try {
      await transport(inbox).send(message, attempt);
    } catch (err) {
      if (err instanceof TransportError) return err;
      throw err;
    }
    return expect.fail('the send counted as delivered');
  };

  it('the control: a receipt repeating every signed digest is the delivery, kept in the inbox', async () => {
    answer = (read) => receiptFor(read);
    const inbox = recordingInbox();
    const sent = await transport(inbox).send(message, attempt);
    expect(inbox.added).to.have.length(1);
    expect(inbox.added[0]!).to.include({ documentType: 'as4-receipt', dedupeKey: `receipt:${(sent.payload as { as4_message_id: string }).as4_message_id}` });
  });

  it('a receipt with one digest changed, signed by the trusted receiver: a retried TransportError, nothing in the inbox', async () => {
    answer = (read) => {
      const references = read.references.map((r, i) => (i === read.references.length - 1 ? { ...r, digestValue: Buffer.alloc(32, 7).toString('base64') } : r));
      return receiptFor(read, { references });
    };
    const inbox = recordingInbox();
    const err = await sendError(inbox);
    expect(err.permanent, err.message).to.equal(false);
    expect(err.message).to.match(/does not confirm this message: the receipt's digest of cid:\S+ is not the one sent$/);
    expect(inbox.added).to.deep.equal([]);
  });

  it('a receipt for another MessageId: a retried TransportError, nothing in the inbox', async () => {
    answer = (read) => receiptFor(read, { refToMessageId: `other.${read.messageId}` });
    const inbox = recordingInbox();
    const err = await sendError(inbox);
    expect(err.permanent, err.message).to.equal(false);
    expect(err.message).to.match(/does not confirm this message: the receipt answers the message other\./);
    expect(inbox.added).to.deep.equal([]);
  });

  it('an ebMS error answer: a permanent TransportError carrying the code, nothing in the inbox', async () => {
    answer = (read) => errorSignal({ messageId: `error.${read.messageId}`, timestamp: new Date(), refToMessageInError: read.messageId, errors: [notServiced(read.finalRecipient)] }, signer());
    const inbox = recordingInbox();
    const err = await sendError(inbox);
    expect(err.permanent, err.message).to.equal(true);
    expect(err.errors?.map((e) => e.message)).to.deep.equal(['EBMS:0004 Other: the final recipient 9930:DE123456789 is not served by this access point']);
    expect(inbox.added).to.deep.equal([]);
  });
});
