import { expect } from 'chai';
import { renderCdar } from '../../drivers/ctc-fr/cdar-xml.js';
import { platformMessage } from '../../drivers/ctc-fr/sandbox/sandbox-platform.js';
import { BuyerDirectory } from '../../drivers/ctc-fr/xp-z12-013/buyer-directory.js';
import type { DirectoryClient } from '../../drivers/ctc-fr/xp-z12-013/directory-client.js';
import type { Flow, FlowClient, FlowFilters } from '../../drivers/ctc-fr/xp-z12-013/flow-client.js';
import { FlowTransport, trackingIdOf } from '../../drivers/ctc-fr/xp-z12-013/flow-transport.js';
import { LifecycleFeed } from '../../drivers/ctc-fr/xp-z12-013/lifecycle-feed.js';
import { PlatformRefused } from '../../drivers/ctc-fr/xp-z12-013/platform-api.js';
import { createLogger } from '../../src/lib/log.js';
import type { Envelope } from '../../src/spi/transport.js';

// The Flow Service transport's reading of what a platform holds, against a platform scripted
// flow by flow (what the sandbox's platform never says: an acknowledgement Error or Pending, a
// platform's own refusal 213, a companion file refused, more lifecycle flows than a search page).

const envelope: Envelope = {
  documentId: '01930000-0000-7000-8000-000000000042',
  model: 'CTC',
  documentType: 'ubl-invoice',
  mimeType: 'application/xml',
  documentNumber: 'F2026-0042',
  documentTypeCode: '380',
  issueDate: '2026-11-02',
  sender: { scheme: '0225', id: '732829320_FACTURES', name: 'Atelier Numérique SAS' },
  receiver: { scheme: '0225', id: '200000008', name: 'Client Exemple SA' },
};
const sentAt = '2026-11-02T10:00:00.000Z';
const now = new Date('2026-11-02T10:05:00.000Z');
const at = (s: number) => new Date(Date.parse(sentAt) + s * 1000).toISOString();

function flow(f: Partial<Flow> & Pick<Flow, 'flowId'>): Flow {
  return { flowSyntax: 'UBL', name: 'x.xml', submittedAt: sentAt, updatedAt: sentAt, flowType: 'CustomerInvoice', flowDirection: 'Out', acknowledgement: { status: 'Ok' }, ...f };
}

/** A platform holding these flows (and their files), answering searches a page of `page` at a time, oldest change first. */
class ScriptedFlows {
  readonly searches: FlowFilters[] = [];
  readonly reads: string[] = [];
  constructor(
    readonly flows: Flow[],
    private readonly files: Record<string, string> = {},
    private readonly page = 100,
  ) {}
  async search(where: FlowFilters, limit = 100): Promise<Flow[]> {
    this.searches.push(where);
    const after = where.updatedAfter ? Date.parse(where.updatedAfter) : -Infinity;
    return this.flows
      .filter((f) => Date.parse(f.updatedAt) > after && (!where.trackingId || f.trackingId === where.trackingId) && (!where.flowDirection || where.flowDirection.includes(f.flowDirection)) && (!where.flowType || where.flowType.includes(f.flowType)))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
      .slice(0, Math.min(limit, this.page));
  }
  async flow(flowId: string): Promise<Flow | undefined> {
    return this.flows.find((f) => f.flowId === flowId);
  }
  async original(flowId: string): Promise<string> {
    this.reads.push(flowId);
    return this.files[flowId]!;
  }
  readonly deposits: string[] = [];
  async deposit(info: { trackingId?: string }): Promise<{ flowId: string; submittedAt: string }> {
    const flowId = `again-${this.deposits.length + 1}`;
    this.deposits.push(flowId);
    this.flows.push(flow({ flowId, trackingId: info.trackingId, submittedAt: now.toISOString(), updatedAt: now.toISOString() }));
    return { flowId, submittedAt: now.toISOString() };
  }
}

function transportOver(flows: ScriptedFlows, o: { depositLostAgain?: boolean; stored?: string; directory?: Partial<DirectoryClient> } = {}): FlowTransport {
  const client = flows as unknown as FlowClient;
  const directory = new BuyerDirectory((o.directory ?? {}) as DirectoryClient, { hitMs: 1, missMs: 1, entries: 1 }, () => now);
  return new FlowTransport({
    name: 'test-pa',
    clients: Promise.resolve({ flows: client, feed: new LifecycleFeed(client, 0), directory }),
    retry: { minMs: 10, maxMs: 1000 },
    logger: createLogger('silent'),
    contentOf: async () => o.stored,
    depositLostAgain: o.depositLostAgain ?? false,
    close: () => undefined,
  });
}

