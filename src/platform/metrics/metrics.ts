import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { NetworkCalls } from '../../spi/network-calls.js';

// The adapter's Prometheus metrics (issue 44). A registry of its own per runtime, never
// prom-client's global one: two adapters in one process (the tests, `start`) each expose theirs.
// Every label takes values from a bounded set (driver ids, document types, SPI error codes,
// outcomes, HTTP status classes, queue states); document ids never, merchant ids only when the
// operator opts in (MERCHANT_METRICS). Hot-path calls pass label values positionally, so no
// label object is made per request. The drivers' networks count their calls to services through
// networkCalls(driver), which TransportSet hands each network as NetworkDeps.calls.

export type SubmissionOutcome = 'accepted' | 'duplicate' | 'refused_4xx' | 'refused_5xx';
export type TransmitOutcome = 'sent' | 'retry' | 'failed';
export type CallbackOutcome = 'delivered' | 'retry' | 'failed';

/** A queue's live rows in one state, as a source reads them at scrape. */
export interface QueueRow {
  queue: string;
  state: string;
  count: number;
  /** What the state's age is measured from (the earliest due time or creation); null without rows. */
  oldest: string | null;
}

/** Queues the gauges show: their live states (a state without rows is shown as 0, not left at its last value), and their rows read at each scrape. */
export interface QueueSource {
  live: Readonly<Record<string, readonly string[]>>;
  read(): Promise<readonly QueueRow[]> | readonly QueueRow[];
}

export interface MetricsOptions {
  /** Adds a `merchant` label to the submissions (MERCHANT_METRICS): one series per merchant. */
  merchantLabel: boolean;
  /** The queues shown: the adapter's (transmissions, callbacks), and its own billing module's webhooks when it runs in the process. */
  queues: readonly QueueSource[];
  clock: () => Date;
}

// Renders take milliseconds (a PDF tens of them); a network's answer up to its timeout.
const RENDER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const TRANSMIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Drivers' network calls, AS4 sends, platform API operations: about as long as a send's. */
const CALL_BUCKETS = TRANSMIT_BUCKETS;

export class Metrics {
  readonly registry = new Registry();
  private readonly submissions: Counter<string>;
  private readonly render: Histogram<string>;
  private readonly transmit: Histogram<string>;
  private readonly networkErrors: Counter<string>;
  private readonly callbackAttempts: Counter<string>;
  private readonly statuses: Counter<string>;
  private readonly calls: Counter<string>;
  private readonly callDuration: Histogram<string>;
  private readonly lookups: Counter<string>;
  /** One read of the queues per scrape, shared by both gauges' collect(). */
  private reading: Promise<QueueRow[]> | undefined;

