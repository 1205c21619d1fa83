import { TransportError, type Envelope, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../spi/transport.js';
import type { SpiErrorItem } from '../../spi/error-item.js';
import { DEFAULT_DELIVERY_DELAY_MS, type SandboxReceiver, type SandboxSettings } from '../../platform/config/sandbox-settings.js';
import { type BuyerResponse } from '../../spi/buyer-response.js';

// The sandbox network, the default transport: it behaves like the Peppol network for the
// documents it is given. Every send is taken at once; `delivery_delay_ms` later the receiver's
// access point confirms delivery (SUCCESS), or refuses it (FAILED) when the configuration says
// that receiver refuses; a receiver configured to respond answers with an Invoice Response
// `after_ms` after delivery. What happens is a function of the configuration and the send time
// only, so it survives restarts without state of its own. The control API adds faults and
// responses for one document (kept in memory: a test tool, not part of the record).

type Fault = { kind: 'transient'; remaining: number; message: string } | { kind: 'permanent'; errors: SpiErrorItem[]; at: string };

const participantKey = (p: { scheme: string; id: string }) => `${p.scheme}:${p.id}`;
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * A format's own business response to a document it addressed (NEMHANDEL: the OIOUBL
 * ApplicationResponse); undefined when the format has no response for that status.
 */
export type BuyerResponder = (envelope: Envelope, response: BuyerResponse, id: string, issueDate: string) => { documentType: string; content: string } | undefined;

export class SandboxNetwork implements Transport {
  readonly name = 'sandbox';
  private readonly delay: number;
  private readonly receivers: ReadonlyMap<string, SandboxReceiver>;
  private readonly faults = new Map<string, Fault>();

  /** `responderFor(model)`: who answers as the buyer of a document of that model (the runtime's choice: the format's own, else a Peppol Invoice Response); none: the buyer never answers. */
  constructor(
    settings: SandboxSettings = {},
    private readonly responderFor: (model: string) => BuyerResponder | undefined = () => undefined,
  ) {
    this.delay = settings.delivery_delay_ms ?? DEFAULT_DELIVERY_DELAY_MS;
    this.receivers = new Map((settings.receivers ?? []).map((r) => [r.endpoint, r]));
  }

  /** The next `times` sends of the document fail with a network error (retried by the dispatcher). */
  injectTransientFailure(documentId: string, times: number, message: string): void {
    this.faults.set(documentId, { kind: 'transient', remaining: times, message });
  }

  /** The document's delivery fails for good: refused on send, or reported refused when tracked. */
  injectPermanentFailure(documentId: string, errors: SpiErrorItem[], at: Date): void {
    this.faults.set(documentId, { kind: 'permanent', errors, at: at.toISOString() });
  }

  async send(m: OutboundMessage, { now, attempt }: { now: Date; attempt: number }): Promise<SendReceipt> {
    const unreachable = this.receivers.get(participantKey(m.receiver))?.unreachable_attempts ?? 0;
    if (attempt <= unreachable) throw new TransportError(`the receiver's access point for ${participantKey(m.receiver)} did not answer (attempt ${attempt} of ${unreachable} configured to fail)`, false);
    const fault = this.faults.get(m.documentId);
    if (fault?.kind === 'transient' && fault.remaining > 0) {
      fault.remaining -= 1;
      if (fault.remaining === 0) this.faults.delete(m.documentId);
      throw new TransportError(fault.message, false);
    }
    if (fault?.kind === 'permanent') throw new TransportError(fault.errors[0]!.message, true, fault.errors, this.payload(m, 'refused', now.toISOString()));
    const messageId = messageIdOf(m.documentId);
    return { messageId, payload: this.payload(m, 'accepted', now.toISOString()), references: [{ key: 'Message ID', value: messageId }] };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const events = this.schedule(sent);
    const due = events.filter((e) => e.at <= now.toISOString());
    const next = events.find((e) => e.at > now.toISOString());
    return { events: due, done: !next, ...(next && { checkAgainAt: next.at }) };
  }

  /**
   * The buyer's business response to a delivered document, as the network brings it in: the
   * format's own (an OIOUBL ApplicationResponse for NEMHANDEL), else a Peppol Invoice Response
   * (responderFor); undefined when the document's format cannot say that status.
   */
  buyerResponse(sent: SentMessage, response: BuyerResponse, at: string, seq: string): NetworkEvent | undefined {
    const id = `AR-${sent.envelope.documentNumber}-${seq}`;
    const messageId = `${sent.envelope.documentId}-${seq}@sandbox.invalid`;
    const own = this.responderFor(sent.envelope.model);
    const answer = own?.(sent.envelope, response, id, at.slice(0, 10));
    if (!answer) return undefined;
    return {
      kind: 'inbound',
      at,
      documentType: answer.documentType,
      mimeType: 'application/xml',
      content: answer.content,
      payload: { message_id: messageId, event: 'inbound', in_reply_to: sent.messageId, document_type: answer.documentType, sender: participantKey(sent.envelope.receiver), response_code: response.status, ...(response.reason_code && { reason_code: response.reason_code }), ...(response.note && { note: response.note }) },
      references: [{ key: 'Response Message ID', value: messageId }],
    };
  }

  /** Every event of a sent message, with its time: delivery or refusal, then the configured response. */
  private schedule(sent: SentMessage): NetworkEvent[] {
    const { envelope } = sent;
    const deliveredAt = later(sent.sentAt, this.delay);
    const receiver = this.receivers.get(participantKey(envelope.receiver));
    const fault = this.faults.get(envelope.documentId);
    const refusal = fault?.kind === 'permanent' ? fault.errors : receiver?.refuse && [{ code: receiver.refuse.code ?? 'INVALID_DATA', message: receiver.refuse.message }];
    // An injected failure takes effect when injected, unless delivery was due earlier anyway.
    const refusedAt = fault?.kind === 'permanent' && fault.at < deliveredAt ? fault.at : deliveredAt;
    const references = [
      { key: 'Message ID', value: sent.messageId },
      { key: 'Receiver ID', value: `iso6523-actorid-upis::${participantKey(envelope.receiver)}` },
    ];
    if (refusal) return [{ kind: 'refused', at: refusedAt, errors: refusal, payload: this.payload(envelope, 'refused', refusedAt, sent.messageId), references }];
    const events: NetworkEvent[] = [{ kind: 'delivered', at: deliveredAt, payload: this.payload(envelope, 'delivered', deliveredAt, sent.messageId), references }];
    if (receiver?.respond && !envelope.documentType.endsWith('-applicationresponse')) {
      const { after_ms: after, ...response } = receiver.respond;
      const answer = this.buyerResponse(sent, response, later(deliveredAt, after ?? 0), 'auto');
      if (answer) events.push(answer);
    }
    return events;
  }

  private payload(e: Envelope, event: string, at: string, messageId = messageIdOf(e.documentId)) {
    return { message_id: messageId, event, at, sender: participantKey(e.sender), receiver: participantKey(e.receiver), document_type: e.documentType };
  }
}

/** The same document always travels as the same message, so a re-send after a crash is no duplicate. */
const messageIdOf = (documentId: string) => `${documentId}@sandbox.invalid`;
