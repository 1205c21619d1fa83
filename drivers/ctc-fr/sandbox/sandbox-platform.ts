import { createHash, randomUUID } from 'node:crypto';
import type { Envelope, Participant } from '../../../src/spi/transport.js';
import type { Identifier } from '../../../src/formats/en16931/model.js';
import { en16931Envelope } from '../../../src/formats/en16931/envelope.js';
import { embeddedInvoiceXml } from '../../../src/formats/facturx/embedded-xml.js';
import { scanRoot } from '../../../src/formats/xml/root-scan.js';
import type { CdarMessage, CdarParty } from '../cdar-model.js';
import { readCdar } from '../cdar-read.js';
import { dateTime204, renderCdar } from '../cdar-xml.js';
import { LIFECYCLE } from '../lifecycle.js';
import type { BuyerAnswer, SandboxPlatformSettings } from '../settings.js';
import type { AckDetail, Flow, FlowFilters, FlowInfo } from '../xp-z12-013/flow-client.js';
import type { DirectoryLine, LineQuery } from '../xp-z12-013/directory-client.js';

// The sandbox's approved platform: what the XP Z12-013 server of the sandbox (sandbox-server.ts)
// answers, held in memory. It plays the seller's platform, the buyer's platform and the buyer.
// A deposited flow is checked at once (its digest, and that its file is what its syntax says:
// an invoice, a lifecycle message, an e-reporting file) and acknowledged Ok or Error. An invoice
// then gets the lifecycle messages a real exchange produces, as flows coming In to its
// depositor: 200 Déposée at once, 202 Reçue one step later, 203 Mise à disposition the next,
// and the buyer's answer the step after (205 Approuvée unless the settings say otherwise, per
// buyer SIREN). Each client (an entity) sees its own flows only. The directory has one line per
// SIREN, the SIREN itself, unless the settings list others (or none); a line SIREN_SIRET is that
// facility's, SIREN_SIRET_CODE that routing code's.

export const DEFAULT_STEP_MS = 1000;
const DEFAULT_ANSWER: BuyerAnswer = { code: '205' };

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const sirenOf = (p: Participant) => (p.scheme === '0225' ? p.id.slice(0, 9) : undefined);

interface Held {
  client: string;
  flow: Flow;
  file: Buffer;
  /** When the flow appears (a lifecycle message scheduled for later is not there yet). */
  visibleAt: string;
}

/** A deposit the platform refuses outright (the annex's Error body). */
export class SandboxRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

export class SandboxPlatform {
  private readonly flows = new Map<string, Held>();
  private readonly step: number;

  constructor(
    private readonly settings: SandboxPlatformSettings,
    private readonly clock: () => Date,
  ) {
    this.step = settings.step_ms ?? DEFAULT_STEP_MS;
  }

  /** createFlow: the flow as the platform took it (202), or a SandboxRefusal. */
  async deposit(client: string, info: FlowInfo, file: Buffer): Promise<Flow> {
    const duplicate = info.trackingId && [...this.flows.values()].find((h) => h.client === client && h.flow.flowDirection === 'Out' && h.flow.trackingId === info.trackingId);
    if (duplicate) throw new SandboxRefusal(422, 'AlreadyExistingFlow', `a flow with trackingId ${info.trackingId} exists: ${duplicate.flow.flowId}`);
    const now = this.clock().toISOString();
    const problems = await this.check(info, file);
    const flow: Flow = {
      ...info,
      flowId: randomUUID(),
      submittedAt: now,
      updatedAt: now,
      flowType: flowTypeOf(info),
      flowDirection: 'Out',
      processingRuleSource: info.processingRule ? 'Input' : 'Computed',
      acknowledgement: problems.length > 0 ? { status: 'Error', details: problems } : { status: 'Ok' },
    };
    this.flows.set(flow.flowId, { client, flow, file, visibleAt: now });
    if (problems.length === 0 && isInvoice(info)) await this.answer(client, flow, file);
    return flow;
  }

