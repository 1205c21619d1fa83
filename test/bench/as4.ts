import { randomUUID } from 'node:crypto';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import type { RenderContext } from '../../src/spi/driver.js';
import { userMessage, type As4Http } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { INITIATOR, PEPPOL_AGREEMENT, PEPPOL_AP_PARTY_TYPE, RESPONDER, type UserMessageFacts } from '../../src/driver-kit/networks/edelivery/as4/user-message-facts.js';
import { documentTypeIdOf } from '../../src/formats/sbdh/document-type-id.js';
import { sbdhFor } from '../../src/formats/sbdh/write.js';
import { makeIdentity } from '../helpers/edelivery-pki.js';
import { fixtureConfig } from '../helpers/fixtures.js';
import { benchInvoice } from './bench-invoice.js';

// AS4 throughput (issue 41), one process: messages SENT per second (a 50-line PEPPOL invoice,
// rendered once, wrapped in its SBDH and made into the user message: gzip, sign, encrypt, MIME;
// userMessage end to end) and RECEIVED per second (readUserMessage: MIME, decrypt, verify, gunzip,
// SBDH read and checked), each message with its own ids. Keys are RSA-2048 under a test CA, as
// Peppol's access point certificates are. Target: ≥ 500/s each way.

export const AS4_LINES = 50;
const PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface As4Figure {
  name: string;
  perSecond: number;
  msPerMessage: number;
}

/** Calls `fn(i)` for about `ms` milliseconds after a warm-up; returns calls per second. */
function measure(name: string, fn: (i: number) => unknown, ms = 3000): As4Figure {
  const warm = Date.now() + 500;
  let i = 0;
  while (Date.now() < warm) fn(i++);
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  while (process.hrtime.bigint() < end) {
    for (let k = 0; k < 10; k++) fn(i++);
    n += 10;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { name, perSecond: n / seconds, msPerMessage: (seconds * 1000) / n };
}

/** What is measured: one message made and sent, one received; set up once (invoice rendered, keys made, messages to read made). */
interface As4Work {
  send(i: number): unknown;
  receive(i: number): unknown;
  payloadBytes: number;
  messageBytes: number;
}

const SEND = `sent: SBDH + userMessage (gzip, sign, encrypt, MIME) of a ${AS4_LINES}-line PEPPOL invoice`;
const RECEIVE = 'received: readUserMessage (MIME, decrypt, verify, gunzip, SBDH read and checked)';

export async function as4Figures(): Promise<{ figures: As4Figure[]; payloadBytes: number; messageBytes: number }> {
  const work = await as4Work();
  return { figures: [measure(SEND, work.send), measure(RECEIVE, work.receive)], payloadBytes: work.payloadBytes, messageBytes: work.messageBytes };
}

async function as4Work(): Promise<As4Work> {
  const registry = createRegistry(drivers);
  const { driver, ctx, examination } = await intake(benchInvoice('AS4-BENCH', AS4_LINES), fixtureConfig(), registry);
  const rctx: RenderContext = { ...ctx, now: new Date(), documentId: 'as4-bench' };
  const ubl = (await driver.render(examination.model, rctx))[0]!.content;
  const documentTypeId = documentTypeIdOf(ubl);

  const ca = makeIdentity('Bench AP CA');
  const sender = makeIdentity('PDE000001', ca);
  const receiver = makeIdentity('PDE000002', ca);
  const signer = { certificate: sender.certificate, privateKeyPem: sender.privateKeyPem };
  const decryptWith = { privateKeyPem: receiver.privateKeyPem, certificate: receiver.certificate };
  const now = new Date();

  const send = (i: number): As4Http => {
    const id = `${i}-${randomUUID()}`;
    const sbdh = sbdhFor({ sender: '9930:DE987654321', receiver: '9930:DE123456789', documentTypeId, processId: PROCESS, countryC1: 'DE', instanceIdentifier: id, creationDateAndTime: now }, ubl);
    const facts: UserMessageFacts = {
      messageId: `${id}@bench`,
      timestamp: now,
      conversationId: id,
      from: { id: 'PDE000001', type: PEPPOL_AP_PARTY_TYPE, role: INITIATOR },
      to: { id: 'PDE000002', type: PEPPOL_AP_PARTY_TYPE, role: RESPONDER },
      agreementRef: PEPPOL_AGREEMENT,
      service: { type: 'cenbii-procid-ubl', value: PROCESS },
      action: `busdox-docid-qns::${documentTypeId}`,
      originalSender: '9930:DE987654321',
      finalRecipient: '9930:DE123456789',
    };
    return userMessage(facts, sbdh, signer, { boundary: `b-${id}`, rootContentId: `root-${id}@bench`, payloadContentId: `payload-${id}@bench` }, receiver.certificate);
  };
  // Received messages are made beforehand, each different, and read in turn.
  const pool = Array.from({ length: 200 }, (_, i) => send(i));
  const receive = (i: number) => {
    const m = pool[i % pool.length]!;
    return readUserMessage(m.contentType, m.body, { anchors: [ca.certificate], now, decryptWith });
  };
  receive(0);
  return { send, receive, payloadBytes: Buffer.byteLength(ubl), messageBytes: pool[0]!.body.length };
}

/**
 * The same measurement in `workers` threads at once, one per core (an adapter uses the machine's
 * cores as that many processes, src/runtime/cluster.ts): the figures summed, as the machine's
 * messages per second each way.
 */
export async function as4FiguresInParallel(workers: number): Promise<As4Figure[]> {
  const { Worker } = await import('node:worker_threads');
  const threads = Array.from({ length: workers }, () => new Worker(new URL(import.meta.url), { workerData: { as4Worker: true } }));
  const next = () => Promise.all(threads.map((t) => new Promise<unknown>((resolve, reject) => (t.once('message', resolve), t.once('error', reject)))));
  try {
    await next(); // each thread set up
    const figures: As4Figure[] = [];
    // Each direction measured in every thread at the same time, started together.
    for (const phase of ['send', 'receive'] as const) {
      const results = next();
      for (const t of threads) t.postMessage(phase);
      const perSecond = ((await results) as As4Figure[]).reduce((sum, f) => sum + f.perSecond, 0);
      figures.push({ name: phase === 'send' ? SEND : RECEIVE, perSecond, msPerMessage: 1000 / perSecond });
    }
    return figures;
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

const { isMainThread, parentPort, workerData } = await import('node:worker_threads');
if (!isMainThread && (workerData as { as4Worker?: boolean } | undefined)?.as4Worker) {
  const work = await as4Work();
  parentPort!.on('message', (phase: 'send' | 'receive') => parentPort!.postMessage(measure(phase, work[phase])));
  parentPort!.postMessage('ready');
}
