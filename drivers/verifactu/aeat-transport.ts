import { TransportError, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import type { Logger } from '../../src/lib/log.js';
import { errorCode } from '../../src/spi/error-code.js';
import { outsideLogContext } from '../../src/lib/log-context.js';
import { backoffDelay, type RetryPolicy } from '../../src/lib/retry-delay.js';
import { DEFAULT_WAIT_SECONDS, outcomeOf, parseAeatAnswer, type AeatAnswer, type ResponseLine } from './aeat-response.js';
import { recordIdentity, type RecordIdentity } from './record-identity.js';
import { MAX_RECORDS_PER_REQUEST, soapRequest } from './soap-request.js';
import type { SoapAnswer, SoapExchange } from '../../src/platform/http/soap-exchange.js';

/** What an issuer's shared batch logs under: its driver, no document's request (its lines name `document_ids`). */
const AEAT_WORK = { driver: 'VERIFACTU' } as const;

// The AEAT's way of taking records, as a transport. `send` only queues a record under its
// issuer's NIF; a request goes out when the TiempoEsperaEnvio of the issuer's last answer has
// passed (at once for the first), or as soon as 1,000 records wait, and carries up to 1,000
// records in queue order. Each record's answer line becomes its network event, which `track`
// reports. When no answer came (network error, timeout, HTTP error, SOAP Server fault) the same
// records go again after a backoff, without a horizon: a chained record must reach the AEAT,
// and a record it already holds is answered as a duplicate, which is the success it is. A
// Client fault (the request itself refused) fails every record of the request.
//
// The queue lives in memory: after a restart, `track` of a record it has never seen queues the
// stored record again (the `contentOf` dependency), so a crash costs a duplicate, never a record.

export interface AeatTransportOptions {
  exchange: SoapExchange;
  /** ObligadoEmision NombreRazon: the issuing entity's registered name. */
  issuerName: string;
  clock: () => Date;
  logger: Logger;
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
  contentOf(documentId: string): Promise<string | undefined>;
}

interface QueuedRecord {
  documentId: string;
  id: RecordIdentity;
  content: string;
}

interface IssuerQueue {
  waiting: QueuedRecord[];
  inFlight?: QueuedRecord[] | undefined;
  /** No request before this time (ms): the answered TiempoEsperaEnvio, or the backoff after a failure. */
  notBefore: number;
  failures: number;
  timer?: NodeJS.Timeout | undefined;
}

/** How soon `track` looks again at a record whose request is due or on its way. */
const POLL_MS = 1000;
/** Answers are kept this long after they came, for a `track` whose recording failed and is repeated. */
const KEEP_ANSWERS_MS = 3_600_000;

export class AeatTransport implements Transport {
  private readonly queues = new Map<string, IssuerQueue>();
  /** Document id → the issuer NIF whose queue holds it (waiting or in flight). */
  private readonly pending = new Map<string, string>();
  private readonly answered = new Map<string, { event: NetworkEvent; at: number }>();
  private readonly flights = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly o: AeatTransportOptions) {}

  get name(): string {
    return this.o.exchange.name;
  }

  async send(m: OutboundMessage, { now }: { now: Date; attempt: number }): Promise<SendReceipt> {
    const id = recordIdentity(m.content);
    if (!id) throw new TransportError('the record has no IDFactura: it cannot be sent', true);
    this.enqueue(m.documentId, id, m.content);
    return { messageId: `verifactu:${m.documentId}`, payload: { event: 'queued', issuer: id.nif, operation: id.operation, at: now.toISOString() }, references: [] };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const documentId = sent.envelope.documentId;
    const answer = this.answered.get(documentId);
    if (answer) return { events: [answer.event], done: true };
    if (!this.pending.has(documentId)) {
      const content = await this.o.contentOf(documentId);
      const id = content === undefined ? undefined : recordIdentity(content);
      if (!id) {
        const errors = [{ code: 'INVALID_DATA' as const, message: `the stored record of document ${documentId} cannot be read, so it cannot be sent again` }];
        return { events: [{ kind: 'refused', at: now.toISOString(), errors, payload: undefined, references: [] }], done: true };
      }
      this.o.logger.info({ document_id: documentId, issuer: id.nif }, 'VERIFACTU record not known to the AEAT transport (a restart): queued again');
      this.enqueue(documentId, id, content!);
    }
    const q = this.queues.get(this.pending.get(documentId)!)!;
    return { events: [], done: false, checkAgainAt: new Date(Math.max(q.notBefore, now.getTime()) + POLL_MS).toISOString() };
  }

  /** Sends every issuer's due request now and waits for every answer outstanding (the timers send on their own). */
  async flushDue(): Promise<void> {
    await Promise.all([...[...this.queues.keys()].map((nif) => this.flush(nif)), ...this.flights]);
  }

  /** Records waiting or in flight, per issuer NIF. */
  queued(): Record<string, number> {
    return Object.fromEntries([...this.queues].map(([nif, q]) => [nif, q.waiting.length + (q.inFlight?.length ?? 0)]));
  }

  /**
   * Stops sending. A request on its way is cut rather than waited for (the AEAT may take minutes):
   * its records are sent again after the next start, and a repeat is only a duplicate.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) clearTimeout(q.timer);
    this.o.exchange.close();
    await Promise.all([...this.flights]);
  }

  private enqueue(documentId: string, id: RecordIdentity, content: string): void {
    if (this.pending.has(documentId) || this.answered.has(documentId)) return;
    let q = this.queues.get(id.nif);
    if (!q) this.queues.set(id.nif, (q = { waiting: [], notBefore: 0, failures: 0 }));
    q.waiting.push({ documentId, id, content });
    this.pending.set(documentId, id.nif);
    this.schedule(id.nif);
  }

  /** 1,000 waiting records go at once, unless the queue is backing off after a failure. */
  private due(q: IssuerQueue, now: number): boolean {
    return !q.inFlight && q.waiting.length > 0 && (now >= q.notBefore || (q.waiting.length >= MAX_RECORDS_PER_REQUEST && q.failures === 0));
  }

  private schedule(nif: string): void {
    const q = this.queues.get(nif);
    if (!q || this.closed || q.inFlight || q.waiting.length === 0) return;
    clearTimeout(q.timer);
    const now = this.o.clock().getTime();
    const delay = this.due(q, now) ? 0 : q.notBefore - now;
    // The issuer's batch is shared by its documents: its flush runs in none's log context (its lines name `document_ids`).
    q.timer = outsideLogContext(() =>
      setTimeout(() => {
        const flight = this.flush(nif).finally(() => this.flights.delete(flight));
        this.flights.add(flight);
      }, delay),
      AEAT_WORK,
    );
    q.timer.unref();
  }

  private async flush(nif: string): Promise<void> {
    const q = this.queues.get(nif);
    if (!q) return;
    if (!this.due(q, this.o.clock().getTime())) {
      // A timer may fire a millisecond before the wall clock says the wait is over: look again then.
      this.schedule(nif);
      return;
    }
    clearTimeout(q.timer);
    const batch = q.waiting.splice(0, MAX_RECORDS_PER_REQUEST);
    q.inFlight = batch;
    let answer: AeatAnswer | Error;
    try {
      answer = readAnswer(await this.o.exchange.post(soapRequest({ nombreRazon: this.o.issuerName, nif }, batch.map((r) => r.content))));
    } catch (err) {
      answer = err instanceof Error ? err : new Error(String(err));
    }
    q.inFlight = undefined;
    this.settle(q, nif, batch, answer);
    this.schedule(nif);
  }

  private settle(q: IssuerQueue, nif: string, batch: QueuedRecord[], answer: AeatAnswer | Error): void {
    const now = this.o.clock();
    if (answer instanceof Error || (answer.kind === 'fault' && !answer.client)) {
      q.failures += 1;
      q.waiting.unshift(...batch);
      q.notBefore = now.getTime() + backoffDelay(q.failures, this.o.retry);
      const err = answer instanceof Error ? answer.message : `SOAP fault ${answer.code}: ${answer.message}`;
      const code = answer instanceof Error ? errorCode(answer) : `SOAP_FAULT_${answer.code}`;
      if (!this.closed)
        this.o.logger.warn(
          { issuer: nif, records: batch.length, document_ids: batch.map((r) => r.documentId), error_code: code, attempt: q.failures, err, next_at: new Date(q.notBefore).toISOString() },
          'the AEAT did not take the records; they go again later',
        );
      return;
    }
    q.failures = 0;
    this.prune(now.getTime());
    if (answer.kind === 'fault') {
      q.notBefore = now.getTime() + DEFAULT_WAIT_SECONDS * 1000;
      const errors = [{ code: 'INVALID_DATA' as const, message: `AEAT SOAP fault ${answer.code}: ${answer.message}` }];
      for (const r of batch) this.answer(r, { kind: 'refused', at: now.toISOString(), errors, payload: { fault_code: answer.code, fault_string: answer.message }, references: [] }, now);
      return;
    }
    q.notBefore = now.getTime() + answer.tiempoEsperaEnvio * 1000;
    const lines = linesByInvoice(answer.lines);
    for (const r of batch) this.answer(r, eventOf(r, takeLine(lines, r.id), answer, now.toISOString()), now);
  }

  private answer(r: QueuedRecord, event: NetworkEvent, now: Date): void {
    this.pending.delete(r.documentId);
    this.answered.set(r.documentId, { event, at: now.getTime() });
  }

  private prune(now: number): void {
    for (const [id, a] of this.answered) {
      if (now - a.at <= KEEP_ANSWERS_MS) break; // insertion order is answer order
      this.answered.delete(id);
    }
  }
}

