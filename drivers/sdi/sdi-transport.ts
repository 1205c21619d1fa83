import type { SpiErrorItem } from '../../src/spi/error-item.js';
import type { SoapExchange } from '../../src/platform/http/soap-exchange.js';
import { trackLater, TransportError, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import type { NetworkInbox } from '../../src/spi/driver.js';
import type { RetryPolicy } from '../../src/lib/retry-delay.js';
import { NOTIFICATION_TYPE, readNotification, scartoErrors, type Notification } from './notifications.js';
import { parseRiceviFileAnswer, RICEVI_FILE_ACTION, riceviFileRequest } from './sdicoop.js';
import { fileNameOf } from './transmission-file.js';

// The SDI as a transport, one per business entity (its channel's client certificate). `send`
// hands the file to SdIRiceviFile, which answers the file's IdentificativoSdI at once: the
// message id (`sdi:<id>`) and a provider reference. What happens next the SDI pushes to the
// adapter's notification endpoint (network.ts keeps each notification in the inbox before
// answering); `track` reads the inbox, so every notification becomes its status once, in the
// order it came, and a restart loses nothing. README, "Notifications", has the mapping.

export const NETWORK = 'SDI';
export const SDI_ID = 'identificativoSdI';

export interface SdiTransportOptions {
  exchange: SoapExchange;
  inbox: NetworkInbox;
  /** Re-reads the inbox now and then (a notification always pokes the dispatcher; this is the safety net). */
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
}

/** The message id of the file the SDI identified so, and the id back. */
export const messageIdOf = (sdiId: string) => `sdi:${sdiId}`;

export class SdiTransport implements Transport {
  constructor(private readonly o: SdiTransportOptions) {}

  get name(): string {
    return this.o.exchange.name;
  }

  async send(m: OutboundMessage, { now }: { now: Date; attempt: number }): Promise<SendReceipt> {
    const fileName = fileNameOf(m.content);
    let body: string;
    let status: number;
    try {
      ({ status, body } = await this.o.exchange.post(riceviFileRequest(fileName, m.content), RICEVI_FILE_ACTION));
    } catch (err) {
      throw new TransportError(`the SDI did not answer SdIRiceviFile: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    let answer: ReturnType<typeof parseRiceviFileAnswer>;
    try {
      answer = parseRiceviFileAnswer(body);
    } catch (err) {
      throw new TransportError(`the SDI answered SdIRiceviFile with HTTP ${status} and no readable answer: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    if (answer.kind === 'fault') throw new TransportError(`SDI fault ${answer.code}: ${answer.message}`, answer.client, [{ code: 'INVALID_DATA', message: `SDI fault ${answer.code}: ${answer.message}` }]);
    if (answer.kind === 'error') {
      // EI02: the service is unavailable now; EI01 (empty file) and EI03 (user not enabled) stay so.
      const message = `SDI ${answer.code}: ${RICEVI_FILE_ERRORS[answer.code] ?? 'error'}`;
      throw new TransportError(message, answer.code !== 'EI02', [{ code: answer.code === 'EI03' ? 'INVALID_OPERATION' : 'INVALID_DATA', message }], { errore: answer.code });
    }
    return {
      messageId: messageIdOf(answer.sdiId),
      payload: { event: 'received', identificativo_sdi: answer.sdiId, nome_file: fileName, data_ora_ricezione: answer.receivedAt, at: now.toISOString() },
      references: [{ key: SDI_ID, value: answer.sdiId }],
    };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const publicBody = sent.envelope.receiver.scheme === '0201';
    const events: NetworkEvent[] = [];
    let done = false;
    for (const item of await this.o.inbox.of(NETWORK, sent.messageId)) {
      const n = readNotification(item.content);
      if (!n) continue; // network.ts keeps only notifications it read
      const references = [{ key: SDI_ID, value: n.sdiId }];
      events.push(eventOf(n, item.content, item.receivedAt, publicBody, references));
      // A business buyer's file is settled by its delivery or its drawer; a public body's by its answer, the deadline or the attestation.
      done ||= n.kind === 'NS' || (publicBody ? n.kind === 'NE' || n.kind === 'DT' || n.kind === 'AT' : n.kind === 'RC' || n.kind === 'MC');
    }
    return done ? { events, done } : { ...trackLater(sent.sentAt, now, this.o.retry), events };
  }
}

const RICEVI_FILE_ERRORS: Readonly<Record<string, string>> = { EI01: 'empty file', EI02: 'service unavailable', EI03: 'user not enabled' };

function eventOf(n: Notification, content: string, at: string, publicBody: boolean, references: { key: string; value: string }[]): NetworkEvent {
  const receipt = { documentType: NOTIFICATION_TYPE[n.kind], mimeType: 'application/xml', content };
  // What the SDI or the public body said travels with the status to the platform (provider_response).
  const payload = { notification: n.kind, identificativo_sdi: n.sdiId, message_id: n.messageId, ...(n.esito && { esito: n.esito }), ...(n.description && { descrizione: n.description }) };
  switch (n.kind) {
    case 'RC':
      return { kind: 'delivered', at, payload, references, receipt };
    case 'NS':
      return { kind: 'refused', at, errors: scartoErrors(n), payload: { ...payload, errors: n.errors }, references, receipt };
    case 'AT':
      return { kind: 'delivered', at, payload, references, receipt, warnings: [warning('the SDI attests the invoice was transmitted but could not be delivered to the public body: send it to them by other means (AttestazioneTrasmissioneFattura)')] };
    case 'MC':
      if (!publicBody) {
        return { kind: 'delivered', at, payload, references, receipt, warnings: [warning('not delivered to the buyer\'s channel: the invoice is issued and waits in the buyer\'s reserved area of the Agenzia delle Entrate (NotificaMancataConsegna)')] };
      }
      return { kind: 'inbound', at, documentType: receipt.documentType, mimeType: receipt.mimeType, content, payload, references };
    case 'NE':
    case 'DT':
      return { kind: 'inbound', at, documentType: receipt.documentType, mimeType: receipt.mimeType, content, payload, references };
  }
}

const warning = (message: string): SpiErrorItem => ({ code: 'SERVICE_UNAVAILABLE', message });
