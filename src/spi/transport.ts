import type { SpiErrorItem } from './error-item.js';

// The transport contract: how a driver's legal document reaches the network and how the
// network's answers come back. A transport knows networks, not formats; a driver knows its
// format and how to address it (see Driver.transmit).

/** A reference the network gave a document (KSeF's `ksefNumber`, the SDI's IdentificativoSdI). */
export interface ProviderReference {
  key: string;
  value: string;
}

/** A network participant: an electronic address (Peppol EAS scheme + identifier) and a name. */
export interface Participant {
  scheme: string;
  id: string;
  name?: string | undefined;
}

/** What the network needs to route and track a message; kept with the transmission row. */
export interface Envelope {
  /** The adapter's document id. */
  documentId: string;
  model: string;
  documentType: string;
  mimeType: string;
  /** The legal document's own number (`cbc:ID`), which responses refer to. */
  documentNumber: string;
  /** UNCL1001 code of the document (380 invoice, 381 credit note…), when it has one. */
  documentTypeCode?: string | undefined;
  /** The legal document's issue date, when the network's own messages name it (France's lifecycle statuses). */
  issueDate?: string | undefined;
  sender: Participant;
  receiver: Participant;
}

export interface OutboundMessage extends Envelope {
  /** The document as text, or as base64 when `encoding` says so (a PDF). */
  content: string;
  encoding?: 'base64' | undefined;
}

/** The network took the message. */
export interface SendReceipt {
  messageId: string;
  payload: unknown;
  references: ProviderReference[];
}

/** A document the network gives back about a message: an official receipt. */
export interface Receipt {
  documentType: string;
  mimeType: string;
  content: string;
}

/** What happened to a sent message, in the network's order. */
export type NetworkEvent =
  /**
   * `warnings`: what the network accepted with remarks (the AEAT's AceptadoConErrores), kept as the
   * status's processing details; `receipt`: the network's official receipt (KSeF's UPO), kept as an
   * INBOUND related document of the SUCCESS status (on `refused`, of the FAILED status: the SDI's NotificaScarto).
   */
  | { kind: 'delivered'; at: string; payload: unknown; references: ProviderReference[]; warnings?: SpiErrorItem[] | undefined; receipt?: Receipt | undefined }
  | { kind: 'refused'; at: string; errors: SpiErrorItem[]; payload: unknown; references: ProviderReference[]; receipt?: Receipt | undefined }
  | { kind: 'inbound'; at: string; documentType: string; mimeType: string; content: string; payload: unknown; references: ProviderReference[] };

export interface Tracking {
  /** Every event of the message so far, oldest first (the dispatcher records those it has not). */
  events: NetworkEvent[];
  /** Nothing more will come for this message through tracking. */
  done: boolean;
  /** When to ask again if not done (ISO 8601). */
  checkAgainAt?: string;
}

export interface SentMessage {
  messageId: string;
  envelope: Envelope;
  sentAt: string;
}

export interface SendAttempt {
  now: Date;
  attempt: number;
  acceptedAt?: string | undefined;
}

/** What a network's directory says of a receiver named by its identifiers (France's Directory Service). */
export type ReceiverLookup =
  /** Where it receives: the electronic address to write. */
  | { found: Participant }
  /** The directory has it nowhere: the document cannot be delivered (why). */
  | { absent: string }
  /** The directory could not be asked now (why). */
  | { unavailable: string };

export interface Transport {
  /** `source` of the statuses it reports (`sandbox`). */
  readonly name: string;
  /**
   * The receiver's address in the network's directory, for a network that has one a document
   * is examined against (CTC_FR: the buyer's line, when the document names no address).
   */
  lookUpReceiver?(identifiers: readonly { scheme: string; id: string }[]): Promise<ReceiverLookup>;
  /**
   * Hands a message to the network (`attempt` counts from 1 for the document; `acceptedAt`: when
   * the document was accepted, the same on every attempt, for a network whose retries must repeat
   * the message as first made: AS4). Throws TransportError.
   */
  send(message: OutboundMessage, at: SendAttempt): Promise<SendReceipt>;
  track(sent: SentMessage, now: Date): Promise<Tracking>;
}

/**
 * The network could not take a message. `permanent` errors end the document as FAILED with
 * `errors`; the others are retried with backoff until the dispatch horizon.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly errors: SpiErrorItem[] = [{ code: permanent ? 'INVALID_DATA' : 'SERVICE_UNAVAILABLE', message }],
    readonly payload?: unknown,
  ) {
    super(message);
  }
}

/**
 * "Nothing new yet: ask again later" for a message sent at `sentAt`: soon at first (a network
 * answers within seconds), then less often as the message ages (a quarter of its age), within
 * the retry policy's bounds. KSeF's invoice status and FACe's states are polled so.
 */
export function trackLater(sentAt: string, now: Date, retry: { minMs: number; maxMs: number }): Tracking {
  const elapsed = now.getTime() - Date.parse(sentAt);
  const wait = Math.min(retry.maxMs, Math.max(retry.minMs, Math.floor(elapsed / 4)));
  return { events: [], done: false, checkAgainAt: new Date(now.getTime() + wait).toISOString() };
}