  /** searchFlows: the client's flows matching every criterion, oldest change first, at most `limit`. */
  search(client: string, where: FlowFilters, limit: number): Flow[] {
    const now = this.clock().toISOString();
    const after = where.updatedAfter && Date.parse(where.updatedAfter);
    const before = where.updatedBefore && Date.parse(where.updatedBefore);
    return [...this.flows.values()]
      .filter((h) => h.client === client && h.visibleAt <= now)
      .map((h) => h.flow)
      .filter(
        (f) =>
          (!after || Date.parse(f.updatedAt) > after) &&
          (!before || Date.parse(f.updatedAt) < before) &&
          (!where.trackingId || f.trackingId === where.trackingId) &&
          (!where.flowType?.length || where.flowType.includes(f.flowType)) &&
          (!where.flowDirection?.length || where.flowDirection.includes(f.flowDirection)) &&
          (!where.processingRule?.length || (f.processingRule !== undefined && where.processingRule.includes(f.processingRule))) &&
          (!where.ackStatus || f.acknowledgement.status === where.ackStatus),
      )
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.flowId.localeCompare(b.flowId))
      .slice(0, limit);
  }

  /** getFlow: the client's flow and its file; undefined when it has none of that id (yet). */
  flow(client: string, flowId: string): { flow: Flow; file: Buffer } | undefined {
    const h = this.flows.get(flowId);
    return h && h.client === client && h.visibleAt <= this.clock().toISOString() ? h : undefined;
  }

  /** getDirectoryLineById. */
  line(addressingIdentifier: string): DirectoryLine | undefined {
    const siren = addressingIdentifier.slice(0, 9);
    return this.linesOf(siren).includes(addressingIdentifier) ? lineOf(siren, addressingIdentifier) : undefined;
  }

  /** searchDirectoryLine by SIREN, narrowed to a facility (SIRET) or a routing code when asked. */
  lines(q: LineQuery): DirectoryLine[] {
    return this.linesOf(q.siren)
      .map((a) => lineOf(q.siren, a))
      .filter((l) => (!q.siret || l.siret === q.siret) && (!q.routingIdentifier || l.routingCode?.routingIdentifier === q.routingIdentifier));
  }

  private linesOf(siren: string): string[] {
    return /^[0-9]{9}$/.test(siren) ? (this.settings.directory?.[siren] ?? [siren]) : [];
  }

  /** The receivability checks: the digest, and a file of the declared syntax. */
  private async check(info: FlowInfo, file: Buffer): Promise<AckDetail[]> {
    if (info.sha256 && createHash('sha256').update(file).digest('hex') !== info.sha256) {
      return [{ level: 'Error', item: 'file', reasonCode: 'ChecksumMismatch', reasonMessage: 'the file does not have the declared sha256' }];
    }
    const xml = await this.xmlOf(info, file);
    const root = xml && rootOf(xml);
    const expected = EXPECTED_ROOTS[info.flowSyntax];
    if (!root || !expected.includes(root) || (info.flowSyntax === 'CDAR' && !readCdar(xml!))) {
      return [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: `a ${info.flowSyntax} flow must be ${expected.join(' or ')}${root ? `, not ${root}` : ''}` }];
    }
    return [];
  }

  private async xmlOf(info: FlowInfo, file: Buffer): Promise<string | undefined> {
    if (info.flowSyntax !== 'Factur-X') return file.toString('utf8');
    try {
      return await embeddedInvoiceXml(file);
    } catch {
      return undefined;
    }
  }

  /** The lifecycle messages of an invoice, scheduled from its deposit as flows In to its depositor. */
  private async answer(client: string, invoice: Flow, file: Buffer): Promise<void> {
    const xml = (await this.xmlOf(invoice, file))!;
    const e = en16931Envelope('CTC', { documentType: 'invoice', mimeType: 'application/xml', content: xml }, invoice.flowId, false);
    const buyerSiren = sirenOf(e.receiver);
    const answer = (buyerSiren && this.settings.buyers?.[buyerSiren]) || this.settings.buyer || DEFAULT_ANSWER;
    const steps: { code: string; answer?: BuyerAnswer }[] = [{ code: '200' }, { code: '202' }, { code: '203' }];
    if (answer.code !== 'none') steps.push({ code: answer.code, answer });
    steps.forEach((s, i) => {
      const at = later(invoice.submittedAt, i * this.step);
      const cdar = Buffer.from(renderCdar(platformMessage(e, s.code, at, invoice.submittedAt, s.answer)));
      const flow: Flow = {
        flowId: randomUUID(),
        name: `${e.documentNumber}_${s.code}.xml`,
        flowSyntax: 'CDAR',
        submittedAt: at,
        updatedAt: at,
        flowType: 'CustomerInvoiceLC',
        flowDirection: 'In',
        processingRuleSource: 'Computed',
        acknowledgement: { status: 'Ok' },
      };
      this.flows.set(flow.flowId, { client, flow, file: cdar, visibleAt: at });
    });
  }
}

const EXPECTED_ROOTS: Record<FlowInfo['flowSyntax'], string[]> = {
  UBL: ['Invoice', 'CreditNote'],
  CII: ['CrossIndustryInvoice'],
  'Factur-X': ['CrossIndustryInvoice'],
  CDAR: ['CrossDomainAcknowledgementAndResponse'],
  FRR: ['Report'],
};

function rootOf(xml: string): string | undefined {
  try {
    return scanRoot(xml, []).localName;
  } catch {
    return undefined;
  }
}

const isInvoice = (info: FlowInfo) => info.flowSyntax === 'UBL' || info.flowSyntax === 'CII' || info.flowSyntax === 'Factur-X';

/** What the platform computes a deposited flow to be. */
function flowTypeOf(info: FlowInfo): string {
  if (isInvoice(info)) return 'CustomerInvoice';
  if (info.flowSyntax === 'CDAR') return 'SupplierInvoiceLC';
  return info.processingRule === 'B2BInt' ? 'UnitaryCustomerTransactionReport' : 'AggregatedCustomerTransactionReport';
}

/**
 * A line of the sandbox's directory from its address, in the directory's usual forms: SIREN,
 * SIREN_SIRET, SIREN_SIRET_ROUTINGCODE, or SIREN_any suffix.
 */
function lineOf(siren: string, addressingIdentifier: string): DirectoryLine {
  const suffix = addressingIdentifier.slice(10);
  const facility = /^(\d{14})(?:_(.+))?$/.exec(suffix);
  const siret = facility && facility[1]!.startsWith(siren) ? facility[1] : undefined;
  const routing = siret ? facility![2] : undefined;
  return {
    addressingIdentifier,
    siren,
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    ...(suffix && { addressingSuffix: suffix }),
    ...(siret && { siret }),
    ...(routing && { routingCode: { routingIdentifier: routing } }),
  };
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
