import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { trackLater, TransportError, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import type { Logger } from '../../src/lib/log.js';
import type { RetryPolicy } from '../../src/lib/retry-delay.js';
import { FaceRefused, type FaceClient } from './face-client.js';
import { CANCELLATION_TYPE, REGISTRY_NUMBER, type CancellationRequest } from './cancellation.js';
import { FACE_STATE_DOCUMENT_TYPE, stepsOf } from './face-state.js';

// FACe as a transport, one per business entity (its certificate signs the requests). `send`
// hands the signed Facturae to enviarFactura: FACe registers it at once and answers its registry
// number (numeroRegistro), which becomes the message id and a provider reference. `track` polls
// consultarFactura: the invoice is delivered (SUCCESS) once registered, and each later step of
// its processing (accounted, paid, rejected) and of a cancellation is an inbound `face-state`
// document (face-state.ts) read into its SPI status. The registry number alone is enough to
// track, so tracking survives a restart. FACe down: `send` throws a retryable TransportError and
// `track` looks again later; an outage never fails a document. FACe's error codes refuse it.

export { REGISTRY_NUMBER };

/** Processing and cancellation states after which nothing changes any more. */
const FINAL = new Set(['2500', '2600', '3100', '4300']);

export interface FaceTransportOptions {
  client: FaceClient;
  /** `correo` of enviarFactura: where FACe mails its notices. */
  notificationEmail: string;
  clock: () => Date;
  logger: Logger;
  /** Polls start at minMs and stretch to maxMs: a public body takes days, not seconds. */
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
}

export class FaceTransport implements Transport {
  constructor(private readonly o: FaceTransportOptions) {}

  get name(): string {
    return this.o.client.name;
  }

  async send(m: OutboundMessage, { now }: { now: Date; attempt: number }): Promise<SendReceipt> {
    try {
      if (m.documentType === CANCELLATION_TYPE) return await this.cancel(JSON.parse(m.content) as CancellationRequest, now);
      const r = await this.o.client.sendInvoice(this.o.notificationEmail, m.content, fileNameOf(m.documentNumber));
      return {
        messageId: `face:${r.registryNumber}`,
        payload: { event: 'registered', numero_registro: r.registryNumber, at: now.toISOString(), ...(r.duplicate && { duplicate_of_earlier_send: true }) },
        references: [{ key: REGISTRY_NUMBER, value: r.registryNumber }],
      };
    } catch (err) {
      if (err instanceof FaceRefused) throw new TransportError(err.message, true, [{ code: 'INVALID_DATA', message: err.message }], { code: err.code, description: err.description });
      throw new TransportError(err instanceof Error ? err.message : String(err), false);
    }
  }

  /** anularFactura: FACe taking the request is the cancellation document's SUCCESS; the invoice's own statuses follow it. */
  private async cancel(request: CancellationRequest, now: Date): Promise<SendReceipt> {
    const r = await this.o.client.cancelInvoice(request.numero_registro, request.motivo);
    return {
      messageId: `face-cancel:${request.numero_registro}`,
      payload: { event: 'cancellation_requested', numero_registro: request.numero_registro, mensaje: r.message, at: now.toISOString() },
      references: [{ key: REGISTRY_NUMBER, value: request.numero_registro }],
    };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const cancelled = /^face-cancel:(.+)$/.exec(sent.messageId)?.[1];
    if (cancelled) {
      const references = [{ key: REGISTRY_NUMBER, value: cancelled }];
      return { events: [{ kind: 'delivered', at: now.toISOString(), payload: { numero_registro: cancelled, cancellation: 'requested' }, references }], done: true };
    }
    const registryNumber = /^face:(.+)$/.exec(sent.messageId)?.[1];
    if (!registryNumber) {
      const errors: SpiErrorItem[] = [{ code: 'INVALID_DATA', message: `transmission ${sent.messageId} is not a FACe registry number` }];
      return { events: [{ kind: 'refused', at: now.toISOString(), errors, payload: undefined, references: [] }], done: true };
    }
    const references = [{ key: REGISTRY_NUMBER, value: registryNumber }];
    try {
      const { state, answer } = await this.o.client.invoiceState(registryNumber);
      const at = now.toISOString();
      const delivered: NetworkEvent = { kind: 'delivered', at, payload: { numero_registro: registryNumber, tramitacion: state.processing, anulacion: state.cancellation }, references };
      const steps = stepsOf(state, answer).map(
        (s): NetworkEvent => ({ kind: 'inbound', at, documentType: FACE_STATE_DOCUMENT_TYPE, mimeType: 'application/json', content: JSON.stringify(s), payload: { step: s.step, implied: s.implied }, references }),
      );
      const done = FINAL.has(state.processing.code) || FINAL.has(state.cancellation.code);
      return done ? { events: [delivered, ...steps], done } : { ...trackLater(sent.sentAt, now, this.o.retry), events: [delivered, ...steps] };
    } catch (err) {
      // A registered invoice is never failed for a query FACe refused or did not answer: it is looked at again later.
      this.o.logger.warn({ document_id: sent.envelope.documentId, registry_number: registryNumber, err: err instanceof Error ? err.message : String(err) }, 'FACe state not read; looking again later');
      return trackLater(sent.sentAt, now, this.o.retry);
    }
  }

}

/** FACe wants the file's name with its `.xsig` extension; the invoice number, made file-safe. */
function fileNameOf(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]/g, '_') || 'factura'}.xsig`;
}
