import bodyParser from 'koa-bodyparser';
import Koa from 'koa';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { openStore } from '../../src/platform/store/open-store.js';
import { fixtureConfig } from '../helpers/fixtures.js';
import { benchInvoice } from './bench-invoice.js';

/**
 * The ceiling any submission path can reach on this machine: the same body parsed, hashed and
 * stored durably (document, an 11.7 KB XML rendered once up front, first status; one
 * transaction through the same writer thread) — but no validation and no rendering per request.
 * Submissions cannot be faster than this, so it is printed next to them.
 */
export async function startStorageFloor(dataDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const body = benchInvoice();
  const { driver, ctx, examination } = await intake(body, fixtureConfig(), createRegistry(drivers));
  const artifacts = driver.render(examination.model, { ...ctx, now: new Date(), documentId: 'floor' });
  const store = await openStore(dataDir, { writerThread: true });
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '10mb' }));
  app.use(async (ctx) => {
    const received = ctx.request.body as { id: string };
    const text = JSON.stringify(received);
    const now = new Date();
    const outcome = await store.writeSubmission({
      id: uuidv7({ msecs: now.getTime() }),
      platformId: received.id,
      type: 'INVOICE',
      model: 'PEPPOL',
      country: 'DE',
      transactionType: 'B2B',
      documentType: 'ubl-invoice',
      businessEntityId: 'floor',
      bodySha256: createHash('sha256').update(text).digest('hex'),
      body: text,
      requestId: 'floor',
      createdAt: now.toISOString(),
      artifacts,
      status: { status: 'ACCEPTED', source: 'adapter' },
    });
    ctx.body = { document_id: 'id' in outcome ? outcome.id : outcome.conflictWith, status: 'ACCEPTED' };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await store.close();
    },
  };
}
