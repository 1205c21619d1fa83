import type { TSchema } from 'typebox';
import type { DocumentKind, SpiDocument } from './document.js';
import type { Model, TransactionType } from './enums.js';
import type { ActivationStatus, BusinessEntity } from './business-entity.js';
import type { Logger } from '../lib/log.js';
import type { RetryPolicy } from '../lib/retry-delay.js';
import type { Issue } from './issues.js';
import type { ProviderReference, ReceiverLookup } from './transport.js';
import type { Envelope, SendReceipt, Transport } from './transport.js';
import type { BuyerResponse } from './buyer-response.js';
import type { NetworkCalls } from './network-calls.js';

/**
 * One row of a driver's field table: where a value lands in the legal document. The same table
 * answers GET /einvoicing/data_input_fields and (with the PEPPOL issue) drives `overrides`
 * mapping, so what the platform is told to map is exactly what the renderer reads.
 */
export interface FieldSpec {
  /** Path in the legal document, e.g. `Invoice.cbc:ID`; also the `target` of an override mapping. */
  readonly path: string;
  /**
   * Where the value lives in the SPI document (`id`, `lines[].quantity`,
   * `accounting_customer_party.electronic_address.scheme`): an override mapping to `path`
   * writes its value there before the driver validates and renders as usual.
   */
  readonly spi?: string;
  readonly field_name: string;
  readonly data_type: 'string' | 'number' | 'date' | 'boolean';
  readonly inclusion_type: 'Mandatory' | 'Optional' | 'Conditional';
  readonly description?: string;
  readonly example?: string;
  readonly accepted_values?: readonly string[];
  readonly default_value?: string;
  readonly documentation_link?: string;
  readonly condition?: Readonly<Record<string, unknown>>;
  /** Document types the field belongs to; every type of the driver when absent. */
  readonly documentTypes?: readonly string[];
  /** Scenarios the field belongs to; every scenario of the driver when absent. */
  readonly transactionTypes?: readonly TransactionType[];
  /** The place repeats once per document line (an override maps it per line); derived from `spi` (`lines[]…`) when absent. */
  readonly perLine?: boolean;
}

/** What a driver knows besides the document: the issuing business entity and its own settings. */
export interface DocumentContext<S = unknown> {
  /** The configured business entity whose party issues the document (seller, or response sender). */
  readonly entity: BusinessEntity;
  /** `drivers.<id>` from the configuration file, checked against `settingsSchema` and prepared (`prepareSettings`) at start. */
  readonly settings: S;
  /**
   * The network's references (KSeF's `ksefNumber`) on the invoice of this number that the same
   * entity submitted under the same model and country, once the network accepted it: what a
   * corrective invoice must name. Absent where no store is at hand (the CLI's render).
   */
  readonly acceptedReferences?: ((invoiceNumber: string) => Promise<readonly ProviderReference[] | undefined>) | undefined;
  /**
   * The directory of the network that carries the entity's documents (Transport.lookUpReceiver),
   * when it has one: where a receiver the document names by its identifiers only receives.
   * Absent where no network runs (the CLI's render, goldens).
   */
  readonly receivers?: ((identifiers: readonly { scheme: string; id: string }[]) => Promise<ReceiverLookup>) | undefined;
}

/**
 * What `examine` found: every issue, and, exactly when none of them is an error, the driver's
 * model of the document: what `render` writes (driver-kit/examination.ts makes one).
 */
export interface Examination<M> {
  readonly issues: readonly Issue[];
  readonly model?: M | undefined;
}

/** Everything render may depend on besides the model: injected so render stays pure. */
export interface RenderContext<S = unknown> extends DocumentContext<S> {
  readonly now: Date;
  /** The adapter's id of the document being rendered. */
  readonly documentId: string;
  /** The number the adapter reserved for the document in the driver's sequence (Driver.sequence); absent where none was (goldens, the CLI). */
  readonly sequence?: number | undefined;
}

/** One legal document a driver renders (a UBL invoice, a signed record…). */
export interface Artifact {
  /** SPI document type, e.g. `ubl-invoice`. */
  readonly documentType: string;
  readonly mimeType: string;
  /** The document as text, or as base64 when `encoding` says so (a PNG). */
  readonly content: string;
  readonly encoding?: 'base64' | undefined;
}