  constructor(private readonly options: MetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.submissions = new Counter({
      name: 'einvoicing_submissions_total',
      help: 'Submissions to POST /einvoicing/documents by driver, document type and outcome (accepted, duplicate, refused_4xx, refused_5xx)',
      labelNames: options.merchantLabel ? ['driver', 'document_type', 'outcome', 'merchant'] : ['driver', 'document_type', 'outcome'],
      registers,
    });
    this.render = new Histogram({ name: 'einvoicing_render_duration_seconds', help: 'Time a driver takes to render (and sign) a document', labelNames: ['driver'], buckets: RENDER_BUCKETS, registers });
    this.transmit = new Histogram({
      name: 'einvoicing_transmit_duration_seconds',
      help: 'Time a driver and its transport take to send a document, by outcome (sent, retry, failed)',
      labelNames: ['driver', 'outcome'],
      buckets: TRANSMIT_BUCKETS,
      registers,
    });
    this.networkErrors = new Counter({ name: 'einvoicing_network_errors_total', help: 'Failed sends by driver and SPI error code', labelNames: ['driver', 'code'], registers });
    this.callbackAttempts = new Counter({
      name: 'einvoicing_callback_attempts_total',
      help: 'Status callback POSTs by outcome (delivered, retry, failed) and HTTP status class (2xx, 4xx, 5xx, network)',
      labelNames: ['outcome', 'status_class'],
      registers,
    });
    this.statuses = new Counter({
      name: 'einvoicing_statuses_recorded_total',
      help: 'Statuses recorded after acceptance (the networks\' answers: SUCCESS, REJECTED, FAILED …) by SPI status',
      labelNames: ['status'],
      registers,
    });
    this.calls = new Counter({
      name: 'einvoicing_network_calls_total',
      help: 'Calls the drivers\' networks make to services (smp_lookup, as4_send, platform_<operation>) by driver, call and outcome (ok, http_4xx, http_5xx, network, timeout)',
      labelNames: ['driver', 'call', 'outcome'],
      registers,
    });
    this.callDuration = new Histogram({ name: 'einvoicing_network_call_duration_seconds', help: 'Time a driver\'s network call takes, to its answer or failure', labelNames: ['driver', 'call'], buckets: CALL_BUCKETS, registers });
    this.lookups = new Counter({
      name: 'einvoicing_receiver_lookups_total',
      help: 'eDelivery receiver lookups by driver and where they were answered (cache, or network: the SML and the SMP)',
      labelNames: ['driver', 'source'],
      registers,
    });
    const live = options.queues.flatMap((q) => Object.entries(q.live).flatMap(([queue, states]) => states.map((state) => [queue, state] as const)));
    const depth = new Gauge({
      name: 'einvoicing_queue_depth',
      help: 'Live rows of a queue by state (transmissions: queued, sent; callbacks: pending; billing_webhooks: scheduled, re_scheduled), read at scrape',
      labelNames: ['queue', 'state'],
      registers,
      collect: async () => {
        const rows = await this.read();
        depth.reset();
        for (const [queue, state] of live) depth.labels(queue, state).set(0);
        for (const r of rows) depth.labels(r.queue, r.state).set(Number(r.count));
      },
    });
    const age = new Gauge({
      name: 'einvoicing_queue_oldest_age_seconds',
      help: 'Transmissions: seconds the most overdue row is past its due time; callbacks and billing_webhooks: age of the oldest live row (0 when none)',
      labelNames: ['queue', 'state'],
      registers,
      collect: async () => {
        const rows = await this.read();
        const now = this.options.clock().getTime();
        age.reset();
        for (const [queue, state] of live) age.labels(queue, state).set(0);
        for (const r of rows) if (r.oldest) age.labels(r.queue, r.state).set(Math.max(0, (now - Date.parse(r.oldest)) / 1000));
      },
    });
  }

  /** The text Prometheus scrapes. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.reading = undefined;
    }
  }

  submission(driver: string, documentType: string, outcome: SubmissionOutcome, merchant: string): void {
    if (this.options.merchantLabel) this.submissions.labels(driver, documentType, outcome, merchant).inc();
    else this.submissions.labels(driver, documentType, outcome).inc();
  }

  /**
   * Times `work` (a render, and its signature) under the driver's label; work that answers a
   * promise (a signature made on the thread pool) is timed until the promise settles.
   */
  timeRender<T>(driver: string, work: () => T): T {
    const start = performance.now();
    const observe = () => this.render.labels(driver).observe((performance.now() - start) / 1000);
    let result: T;
    try {
      result = work();
    } catch (err) {
      observe();
      throw err;
    }
    if (result instanceof Promise) return result.finally(observe) as T;
    observe();
    return result;
  }

  transmitted(driver: string, outcome: TransmitOutcome, startedAt: number): void {
    this.transmit.labels(driver, outcome).observe((performance.now() - startedAt) / 1000);
  }

  networkError(driver: string, code: string): void {
    this.networkErrors.labels(driver, code).inc();
  }

  statusRecorded(status: string): void {
    this.statuses.labels(status).inc();
  }

  /** One callback POST: its outcome and the HTTP status class (undefined: no answer, a network error). */
  callbackAttempt(outcome: CallbackOutcome, status: number | undefined): void {
    this.callbackAttempts.labels(outcome, status === undefined ? 'network' : `${Math.floor(status / 100)}xx`).inc();
  }

  /** What one driver's network counts its calls in (NetworkDeps.calls). */
  networkCalls(driver: string): NetworkCalls {
    return {
      meter: (call) => (outcome, seconds) => {
        this.calls.labels(driver, call, outcome).inc();
        this.callDuration.labels(driver, call).observe(seconds);
      },
      lookup: (source) => this.lookups.labels(driver, source).inc(),
    };
  }

  private read(): Promise<QueueRow[]> {
    return (this.reading ??= Promise.all(this.options.queues.map((q) => q.read())).then((rows) => rows.flat()));
  }
}
