import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { Logger } from '../../../src/lib/log.js';
import type { SpiErrorItem } from '../../../src/spi/error-item.js';
import { trackLater, TransportError, type NetworkEvent, type OutboundMessage, type ReceiverLookup, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../../src/spi/transport.js';
import type { CdarReading } from '../cdar-read.js';
import { child, parseLocal } from '../../../src/formats/xml/local-names.js';
import { scanRoot } from '../../../src/formats/xml/root-scan.js';
import { PAYMENTS_REPORT_TYPE, RESPONSE_TYPE, REPORT_TYPE } from '../identity.js';
import { LIFECYCLE } from '../lifecycle.js';
import type { BuyerDirectory } from './buyer-directory.js';
import type { Flow, FlowClient, FlowInfo } from './flow-client.js';
import type { LifecycleEntry, LifecycleFeed } from './lifecycle-feed.js';
import { PlatformAuthRefused, PlatformRefused, PlatformUnavailable } from './platform-api.js';

// An approved platform's Flow Service as the adapter's transport. Sending deposits the document
// as a flow whose tracking id is the adapter's document id, so a deposit whose answer was lost
// (a timeout, a crash) is found again by a search instead of being deposited twice; an invoice
// goes only to a buyer the directory routes (buyer-directory.ts). Tracking reads the flow's
// acknowledgement (the platform's receivability check: Error ends the document FAILED), then for
// an invoice the lifecycle messages the platforms and the buyer sent about it (lifecycle-feed.ts):
// 203 Mise à disposition is the delivery (SUCCESS, the CDAR its receipt), the platforms'
// refusals (213 Rejetée, 221 Erreur de routage, 501 Irrecevable) and a cancellation (220) end it
// FAILED with their reason, every other status is an inbound lifecycle message the driver reads
// (statuses.ts). A lifecycle message or an e-reporting file we deposited is delivered once the
// platform acknowledges it.

const REFUSALS = new Set(['213', '220', '221', '501']);

/** The entity's clients of its platform's services (ready once the sandbox's platform listens). */
export interface PlatformClients {
  flows: FlowClient;
  feed: LifecycleFeed;
  directory: BuyerDirectory;
}

export interface FlowTransportOptions {
  /** `source` of the statuses: the platform's name. */
  name: string;
  clients: Promise<PlatformClients>;
  retry: { minMs: number; maxMs: number };
  logger: Logger;
  /** The stored document, to deposit again when the platform lost the flow. */
  contentOf(documentId: string): Promise<string | undefined>;
  /**
   * A flow the platform does not know (nor any under its tracking id) is deposited again: the
   * sandbox's platform, which keeps its flows in memory. A real platform that knows no flow of
   * the document (purged, another client) ends it FAILED for the operator to look at: a second
   * deposit could reach the buyer twice.
   */
  depositLostAgain: boolean;
  /** Closes the connections to the platform. */
  close(): void;
}

export class FlowTransport implements Transport {
  readonly name: string;

  constructor(private readonly o: FlowTransportOptions) {
    this.name = o.name;
  }

  async send(m: OutboundMessage): Promise<SendReceipt> {
    try {
      const c = await this.o.clients;
      // Any send may follow a deposit whose answer never came: find it before depositing again.
      // Not only when `at.attempt` > 1: the attempts are counted when one ends, so the first
      // send after a kill -9 mid-deposit (or by the process that took over a lapsed lease) is
      // attempt 1 again, and a platform without a uniqueness check would get a second flow.
      // First of all: a flow the platform holds is the document's, whatever the directory says now.
      const found = await this.deposited(c.flows, m);
      if (found) return receiptOf(found, m);
      if (!isStatusOrReport(m.documentType)) {
        const check = await c.directory.check(m.receiver);
        if (check && !check.ok) throw new TransportError(check.reason, true);
      }
      return receiptOf(await this.deposit(c.flows, m, m.content), m);
    } catch (err) {
      throw this.transportError(err);
    }
  }

  /**
   * The buyer's directory line from its SIREN (scheme 0002) and SIRET (0009): the address an
   * invoice that names none is written to. A company with several lines and none for its SIREN
   * itself is absent too: which line is meant is the sender's to say (the lines are named).
   */
  async lookUpReceiver(identifiers: readonly { scheme: string; id: string }[]): Promise<ReceiverLookup> {
    const siren = identifiers.find((i) => i.scheme === '0002')?.id;
    const siret = identifiers.find((i) => i.scheme === '0009')?.id;
    if (!siren) return { absent: 'the buyer has no SIREN to look up in the directory' };
    try {
      const c = await this.o.clients;
      const { line, lines } = await c.directory.resolve(siren, siret);
      if (line) return { found: { scheme: '0225', id: line.addressingIdentifier } };
      const others = lines.map((l) => l.addressingIdentifier);
      return {
        absent:
          others.length > 0
            ? `SIREN ${siren} has no line of its own in the directory but receives at ${others.slice(0, 5).join(', ')}: give one as accounting_customer_party.electronic_address`
            : `the buyer (SIREN ${siren}) is not in the directory: it cannot receive e-invoices`,
      };
    } catch (err) {
      return { unavailable: err instanceof Error ? err.message : String(err) };
    }
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    let flow: Flow | undefined;
    let c: PlatformClients;
    try {
      c = await this.o.clients;
      flow = (await c.flows.flow(sent.messageId)) ?? (await this.deposited(c.flows, sent.envelope)) ?? (this.o.depositLostAgain ? await this.depositAgain(c.flows, sent) : undefined);
    } catch (err) {
      // The platform could not be read this time: nothing new; what was recorded stays counted.
      this.transportError(err);
      return trackLater(sent.sentAt, now, this.o.retry);
    }
    if (!flow) return { events: [lost(sent, now)], done: true };
    const ack = flow.acknowledgement;
    if (ack.status === 'Error') return { events: [unreceivable(flow)], done: true };
    if (ack.status !== 'Ok') return trackLater(sent.sentAt, now, this.o.retry);
    if (isStatusOrReport(sent.envelope.documentType)) return this.acknowledgedWithPayments(c, flow, sent, now);
    let entries: LifecycleEntry[];
    try {
      entries = await c.feed.of(sent.envelope.documentNumber, sent.sentAt, now);
    } catch (err) {
      this.transportError(err);
      return trackLater(sent.sentAt, now, this.o.retry);
    }
    // The invoice's own statuses: an earlier document of the same number (refused, then
    // submitted again) had its own, before this deposit.
    const events = entries.filter((e) => e.at >= flow.submittedAt).map((e) => eventOf(e, flow));
    if (entries.some((e) => e.at >= flow.submittedAt && LIFECYCLE.get(e.reading.code)?.final)) return { events, done: true };
    return { ...trackLater(sent.sentAt, now, this.o.retry), events };
  }

  /**
   * A file that is delivered once acknowledged: a lifecycle message, an e-reporting file. A
   * sale's transaction data may have its payment data beside it, a flow of its own (trackingIdOf):
   * the document is delivered when both are acknowledged.
   */
  private async acknowledgedWithPayments(c: PlatformClients, flow: Flow, sent: SentMessage, now: Date): Promise<Tracking> {
    if (sent.envelope.documentType !== REPORT_TYPE) return { events: [acknowledged(flow)], done: true };
    let others: Flow[];
    try {
      others = await c.flows.search({ trackingId: trackingIdOf({ documentId: sent.envelope.documentId, documentType: PAYMENTS_REPORT_TYPE }), flowDirection: ['Out'] }, 1);
    } catch (err) {
      this.transportError(err);
      return trackLater(sent.sentAt, now, this.o.retry);
    }
    const refused = others.find((f) => f.acknowledgement.status === 'Error');
    if (refused) return { events: [unreceivable(refused)], done: true };
    if (others.some((f) => f.acknowledgement.status !== 'Ok')) return trackLater(sent.sentAt, now, this.o.retry);
    return { events: [acknowledged(flow)], done: true };
  }

  /** The flow the adapter deposited for a document's file, found by its tracking id. */
  private async deposited(flows: FlowClient, m: Pick<OutboundMessage, 'documentId' | 'documentType'>): Promise<Flow | undefined> {
    return (await flows.search({ trackingId: trackingIdOf(m), flowDirection: ['Out'] }, 1))[0];
  }

  private async deposit(flows: FlowClient, m: Pick<OutboundMessage, 'documentId' | 'documentNumber' | 'documentType' | 'mimeType' | 'receiver' | 'encoding'>, content: string): Promise<Pick<Flow, 'flowId' | 'submittedAt'>> {
    const bytes = Buffer.from(content, m.encoding === 'base64' ? 'base64' : 'utf8');
    const info = flowInfoOf(m, bytes);
    try {
      return await flows.deposit(info, { bytes, contentType: m.mimeType });
    } catch (err) {
      // The platform's own uniqueness check: the flow is there already.
      if (!(err instanceof PlatformRefused) || err.errorCode !== 'AlreadyExistingFlow') throw err;
      const found = await this.deposited(flows, m);
      if (found) return found;
      // The platform has it, its search does not show it yet: ask again later, never deposit twice.
      throw new PlatformUnavailable(`${err.message}; the flow is not found by its tracking id yet`);
    }
  }

  /** The platform knows no flow of the document (it lost it): the stored document goes again. */
  private async depositAgain(flows: FlowClient, sent: SentMessage): Promise<Flow | undefined> {
    const e = sent.envelope;
    const content = await this.o.contentOf(e.documentId);
    // The stored document is its first artifact: a sale abroad's is its invoice, not the report that was deposited.
    if (content === undefined || (e.documentType === REPORT_TYPE && !isReport(content))) return undefined;
    this.o.logger.warn({ document_id: e.documentId, flow_id: sent.messageId }, 'the platform knows no flow of the document: depositing it again');
    await this.deposit(flows, { ...e, encoding: e.mimeType === 'application/pdf' ? 'base64' : undefined }, content);
    return this.deposited(flows, e);
  }

  close(): void {
    this.o.close();
  }

  private transportError(err: unknown): TransportError {
    if (err instanceof TransportError) return err;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PlatformAuthRefused) {
      this.o.logger.error({ err: message }, "the approved platform refused the entity's credentials: check its client id and secret");
      return new TransportError(message, false);
    }
    if (err instanceof PlatformRefused) return new TransportError(message, true, [{ code: 'INVALID_DATA', message }], { status: err.status, error_code: err.errorCode });
    if (err instanceof PlatformUnavailable) return new TransportError(message, false);
    throw err;
  }
}