/** A SOAP answer (response or fault); anything else (an HTML error page, an empty 502) is a failure to answer. */
function readAnswer(res: SoapAnswer): AeatAnswer {
  if (!/Envelope[\s>]/.test(res.body)) throw new Error(`HTTP ${res.status} without a SOAP answer`);
  return parseAeatAnswer(res.body);
}

const invoiceKey = (id: { nif: string; numSerie: string; fecha: string }) => `${id.nif}|${id.numSerie}|${id.fecha}`;

function linesByInvoice(lines: readonly ResponseLine[]): Map<string, ResponseLine[]> {
  const out = new Map<string, ResponseLine[]>();
  for (const l of lines) out.set(invoiceKey(l), [...(out.get(invoiceKey(l)) ?? []), l]);
  return out;
}

/** The first unused line for the record's invoice and operation (an alta and its anulación may share a request). */
function takeLine(lines: Map<string, ResponseLine[]>, id: RecordIdentity): ResponseLine | undefined {
  const candidates = lines.get(invoiceKey(id)) ?? [];
  const i = candidates.findIndex((l) => l.operacion === undefined || l.operacion === id.operation);
  return i < 0 ? undefined : candidates.splice(i, 1)[0];
}

function eventOf(r: QueuedRecord, line: ResponseLine | undefined, answer: Extract<AeatAnswer, { kind: 'response' }>, at: string): NetworkEvent {
  const references = answer.csv ? [{ key: 'CSV', value: answer.csv }] : [];
  const payload = {
    csv: answer.csv,
    estado_envio: answer.estadoEnvio,
    operacion: r.id.operation,
    ...(line && { estado_registro: line.estado, codigo_error_registro: line.codigo, descripcion_error_registro: line.descripcion, ...(line.duplicado && { registro_duplicado: true }) }),
  };
  // A submission answered Correcto as a whole accepted every record in it, line or not.
  if (!line) {
    if (answer.estadoEnvio === 'Correcto') return { kind: 'delivered', at, payload, references };
    const errors = [{ code: 'INVALID_DATA' as const, message: `the AEAT answered ${answer.estadoEnvio} without a line for this record` }];
    return { kind: 'refused', at, errors, payload, references };
  }
  const outcome = outcomeOf(line);
  return outcome.status === 'SUCCESS'
    ? { kind: 'delivered', at, payload, references, warnings: outcome.warnings }
    : { kind: 'refused', at, errors: outcome.errors ?? [], payload, references };
}
