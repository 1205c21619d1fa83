import type { Envelope, OutboundMessage, Participant } from '../../src/spi/transport.js';
import type { Identifier } from '../../src/formats/en16931/model.js';
import type { CdarMessage, CdarParty } from './cdar-model.js';
import { dateTime204, renderCdar } from './cdar-xml.js';
import { LIFECYCLE } from './lifecycle.js';
import type { ApprovedPlatform, PlatformReport, PlatformTracking } from './platform.js';
import { RESPONSE_TYPE } from './identity.js';
import type { BuyerAnswer, SandboxPlatformSettings } from './settings.js';

// The reference approved platform: the sandbox plays the seller's platform, the buyer's platform
// and the buyer. An invoice is Déposée (200) when deposited, Reçue (202) by the buyer's platform
// one step later, Mise à disposition (203) the next, and the buyer answers the step after (205
// Approuvée unless configured otherwise, per buyer SIREN). A deposited status goes on one step
// later. Everything follows from the settings and the deposit time, so it survives restarts
// without a state of its own, like the sandbox network.

export const DEFAULT_STEP_MS = 1000;
const DEFAULT_ANSWER: BuyerAnswer = { code: '205' };

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const sirenOf = (p: Participant) => (p.scheme === '0225' ? p.id.slice(0, 9) : undefined);

export class SandboxPlatform implements ApprovedPlatform {
  readonly name = 'sandbox-pa';
  private readonly step: number;

  constructor(private readonly settings: SandboxPlatformSettings = {}) {
    this.step = settings.step_ms ?? DEFAULT_STEP_MS;
  }

  async deposit(m: OutboundMessage, { now }: { now: Date }): Promise<{ depositId: string; payload: unknown }> {
    // The same document is always the same deposit: a re-send after a crash is no duplicate.
    const depositId = `${m.documentId}@pa.sandbox.invalid`;
    return { depositId, payload: { deposit_id: depositId, event: 'deposited', at: now.toISOString(), document_type: m.documentType, number: m.documentNumber } };
  }

  async track(d: { depositId: string; envelope: Envelope; depositedAt: string }, now: Date): Promise<PlatformTracking> {
    const all = this.schedule(d.envelope, d.depositedAt);
    const due = all.filter((r) => r.at <= now.toISOString());
    const next = all.find((r) => r.at > now.toISOString());
    return { reports: due, done: !next, ...(next && { checkAgainAt: next.at }) };
  }

  private schedule(e: Envelope, depositedAt: string): PlatformReport[] {
    if (e.documentType === RESPONSE_TYPE) return [{ kind: 'forwarded', at: later(depositedAt, this.step) }];
    const buyerSiren = sirenOf(e.receiver);
    const answer = (buyerSiren && this.settings.buyers?.[buyerSiren]) || this.settings.buyer || DEFAULT_ANSWER;
    const steps: { code: string; answer?: BuyerAnswer }[] = [{ code: '200' }, { code: '202' }, { code: '203' }];
    if (answer.code !== 'none') steps.push({ code: answer.code, answer });
    return steps.map((s, i) => {
      const at = later(depositedAt, i * this.step);
      return { kind: 'status', at, cdar: renderCdar(platformMessage(e, s.code, at, depositedAt, s.answer)) };
    });
  }
}

/** A lifecycle message of the sandbox: the platforms' own (phase 305, issued by the platform) or the buyer's (phase 23). */
export function platformMessage(e: Envelope, code: string, at: string, receivedAt: string, answer?: BuyerAnswer): CdarMessage {
  const status = LIFECYCLE.get(code)!;
  const seller: Identifier = { scheme: '0002', id: sirenOf(e.sender) ?? e.sender.id };
  const buyerId: Identifier = sirenOf(e.receiver) ? { scheme: '0002', id: sirenOf(e.receiver)! } : { scheme: e.receiver.scheme, id: e.receiver.id };
  const byBuyer = status.phase === '23';
  const issuer: CdarParty = byBuyer ? { globalId: buyerId, name: e.receiver.name, role: 'BY' } : { role: 'WK' };
  const reasonCode = status.reasons ? (answer?.reason_code ?? status.reasons[0]!) : answer?.reason_code;
  return {
    businessProcess: e.receiver.scheme === '0225' ? 'REGULATED' : 'B2BINT',
    id: `${e.documentNumber}_${code}_${dateTime204(at)}`,
    issuedAt: at,
    sender: { role: 'WK' },
    issuer,
    recipients: [{ globalId: seller, name: e.sender.name, role: 'SE', address: { scheme: e.sender.scheme, id: e.sender.id } }],
    invoice: {
      id: e.documentNumber,
      typeCode: e.documentTypeCode ?? '380',
      issueDate: e.issueDate ?? receivedAt.slice(0, 10),
      receivedAt,
      seller,
      status,
      reason: reasonCode ? { code: reasonCode, text: answer?.reason } : undefined,
    },
  };
}
