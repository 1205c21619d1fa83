import { createHash } from 'node:crypto';
import { TransportError, type NetworkEvent, type OutboundMessage, type SendAttempt, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../../spi/transport.js';
import type { NetworkInbox } from '../../../spi/driver.js';
import { httpRequest, PostNetworkError } from '../../../platform/http/post.js';
import type { CallMeter } from '../../../spi/network-calls.js';
import { routingOf } from '../../../formats/sbdh/document-type-id.js';
import { SbdhError } from '../../../formats/sbdh/sbdh-error.js';
import { sbdhFor } from '../../../formats/sbdh/write.js';
import { PROCESS_SCHEME } from '../../../formats/sbdh/facts.js';
import { commonName, type AccessPoint } from './access-point.js';
import { untrustedBecause } from './certificate-trust.js';
import type { ReceiverLookup } from './receiver-lookup.js';
import { transmissionKey } from './transmission-key.js';
import { userMessage } from './as4/user-message.js';
import { INITIATOR, RESPONDER, type UserMessageFacts } from './as4/user-message-facts.js';
import { readSignal } from './as4/read-signal.js';
import { receiptConfirms } from './as4/receipt-check.js';

// Sending over eDelivery as an access point (C2): the receiver's access point looked up (SML →
// SMP), the document wrapped in its SBDH, the AS4 user message signed, compressed and encrypted
// to the receiver's certificate, posted, and answered with a signed receipt whose
// non-repudiation information must repeat what was signed. The receipt is kept (through the
// network inbox, before the send counts as done) as the transmission's evidence: tracking reads it
// back as the delivery, then each business response the receiver's side sends back.
//
// Every attempt of a document sends the same message (MessageId, timestamp, SBDH and signature
// come from the document and its acceptance time; only the encryption's random key differs), as
// ebMS retries do: a receiver that kept the first attempt answers a repeat with the receipt it
// stored, and that receipt confirms this attempt too.

export const RECEIPT_DOCUMENT_TYPE = 'as4-receipt';
const SOAP_XML = 'application/soap+xml';
// A receipt or an error signal is a few kilobytes; one that is not is not read whole.
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface As4TransportOptions {
  ap: AccessPoint;
  lookup: ReceiverLookup;
  inbox: NetworkInbox;
  /** The sending entity's country: the SBDH's COUNTRY_C1. */
  countryC1: string;
  retry: { minMs: number; maxMs: number };
  clock: () => Date;
  /** Counts each POST to a receiver's access point as the network's `as4_send` call. */
  meter?: CallMeter | undefined;
}

/** The sender's text of `scheme:value` participants. */
const value = (p: { scheme: string; id: string }) => `${p.scheme}:${p.id}`;

export class As4Transport implements Transport {
  readonly name: string;

  constructor(private readonly o: As4TransportOptions) {
    this.name = o.ap.profile.network.toLowerCase();
  }

  async send(m: OutboundMessage, at: SendAttempt): Promise<SendReceipt> {
    const { ap, lookup } = this.o;
    const profile = ap.profile;
    if (m.encoding === 'base64') throw new TransportError(`${profile.network} carries XML business documents; this one is binary`, true);
    let routing: { documentTypeId: string; processId: string };
    try {
      routing = routingOf(m.content);
    } catch (err) {
      if (err instanceof SbdhError) throw new TransportError(err.message, true);
      throw err;
    }
    const sender = value(m.sender);
    const receiver = value(m.receiver);
    const found = await lookup.lookup(`${profile.participantScheme}::${receiver}`, `${profile.documentTypeScheme}::${routing.documentTypeId}`, `${profile.processScheme}::${routing.processId}`);
    if (found.kind !== 'FOUND') {
      const message = `${found.kind}: ${found.reason}`;
      throw new TransportError(message, found.final, [{ code: found.kind === 'SMP_UNAVAILABLE' ? 'SERVICE_UNAVAILABLE' : 'INVALID_DATA', message: `the receiver ${receiver} cannot be reached on ${profile.network}: ${message}` }]);
    }
    const endpoint = found.endpoint;
    const untrusted = untrustedBecause(endpoint.certificate, ap.apAnchors, at.now, 'access point');
    if (untrusted) throw new TransportError(untrusted, true, [{ code: 'INVALID_DATA', message: `the receiver's access point at ${endpoint.url} cannot be trusted: ${untrusted}` }]);
    const receiverSeat = commonName(endpoint.certificate);
    if (!receiverSeat) throw new TransportError(`the receiver's access point certificate has no CN to address it by`, true);
    const url = new URL(endpoint.url);
    if (url.protocol !== 'https:' && !(ap.allowHttp && url.protocol === 'http:')) throw new TransportError(`the receiver's access point address ${endpoint.url} is not https`, true);

    const key = transmissionKey(profile.network, sender, m.documentNumber);
    const createdAt = new Date(at.acceptedAt ?? at.now.toISOString());
    const contentDigest = createHash('sha256').update(m.content).digest('hex').slice(0, 16);
    const host = ap.host;
    const messageId = `${key}.${contentDigest}@${host}`;
    const processScheme = profile.processScheme === PROCESS_SCHEME ? undefined : profile.processScheme;
    const sbdh = sbdhFor({ sender, receiver, ...routing, processScheme, countryC1: this.o.countryC1, instanceIdentifier: key, creationDateAndTime: createdAt }, m.content);
    const facts: UserMessageFacts = {
      messageId,
      timestamp: createdAt,
      conversationId: key,
      from: { id: ap.seatId, type: profile.partyIdType, role: INITIATOR },
      to: { id: receiverSeat, type: profile.partyIdType, role: RESPONDER },
      agreementRef: profile.agreementRef,
      service: { type: profile.processScheme, value: routing.processId },
      action: `${profile.documentTypeScheme}::${routing.documentTypeId}`,
      originalSender: sender,
      finalRecipient: receiver,
    };
    const message = userMessage(facts, sbdh, { certificate: ap.certificate, privateKeyPem: ap.privateKeyPem }, { boundary: `----=_Part_${key}`, rootContentId: `envelope.${key}@${host}`, payloadContentId: `payload.${key}@${host}` }, endpoint.certificate);

    let answer;
    try {
      answer = await httpRequest(url, { headers: { 'content-type': message.contentType, 'mime-version': '1.0' }, body: message.body, timeoutMs: ap.timeoutMs, keepBytes: MAX_ANSWER_BYTES, meter: this.o.meter });
    } catch (err) {
      if (err instanceof PostNetworkError) throw new TransportError(`the receiver's access point at ${url.origin} did not answer: ${err.message}`, false);
      throw err;
    }
    const now = this.o.clock();
    const signal = readSignal(answer.contentType ?? '', Buffer.from(answer.body, 'utf8'), ap.apAnchors, now);
    if ('problem' in signal) {
      throw new TransportError(`the receiver's access point answered HTTP ${answer.status} without a receipt it could be trusted for: ${signal.problem}`, false);
    }
    if (signal.kind === 'error') {
      const errors = signal.errors.map((e) => ({ code: 'INVALID_DATA' as const, message: `${e.code} ${e.shortDescription}${e.description ? `: ${e.description}` : ''}` }));
      throw new TransportError(`the receiver's access point refused the message: ${errors.map((e) => e.message).join('; ')}`, true, errors, { as4_message_id: messageId, errors: signal.errors });
    }
    const mismatch = receiptConfirms(messageId, message.signedParts, signal.receipt);
    if (mismatch) throw new TransportError(`the receiver's access point answered with a receipt that does not confirm this message: ${mismatch}`, false);
    const references = [
      { key: 'as4_message_id', value: messageId },
      { key: 'receiving_access_point', value: receiverSeat },
    ];
    await this.o.inbox.add(profile.network, { messageId: key, dedupeKey: `receipt:${messageId}`, documentType: RECEIPT_DOCUMENT_TYPE, mimeType: SOAP_XML, content: answer.body, receivedAt: now.toISOString() });
    return { messageId: key, payload: { as4_message_id: messageId, receipt_message_id: signal.receipt.messageId, endpoint: endpoint.url }, references };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const items = await this.o.inbox.of(this.o.ap.profile.network, sent.messageId);
    const events: NetworkEvent[] = items.map((item) =>
      item.documentType === RECEIPT_DOCUMENT_TYPE
        ? { kind: 'delivered', at: item.receivedAt, payload: { evidence: 'AS4 receipt' }, references: [{ key: 'as4_message_id', value: item.dedupeKey.slice('receipt:'.length) }], receipt: { documentType: RECEIPT_DOCUMENT_TYPE, mimeType: item.mimeType, content: item.content } }
        : { kind: 'inbound', at: item.receivedAt, documentType: item.documentType, mimeType: item.mimeType, content: item.content, payload: { as4_message_id: item.dedupeKey }, references: [] },
    );
    // Business responses arrive through the AS4 endpoint, which makes the document due at once;
    // meanwhile it is looked at again rarely.
    return { events, done: false, checkAgainAt: new Date(now.getTime() + this.o.retry.maxMs * 10).toISOString() };
  }
}
