import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { trackLater, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import { readCdar, type CdarReading } from './cdar-read.js';
import { LIFECYCLE } from './lifecycle.js';
import type { ApprovedPlatform, PlatformReport } from './platform.js';
import { RESPONSE_TYPE } from './identity.js';

// An approved platform as the adapter's transport: deposits are sends, and what the platform
// reports becomes network events. Made available (203) is the delivery (SUCCESS, with the CDAR as
// its receipt); the platforms' refusals (213 Rejetée, 221 routing error, 501 Irrecevable) and a
// cancellation (220) end the invoice FAILED with their reason; every other status (200, 202, the
// buyer's 204…212) arrives as an inbound lifecycle message that the driver reads (statuses.ts).

const REFUSALS = new Set(['213', '220', '221', '501']);

export class PlatformTransport implements Transport {
  readonly name: string;

  constructor(
    private readonly platform: ApprovedPlatform,
    private readonly retry: { minMs: number; maxMs: number },
  ) {
    this.name = platform.name;
  }

  async send(m: OutboundMessage, at: { now: Date; attempt: number }): Promise<SendReceipt> {
    const { depositId, payload } = await this.platform.deposit(m, at);
    return { messageId: depositId, payload: payload ?? { deposit_id: depositId, event: 'deposited' }, references: [{ key: 'Deposit ID', value: depositId }] };
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const t = await this.platform.track({ depositId: sent.messageId, envelope: sent.envelope, depositedAt: sent.sentAt }, now);
    // Each report is read once: its event, and whether nothing follows it.
    const read = t.reports.map((r) => ({ r, reading: r.kind === 'status' ? readCdar(r.cdar) : undefined }));
    const events = read.map(({ r, reading }) => this.eventOf(r, reading, sent));
    const final = read.some(({ r, reading }) => r.kind === 'forwarded' || LIFECYCLE.get(reading?.code ?? '')?.final);
    if (t.done || final) return { events, done: true };
    if (t.checkAgainAt) return { events, done: false, checkAgainAt: t.checkAgainAt };
    return { ...trackLater(sent.sentAt, now, this.retry), events };
  }

  private eventOf(r: PlatformReport, reading: CdarReading | undefined, sent: SentMessage): NetworkEvent {
    const references = [{ key: 'Deposit ID', value: sent.messageId }];
    if (r.kind === 'forwarded') return { kind: 'delivered', at: r.at, payload: { deposit_id: sent.messageId, event: 'forwarded', at: r.at }, references };
    const payload = { deposit_id: sent.messageId, event: 'status', at: r.at, ...(reading && payloadOf(reading)) };
    const receipt = { documentType: RESPONSE_TYPE, mimeType: 'application/xml', content: r.cdar };
    if (reading?.code === '203') return { kind: 'delivered', at: r.at, payload, references, receipt };
    if (reading && REFUSALS.has(reading.code)) return { kind: 'refused', at: r.at, errors: [errorOf(reading)], payload, references, receipt };
    return { kind: 'inbound', at: r.at, documentType: RESPONSE_TYPE, mimeType: 'application/xml', content: r.cdar, payload, references: [...references, ...(reading?.messageId ? [{ key: 'Status Message ID', value: reading.messageId }] : [])] };
  }
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