/** What transmit needs besides the artifact: the document's id and the configured transport. */
export interface TransmitContext {
  readonly documentId: string;
  /** Every artifact of the document, in render order (ZUGFERD sends the PDF and is addressed by its XML). */
  readonly artifacts: readonly Artifact[];
  readonly transport: Transport;
  readonly now: Date;
  /** 1 for the first try of the document, 2 for the first retry… */
  readonly attempt: number;
  /** When the document was accepted (ISO 8601): the same on every attempt. */
  readonly acceptedAt?: string | undefined;
}

/** A document handed to the network: the envelope tracking needs, and the network's receipt. */
export interface Transmitted {
  envelope: Envelope;
  receipt: SendReceipt;
}

/** An inbound business response, read: the SPI status it means and what it said. */
export interface InboundReading {
  /** The SPI status of the document it answers (`REJECTED`, `PAID`…), through mapStatus. */
  status: string;
  /** The number of the document it answers (`cbc:DocumentReference/cbc:ID`). */
  respondsTo: string;
  /** The remote code as sent (`RE`), and any reason text. */
  remote: string;
  note?: string | undefined;
}

/**
 * A driver whose documents form a chain per issuer (VERIFACTU's records, each hashing the one
 * before). Rendering stays pure; the chain step runs inside the transaction that stores the
 * document, after the chain's head is read, so concurrent submissions are chained in commit
 * order and a crash never leaves a record stored without its head advanced (or the reverse).
 * `link` runs in the store's writer thread too: its input and state are plain JSON.
 */
export interface ChainSpec<S = unknown, M = unknown> {
  /** Which chain the document (its model) joins (e.g. `VERIFACTU:B12345674`) and the JSON `link` completes. */
  prepare(model: M, ctx: RenderContext<S>): { key: string; input: unknown };
  /** The document's final artifacts and the chain's new head, from the head before it (undefined: the first). Pure. */
  link(input: unknown, previous: unknown): { artifacts: Artifact[]; head: unknown };
}

/** What the adapter gives a driver's own network when it starts. */
export interface NetworkDeps {
  readonly clock: () => Date;
  readonly logger: Logger;
  /** Relative file names in the driver's settings (certificates) are read from here: the configuration file's folder. */
  readonly configDir: string;
  /** The wait between tries of a request the network did not answer. */
  readonly retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
  /** The stored legal document (first artifact) of a document: what to send again when the network lost track of it. */
  contentOf(documentId: string): Promise<string | undefined>;
  /** What the network pushes to the adapter (the SDI's notifications): persisted, deduplicated, read back when tracking. */
  readonly inbox: NetworkInbox;
  /** The documents the network delivers to the adapter (AS4 user messages): kept once, before they are answered. */
  readonly received: ReceivedMessages;
  /** Where the network's clients count their calls to services (SMP, AS4, a platform's API), bound to its driver; undefined with metrics off. */
  readonly calls?: NetworkCalls | undefined;
  /**
   * The driver's settings for one entity when it has its own, set through the admin API (issue
   * 43): the network's whole settings with the entity's in, prepared; `version` moves when they
   * change, and the entity's transport is then made again from them. Undefined: the entity runs
   * with the settings the network was started with.
   */
  entitySettings?(entityId: string): { readonly settings: unknown; readonly version: string; readonly problem?: string } | undefined;
}

/** What a network pushed to the adapter (the SDI's notifications), kept before the push is acknowledged. */
export interface InboxItem {
  /** The network's id of the message the item is about (the SDI's IdentificativoSdI). */
  messageId: string;
  /** What makes a repeated push recognisable (the SDI notification's MessageId). */
  dedupeKey: string;
  documentType: string;
  mimeType: string;
  content: string;
  receivedAt: string;
}

/** A network's pushed items, in the store (migration 9). */
export interface NetworkInbox {
  /**
   * Stores the item (unless one with its dedupe key is there) and makes the document sent as
   * `item.messageId` due for tracking at once: true when the item is new. Persisted on return.
   */
  add(network: string, item: InboxItem): Promise<boolean>;
  /** The items about one message (the transport's message id), in arrival order. */
  of(network: string, messageId: string): Promise<InboxItem[]>;
  /** Whether a document was sent as this message (what a network's push must be about). */
  sent(messageId: string): Promise<boolean>;
}