/** A lifecycle flow In about `number` with the CDAR of `code` (the platform's, or the buyer's `answer`). */
function lifecycle(id: string, code: string, seconds: number, number = envelope.documentNumber, reason?: string): [Flow, string] {
  const e = { ...envelope, documentNumber: number };
  const cdar = renderCdar(platformMessage(e, code, at(seconds), sentAt, reason ? { code: '210', reason_code: reason, reason: 'motif' } : undefined));
  return [flow({ flowId: id, flowSyntax: 'CDAR', flowType: 'CustomerInvoiceLC', flowDirection: 'In', submittedAt: at(seconds), updatedAt: at(seconds) }), cdar];
}

describe('CTC_FR over XP Z12-013: what the transport reads of a platform', () => {
  it('ends FAILED with each reason when the platform acknowledges the flow Error, and asks again later while it is Pending', async () => {
    const refused = new ScriptedFlows([
      flow({
        flowId: 'f-1',
        acknowledgement: { status: 'Error', details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: 'not UBL 2.1' }, { level: 'Warning', item: 'name', reasonCode: 'OtherTechnicalError', reasonMessage: 'long name' }] },
      }),
    ]);
    const t = await transportOver(refused).track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(t.done).to.equal(true);
    expect(t.events).to.have.length(1);
    expect(t.events[0]).to.deep.include({ kind: 'refused', errors: [{ code: 'INVALID_DATA', message: 'the platform refused flow f-1: InvalidSchema: not UBL 2.1 (file)' }] });
    const pending = await transportOver(new ScriptedFlows([flow({ flowId: 'f-1', acknowledgement: { status: 'Pending' } })])).track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(pending.done).to.equal(false);
    expect(pending.events).to.deep.equal([]);
    expect(Date.parse(pending.checkAgainAt!)).to.be.greaterThan(now.getTime());
  });

  it('ends FAILED with the platform\'s 213 Rejetée and its reason, after the 200 before it, reading every lifecycle flow once', async () => {
    const [d200, c200] = lifecycle('lc-200', '200', 1);
    const [d213, c213] = lifecycle('lc-213', '213', 2, envelope.documentNumber, 'REJ_SEMAN');
    const [other, cOther] = lifecycle('lc-other', '205', 3, 'ANOTHER-1');
    const flows = new ScriptedFlows([flow({ flowId: 'f-1' }), d200, d213, other], { 'lc-200': c200, 'lc-213': c213, 'lc-other': cOther });
    const transport = transportOver(flows);
    const t = await transport.track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(t.done).to.equal(true);
    expect(t.events.map((e) => e.kind)).to.deep.equal(['inbound', 'refused']);
    expect((t.events[1] as { errors: unknown }).errors).to.deep.equal([{ code: 'INVALID_DATA', message: '213 Rejetée: REJ_SEMAN: motif' }]);
    await transport.track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(flows.reads.sort()).to.deep.equal(['lc-200', 'lc-213', 'lc-other']);
  });

  it('reads lifecycle flows past a full search page: the next search starts from the last change seen', async () => {
    const many = Array.from({ length: 230 }, (_, i) => lifecycle(`lc-${i}`, '202', 10 + i, `OTHER-${i}`));
    const [mine, cdar] = lifecycle('lc-mine', '203', 400);
    const flows = new ScriptedFlows([flow({ flowId: 'f-1' }), ...many.map(([f]) => f), mine], { ...Object.fromEntries(many.map(([f, c]) => [f.flowId, c])), 'lc-mine': cdar }, 100);
    const t = await transportOver(flows).track({ messageId: 'f-1', envelope, sentAt }, new Date(Date.parse(sentAt) + 3_600_000));
    expect(t.events.map((e) => e.kind)).to.deep.equal(['delivered']);
    const lifecycleSearches = flows.searches.filter((w) => w.flowType?.includes('CustomerInvoiceLC'));
    expect(lifecycleSearches.length).to.be.within(3, 5);
    expect(new Set(flows.reads).size).to.equal(flows.reads.length);
    expect(flows.reads).to.have.length(231);
  });

  it('delivers a sale\'s transaction data only once its payment data (its own tracking id) is acknowledged too; a refused one ends it FAILED', async () => {
    const report = { ...envelope, documentType: 'ereporting-report', documentNumber: 'TK-1' };
    const payments = (ack: Flow['acknowledgement']) => flow({ flowId: 'f-2', flowSyntax: 'FRR', trackingId: trackingIdOf({ documentId: report.documentId, documentType: 'ereporting-payments' }), acknowledgement: ack });
    const main = flow({ flowId: 'f-1', flowSyntax: 'FRR', trackingId: report.documentId });
    const track = (p: Flow) => transportOver(new ScriptedFlows([main, p])).track({ messageId: 'f-1', envelope: report, sentAt }, now);
    expect((await track(payments({ status: 'Pending' }))).done).to.equal(false);
    const refused = await track(payments({ status: 'Error', details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: 'G1.16' }] }));
    expect(refused.events.map((e) => e.kind)).to.deep.equal(['refused']);
    expect(JSON.stringify(refused.events[0])).to.contain('f-2').and.contain('G1.16');
    const both = await track(payments({ status: 'Ok' }));
    expect(both.done).to.equal(true);
    expect(both.events.map((e) => e.kind)).to.deep.equal(['delivered']);
  });

  it('gives an invoice submitted again (after a refusal) only the statuses of its own deposit, not the earlier document\'s 213', async () => {
    const [old213, c213] = lifecycle('lc-old', '213', -600, envelope.documentNumber, 'REJ_SEMAN');
    const [new200, c200] = lifecycle('lc-new', '200', 1);
    const flows = new ScriptedFlows([flow({ flowId: 'f-2' }), old213, new200], { 'lc-old': c213, 'lc-new': c200 });
    const t = await transportOver(flows).track({ messageId: 'f-2', envelope, sentAt }, now);
    expect(t.done).to.equal(false);
    expect(t.events.map((e) => e.kind)).to.deep.equal(['inbound']);
    expect(JSON.stringify(t.events[0])).to.contain('"status_code":"200"');
  });

  it('gets past more than a page of lifecycle flows changed within the search overlap (150 in 15 s)', async () => {
    const burst = Array.from({ length: 150 }, (_, i) => lifecycle(`lc-${String(i).padStart(3, '0')}`, '202', 1 + i / 10, `OTHER-${i}`));
    const [mine, cdar] = lifecycle('lc-mine', '203', 16);
    const flows = new ScriptedFlows([flow({ flowId: 'f-1' }), ...burst.map(([f]) => f), mine], { ...Object.fromEntries(burst.map(([f, c]) => [f.flowId, c])), 'lc-mine': cdar }, 100);
    const t = await transportOver(flows).track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(t.events.map((e) => e.kind)).to.deep.equal(['delivered']);
    expect(flows.reads).to.have.length(151);
  });

  it('takes the feed back for an older deposit asked while a search runs, and finds its statuses', async () => {
    const [recent, cRecent] = lifecycle('lc-recent', '200', 600, 'RECENT-1');
    const [older, cOlder] = lifecycle('lc-older', '200', -3000, 'OLDER-1');
    const flows = new ScriptedFlows([recent, older], { 'lc-recent': cRecent, 'lc-older': cOlder });
    const feed = new LifecycleFeed(flows as unknown as FlowClient, 0);
    const [a, b] = await Promise.all([feed.of('RECENT-1', at(600), now), feed.of('OLDER-1', at(-3000), now)]);
    expect(a.map((e) => e.flowId)).to.deep.equal(['lc-recent']);
    expect(b.map((e) => e.flowId)).to.deep.equal(['lc-older']);
  });

  it('skips a lifecycle flow whose file the platform no longer gives (a 4xx), and goes on with the others', async () => {
    const [gone] = lifecycle('lc-gone', '200', 1);
    const [d203, c203] = lifecycle('lc-203', '203', 2);
    const flows = new ScriptedFlows([flow({ flowId: 'f-1' }), gone, d203], { 'lc-203': c203 });
    const original = flows.original.bind(flows);
    flows.original = async (id: string) => (id === 'lc-gone' ? Promise.reject(new PlatformRefused('gone', 410, 'GONE')) : original(id));
    const t = await transportOver(flows).track({ messageId: 'f-1', envelope, sentAt }, now);
    expect(t.events.map((e) => e.kind)).to.deep.equal(['delivered']);
  });

  it('deposits a flow the platform lost again only on the sandbox\'s platform; a real platform\'s lost flow ends FAILED, deposited once', async () => {
    const lostOnSandbox = new ScriptedFlows([]);
    const again = await transportOver(lostOnSandbox, { depositLostAgain: true, stored: '<Invoice/>' }).track({ messageId: 'f-9', envelope, sentAt }, now);
    expect(lostOnSandbox.deposits).to.deep.equal(['again-1']);
    expect(again.done).to.equal(false);
    const lostOnPlatform = new ScriptedFlows([]);
    const t = await transportOver(lostOnPlatform, { stored: '<Invoice/>' }).track({ messageId: 'f-9', envelope, sentAt }, now);
    expect(lostOnPlatform.deposits).to.deep.equal([]);
    expect(t.done).to.equal(true);
    expect(JSON.stringify(t.events)).to.contain('the platform knows no flow f-9').and.contain('not deposited again');
  });

  it('takes a flow the platform already holds for the document as its deposit, before asking the directory (which may have dropped the buyer since)', async () => {
    const held = new ScriptedFlows([flow({ flowId: 'f-held', trackingId: envelope.documentId })]);
    const directory = { line: async () => undefined, lines: async () => [] };
    const receipt = await transportOver(held, { directory }).send({ ...envelope, content: '<Invoice/>' });
    expect(receipt.messageId).to.equal('f-held');
    expect(held.deposits).to.deep.equal([]);
  });
});