function isStatusOrReport(documentType: string): boolean {
  return documentType === RESPONSE_TYPE || documentType === REPORT_TYPE || documentType === PAYMENTS_REPORT_TYPE;
}

/** Derives the tracking id of a document's second file (a sale's payment data) from the document's. */
const SECOND_FILE = '6f1d2c3b-8a4e-5b7f-9c0d-1e2f3a4b5c6d';

/**
 * The tracking id of a document's file: the adapter's document id (a UUID: 36 characters, the
 * annex's most), or for a sale's payment data a UUID derived from it (v5), as stable.
 */
export function trackingIdOf(m: Pick<OutboundMessage, 'documentId' | 'documentType'>): string {
  return m.documentType === PAYMENTS_REPORT_TYPE ? uuidv5(`${m.documentId}:payments`, SECOND_FILE) : m.documentId;
}

/** The file's name in its flow: its number (a report's id), in the characters a file name keeps. */
function fileNameOf(m: Pick<OutboundMessage, 'documentNumber' | 'documentType'>): string {
  return `${m.documentNumber.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200)}.${flowSyntaxOf(m.documentType) === 'Factur-X' ? 'pdf' : 'xml'}`;
}

/** The FlowInfo of a document: its syntax, its file name, our id of it and its digest. */
export function flowInfoOf(m: Pick<OutboundMessage, 'documentId' | 'documentNumber' | 'documentType' | 'receiver'>, bytes: Buffer): FlowInfo {
  const syntax = flowSyntaxOf(m.documentType);
  return {
    flowSyntax: syntax,
    name: fileNameOf(m),
    trackingId: trackingIdOf(m),
    ...(syntax === 'FRR' && { processingRule: reportRule(bytes) }),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

function flowSyntaxOf(documentType: string): FlowInfo['flowSyntax'] {
  if (documentType === RESPONSE_TYPE) return 'CDAR';
  if (documentType === REPORT_TYPE || documentType === PAYMENTS_REPORT_TYPE) return 'FRR';
  if (documentType.startsWith('facturx-')) return 'Factur-X';
  return documentType.startsWith('ubl-') ? 'UBL' : 'CII';
}

function isReport(xml: string): boolean {
  try {
    return scanRoot(xml, []).localName === 'Report';
  } catch {
    return false;
  }
}

/** An e-reporting file is about international B2B invoices (10.1, 10.2: B2BInt) or B2C sales (10.3, 10.4). */
function reportRule(bytes: Buffer): 'B2BInt' | 'B2C' {
  const report = child(parseLocal(bytes.toString('utf8')), 'Report');
  const block = child(report, 'TransactionsReport') ?? child(report, 'PaymentsReport');
  return child(block, 'Invoice') ? 'B2BInt' : 'B2C';
}

function receiptOf(flow: Pick<Flow, 'flowId' | 'submittedAt'>, m: Pick<OutboundMessage, 'documentId' | 'documentType'>): SendReceipt {
  return { messageId: flow.flowId, payload: { flow_id: flow.flowId, tracking_id: trackingIdOf(m), submitted_at: flow.submittedAt, event: 'deposited' }, references: [{ key: 'Flow ID', value: flow.flowId }] };
}

const references = (flow: Flow) => [{ key: 'Flow ID', value: flow.flowId }];

/** The platform found the flow unreceivable (antivirus, schema, size, duplicate…): its reasons. */
function unreceivable(flow: Flow): NetworkEvent {
  const details = flow.acknowledgement.details?.filter((d) => d.level === 'Error') ?? [];
  const errors: SpiErrorItem[] = (details.length > 0 ? details : [undefined]).map((d) => ({
    code: 'INVALID_DATA',
    message: `the platform refused flow ${flow.flowId}${d ? `: ${d.reasonCode}: ${d.reasonMessage}${d.item ? ` (${d.item})` : ''}` : ''}`,
  }));
  return { kind: 'refused', at: flow.updatedAt, errors, payload: { flow_id: flow.flowId, event: 'unreceivable', acknowledgement: flow.acknowledgement }, references: references(flow) };
}

function acknowledged(flow: Flow): NetworkEvent {
  const warnings = flow.acknowledgement.details?.filter((d) => d.level === 'Warning').map((d): SpiErrorItem => ({ code: 'INVALID_DATA', message: `${d.reasonCode}: ${d.reasonMessage}` }));
  return { kind: 'delivered', at: flow.updatedAt, payload: { flow_id: flow.flowId, event: 'acknowledged', acknowledgement: flow.acknowledgement }, references: references(flow), ...(warnings?.length && { warnings }) };
}

function lost(sent: SentMessage, now: Date): NetworkEvent {
  const message = `the platform knows no flow ${sent.messageId}, nor any with the document's tracking id: the document was not deposited again (look at the platform)`;
  return { kind: 'refused', at: now.toISOString(), errors: [{ code: 'SERVICE_UNAVAILABLE', message }], payload: { flow_id: sent.messageId, event: 'lost' }, references: [] };
}

function eventOf(e: LifecycleEntry, flow: Flow): NetworkEvent {
  const r = e.reading;
  const refs = [...references(flow), { key: 'Status Flow ID', value: e.flowId }];
  const payload = { flow_id: flow.flowId, status_flow_id: e.flowId, event: 'status', at: e.at, ...payloadOf(r) };
  const receipt = { documentType: RESPONSE_TYPE, mimeType: 'application/xml', content: e.cdar };
  if (r.code === '203') return { kind: 'delivered', at: e.at, payload, references: refs, receipt };
  if (REFUSALS.has(r.code)) return { kind: 'refused', at: e.at, errors: [errorOf(r)], payload, references: refs, receipt };
  return { kind: 'inbound', at: e.at, documentType: RESPONSE_TYPE, mimeType: 'application/xml', content: e.cdar, payload, references: [...refs, ...(r.messageId ? [{ key: 'Status Message ID', value: r.messageId }] : [])] };
}

/** What the status's provider_response shows: its code and label, and the reason as the note billing reads. */
function payloadOf(r: CdarReading) {
  const note = [r.reasonCode, r.reason].filter(Boolean).join(': ');
  return { status_code: r.code, status: LIFECYCLE.get(r.code)?.label ?? r.code, ...(note && { note }) };
}

function errorOf(r: CdarReading): SpiErrorItem {
  const label = LIFECYCLE.get(r.code)?.label ?? r.code;
  const why = [r.reasonCode, r.reason].filter(Boolean).join(': ');
  return { code: r.code === '220' ? 'INVALID_OPERATION' : 'INVALID_DATA', message: `${r.code} ${label}${why ? `: ${why}` : ''}` };
}