/**
 * A document a network delivered to the adapter (an AS4 user message), kept with the answer the
 * sender got (the signed receipt) before that answer leaves, so a retried message is answered
 * with the same receipt and nothing acknowledged is lost.
 */
export interface ReceivedMessage {
  /** The driver id of the network: `PEPPOL`, `NEMHANDEL`. */
  network: string;
  /** The network's id of the message (the AS4 eb:MessageId): with `network`, the key a retry is recognised by. */
  messageId: string;
  /** The adapter's business entity the message is addressed to, when it is one of ours. */
  businessEntityId?: string | undefined;
  /** Participant ids as the network names them (`iso6523-actorid-upis::0088:5798000000001`). */
  sender: string;
  receiver: string;
  /** The network's document type id (the Peppol document type identifier). */
  documentType: string;
  processId?: string | undefined;
  /** The business document, as XML text. */
  content: string;
  /** What the sender was answered (the signed receipt): its content type and body. */
  answerContentType: string;
  answer: string;
  /** `status`: it became a status of a document the adapter sent (an Invoice Response); `kept`: kept for the merchant. */
  disposition: ReceivedDisposition;
  /** ISO 8601. */
  receivedAt: string;
}

export type ReceivedDisposition = 'status' | 'kept';

/** Which received messages to list: newest first, `limit` at a time, from the cursor `before` (a previous page's `next`). */
export interface ReceivedFilter {
  network?: string | undefined;
  businessEntityId?: string | undefined;
  disposition?: ReceivedDisposition | undefined;
  limit: number;
  before?: string | undefined;
}

/** One page of received messages; `next` is the cursor of the page after it, absent on the last. */
export interface ReceivedPage {
  items: ReceivedMessage[];
  next?: string | undefined;
}

/** The received messages, in the store (migration 12). */
export interface ReceivedMessages {
  /**
   * Stores the message unless one with its (network, messageId) is there: the stored one (the
   * first kept, whose answer a retry gets again) and whether it is this call's. Persisted on
   * return; of concurrent calls with one id exactly one is new.
   */
  keep(message: ReceivedMessage): Promise<{ stored: ReceivedMessage; isNew: boolean }>;
  /** The stored message, if any (to answer a duplicate before reading it again). */
  get(network: string, messageId: string): Promise<ReceivedMessage | undefined>;
  /** Newest first, one page. */
  list(filter: ReceivedFilter): Promise<ReceivedPage>;
}

/** A request a network makes to the adapter (POST /networks/{driver}/inbound), and the answer it gets. */
export interface InboundRequest {
  contentType: string;
  body: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}
export interface InboundAnswer {
  status: number;
  contentType?: string | undefined;
  body?: string | undefined;
}

/**
 * A network of the driver's own (VERIFACTU's AEAT web service), started with the dispatcher. It
 * carries the documents of the entities it claims; the others go through the adapter's
 * configured transport (the sandbox network).
 */
export interface DriverNetwork {
  /** The transport for the entity's documents; undefined: the adapter's transport. */
  transportFor(entityId: string): Transport | undefined;
  /** Stops its timers and waits for requests in flight; what was queued is sent again after the next start. */
  close(): Promise<void>;
  /**
   * A request the network itself sends to the adapter (the SDI's notifications), at
   * POST /networks/{driver id in lower case}/inbound: read, kept through `NetworkDeps.inbox`
   * before it is answered, and answered as the network expects.
   */
  receive?(request: InboundRequest): Promise<InboundAnswer>;
  /**
   * What the network finds wrong reading an entity's credentials from these settings (the
   * driver's, prepared, with the entity's own in), without keeping anything: the admin API's
   * check before it stores them. Each problem names its setting.
   */
  checkEntity?(entityId: string, settings: unknown): string[];
}

/**
 * The driver contract, typed by the driver's settings `S` (as prepared at start; `R`: as the
 * configuration file has them, when preparing changes them) and its model `M` of a document.
 * Metadata feeds the registry, activations and data_input_fields. A submission is two phases:
 * `examine` reads the document once (issues, and the model when there is no error), `render`
 * only writes the model. `transmit`, `mapStatus` and `readInbound` carry the document through
 * the network (the dispatcher, src/apps/adapter/lifecycle/dispatcher.ts).
 */
