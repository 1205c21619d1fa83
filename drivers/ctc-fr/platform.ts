import type { Envelope, OutboundMessage } from '../../src/spi/transport.js';

// What an approved platform (plateforme agréée, PA) adapter implements: the one provider-specific
// piece of the CTC_FR driver. The driver renders the invoice and the buyer's statuses, the
// transport (platform-transport.ts) turns what the platform reports into SPI statuses, and the
// platform only moves documents: it takes an invoice or a status message (deposit), and reports
// the lifecycle messages (CDAR, flux 6) it has about what it took (track). The sandbox
// (sandbox-platform.ts) is the reference implementation; drivers/ctc-fr/README.md says how to add one.

/** What the platform reports about a deposit, in its order. */
export type PlatformReport =
  /** A lifecycle message (CDAR) about the deposited invoice: the platforms' 200, 202, 203, 213…, the buyer's 204…212. */
  | { kind: 'status'; at: string; cdar: string }
  /** A deposited status message went on to its recipient. */
  | { kind: 'forwarded'; at: string };

export interface PlatformTracking {
  /** Everything reported so far, oldest first (the transport records each once). */
  reports: PlatformReport[];
  /** Nothing more will be reported for this deposit. */
  done: boolean;
  /** When to ask again if not done; the transport's backoff when absent. */
  checkAgainAt?: string | undefined;
}

export interface ApprovedPlatform {
  /** `source` of the statuses it reports (`sandbox-pa`, the PA's name). */
  readonly name: string;
  /**
   * Hands the document over (an invoice in UBL, CII or Factur-X; or a CDAR status): the
   * platform's id of the deposit. The same document deposited twice (a retry after a crash)
   * must give the same id or be refused as a duplicate. Throws TransportError (permanent: the
   * platform refused it for good; else retried).
   */
  deposit(message: OutboundMessage, at: { now: Date; attempt: number }): Promise<{ depositId: string; payload?: unknown }>;
  /** What the platform has reported about a deposit so far. Throws TransportError when it cannot be asked now. */
  track(deposit: { depositId: string; envelope: Envelope; depositedAt: string }, now: Date): Promise<PlatformTracking>;
}