export interface Driver<S = unknown, M = unknown, R = S> {
  /**
   * The driver's name: unique in the registry, and the key of its settings (`drivers.<id>` in the
   * configuration file). The model when absent (PEPPOL, VERIFACTU); a scheme where several
   * drivers share a model (KSEF and SDI for CLEARANCE).
   */
  readonly id?: string;
  /** The SPI model the driver implements; several drivers may share one in different countries. */
  readonly model: Model;
  /** Human title of the format, e.g. `Peppol BIS Billing 3.0`. */
  readonly title: string;
  /** ISO alpha-2 countries served; an empty list means any assigned country not claimed by another driver of the model. */
  readonly countries: readonly string[];
  readonly transactionTypes: readonly TransactionType[];
  /** SPI document types, e.g. `ubl-invoice`, `ubl-creditnote`, `ubl-applicationresponse`. */
  readonly documentTypes: readonly string[];
  /** The document type each SPI `type` becomes (the default when a submission names none). */
  readonly documentTypeFor: Readonly<Partial<Record<DocumentKind, string>>>;
  /** Where a transaction type has defaults of its own (CTC_FR's B2C sales are e-reporting files): they win over documentTypeFor. */
  readonly documentTypeForTransaction?: Readonly<Partial<Record<TransactionType, Readonly<Partial<Record<DocumentKind, string>>>>>>;
  /** Every document type a `type` may be submitted as (EINVOICE: an invoice as ubl-invoice or cii-invoice); documentTypeFor's one when absent. */
  readonly documentTypesOf?: Readonly<Partial<Record<DocumentKind, readonly string[]>>>;
  readonly fields: readonly FieldSpec[];
  /** typebox schema of `drivers.<MODEL>` in the configuration file, checked at start. */
  readonly settingsSchema?: TSchema;
  /**
   * Where one business entity's own settings sit in `settingsSchema` (its Records keyed by entity
   * id): each key of an entity's settings as the admin API reads and writes them, mapped to the
   * Record that holds it (`{ certificate: 'certificates' }`); the key `''` spreads that Record's
   * entry itself (`{ '': 'entities' }`: KSEF's token and context NIP side by side). Absent: the
   * driver has no settings per entity (PEPPOL's access point is the adapter's own).
   */
  readonly entitySlots?: Readonly<Record<string, string>>;
  /**
   * The certificates among an entity's settings (dotted paths in them, as the admin API takes
   * them) and what each is for: `signing` (the legal document's signature: its key usage must
   * allow it) or `tls` (a client certificate). Checked when set through the admin API; their
   * expiry is watched.
   */
  readonly entityCertificates?: Readonly<Record<string, 'signing' | 'tls'>>;
  /**
   * Every issue in the document and, when none is an error, the driver's model of it: called
   * once per submission. Never throws on bad input. Earlier documents it needs (the invoice a
   * correction names) it asks `ctx.acceptedReferences` for.
   */
  examine(doc: SpiDocument, ctx: DocumentContext<S>): Promise<Examination<M>>;
  /** The legal documents of an examined document's model. Pure: only writes. */
  render(model: M, ctx: RenderContext<S>): Artifact[];
  /** Addresses the (first) artifact and hands it to `ctx.transport`; throws TransportError. */
  transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted>;
  /** A remote status code → SPI status; total (an unknown code maps to a defined fallback). */
  mapStatus(remote: string): string;
  /** Reads an inbound business response about one of this driver's documents; undefined if not one. */
  readInbound(documentType: string, content: string): InboundReading | undefined;
  /**
   * The document resubmitted with status VOIDED is the cancellation of the stored one (VERIFACTU's
   * RegistroAnulacion): a new document under the same key, instead of a conflicting body.
   */
  readonly voidsByResubmission?: boolean;
  /**
   * Reads what the settings name outside the configuration file (ZUGFERD: a logo per business
   * entity), once at start, and gives the settings `validate` and `render` see, so render stays
   * pure. Throws ConfigError naming every problem by its place (`drivers.ZUGFERD.entities.x.logo_file: …`).
   */
  prepareSettings?(settings: R, configDir: string): S;
  /**
   * Only for drivers whose legal document is a signature (FACE's Facturae): render gives the
   * document unsigned (what goldens hold, the same under any key), and `sign` seals render's
   * artifacts with the issuing entity's key from the prepared settings. Called right after
   * render wherever a document is kept or printed; deterministic for one key and clock. May
   * answer a promise: the private-key operation then runs off the event loop (crypto.sign's
   * callback form, on libuv's thread pool), so concurrent submissions sign on every core.
   */
  sign?(artifacts: readonly Artifact[], ctx: RenderContext<S>): Artifact[] | Promise<Artifact[]>;
  /**
   * The buyer's business response in this driver's format, for the sandbox network's buyer
   * (NEMHANDEL: an OIOUBL ApplicationResponse); undefined for a status the format cannot say.
   * Absent: the sandbox answers with a Peppol Invoice Response.
   */
  buyerResponse?(envelope: Envelope, response: BuyerResponse, id: string, issueDate: string): { documentType: string; content: string } | undefined;
  /**
   * The document needs a number unique in a sequence (the SDI's file progressive per
   * transmitter): the key of its sequence. The adapter reserves the next number of that key,
   * persisted, before render and gives it as `RenderContext.sequence`. Numbers are never
   * reused; a reservation whose document is not stored (a concurrent duplicate) leaves a gap.
   */
  sequence?(model: M, ctx: DocumentContext<S>): string;
  /** Only for drivers whose documents are chained (see ChainSpec); render then gives the unchained form. */
  readonly chain?: ChainSpec<S, M>;
  /**
   * The module of the driver's working parts (the URL of its parts.ts, compiled), which exports
   * `chain` when it has one: what the store's writer thread loads to run the chain's step.
   */
  readonly partsUrl?: string;
  /**
   * Starts the driver's own network from its settings (which `settingsSchema` already passed).
   * Throws ConfigError for what a schema cannot check (a certificate that cannot be read).
   */
  network?(settings: S, entities: EntityLookup, deps: NetworkDeps): DriverNetwork;
  /**
   * What the platform is told of a configured activation that lists this model: the driver may
   * say it is not live yet (VERIFACTU: PENDING until the entity has a production certificate).
   * Pure; submissions are still gated by the configured status.
   */
  activationStatus?(entity: BusinessEntity, settings: S, configured: ActivationStatus): ActivationStatus;
}

/**
 * The business entities as a network sees them: live (the directory changes at run time) and
 * including removed ones, whose accepted documents still travel.
 */
export interface EntityLookup {
  get(id: string): BusinessEntity | undefined;
  /** Every id known now (for checking settings keyed by entity at start). */
  ids(): readonly string[];
}

/** The scenario the platform asks about in data_input_fields and submits documents for. */
export interface Scenario {
  model: Model;
  country: string;
  transactionType: TransactionType;
  documentType: string;
}

/** The driver's registry name and settings key. */
export function driverId(driver: Pick<Driver, 'id' | 'model'>): string {
  return driver.id ?? driver.model;
}

/** The driver's folder under `drivers/` and `fixtures/`: its id in lower case, `_` as `-` (CTC_FR → `ctc-fr`). */
export function driverFolder(driver: Pick<Driver, 'id' | 'model'>): string {
  return driverId(driver).toLowerCase().replace(/_/g, '-');
}

/** The document type a submission of `type` and `transactionType` that names none becomes. */
export function defaultDocumentType(driver: Pick<Driver, 'documentTypeFor' | 'documentTypeForTransaction'>, type: DocumentKind, transactionType: TransactionType): string | undefined {
  return driver.documentTypeForTransaction?.[transactionType]?.[type] ?? driver.documentTypeFor[type];
}

/** The document types a driver takes for an SPI `type`. */
export function documentTypesOf(driver: Pick<Driver, 'documentTypeFor' | 'documentTypesOf'>, type: DocumentKind): readonly string[] {
  const one = driver.documentTypeFor[type];
  return driver.documentTypesOf?.[type] ?? (one ? [one] : []);
}
