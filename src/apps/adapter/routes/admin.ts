import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Directory } from '../../../platform/directory/directory.js';
import { addEntity, getEntity, listEntities, removeEntity, replaceEntity } from '../../../platform/directory/entity-admin.js';
import { createApiKey, createMerchant, deleteMerchant, getMerchant, merchantView, replaceMerchant, revokeApiKey } from '../../../platform/directory/merchant-admin.js';
import { beginAuthorization, type AuthorizationDeps } from '../../../platform/oauth/authorization.js';
import { rotateSealed } from '../../../platform/directory/seal-rotation.js';
import type { Store } from '../../../platform/store/store.js';
import { parseBody, parseQuery } from '../../../platform/http/query.js';
import type { CallbackSites } from '../../../platform/oauth/callback-sites.js';
import { OutboxActionsQuery, OutboxCallbacksQuery, OutboxTransmissionsQuery, ReceivedMessagesQuery, RetryFailedBody } from '../schemas/queries.js';
import * as outbox from '../services/outbox.js';
import { getReceivedMessage, listReceivedMessages } from '../services/received-messages.js';
import { deleteEntityDriver, getEntityDriver, putEntityDriver, type EntityDriverDeps } from '../services/entity-drivers.js';

export interface AdminRouteDeps {
  store: Store;
  directory: Directory;
  clock: () => Date;
  authorization: AuthorizationDeps;
  /** Base of the redirect URI (PUBLIC_URL); the request's origin when unset. */
  publicUrl?: string | undefined;
  /** Something the workers care about changed (a merchant's site, its connection). */
  onDirectoryChanged?: (() => void) | undefined;
  /** An entity's own driver settings and secrets. */
  entityDrivers: EntityDriverDeps;
  /** The sites whose callbacks wait, for the outbox's `held` state. */
  sites: Pick<CallbackSites, 'held'>;
  /** CALLBACK_RETRY_HORIZON in ms (the outbox's retried callbacks); 3 days when absent. */
  callbackHorizonMs?: number | undefined;
  /** Wakes the dispatcher (a transmission retried through the outbox). */
  onAccepted?: (() => void) | undefined;
}

/**
 * The admin API (behind ADMIN_API_KEY, mounted under /admin): business entities exactly as the
 * configuration file writes them, merchants, their SPI keys, and the authorize URL that connects
 * a merchant's callbacks, the documents networks delivered, and the rotation of the sealing key.
 * Every change is seen by the next request.
 */
export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  const { store, directory, clock } = deps;
  const changed = () => deps.onDirectoryChanged?.();

  router.get('/business-entities', async (ctx) => {
    ctx.body = { business_entities: await listEntities(store) };
  });
  router.post('/business-entities', async (ctx) => {
    ctx.status = 201;
    ctx.body = await addEntity(store, ctx.request.body, clock());
  });
  router.get('/business-entities/:id', async (ctx) => {
    ctx.body = await getEntity(store, ctx.params.id!);
  });
  router.put('/business-entities/:id', async (ctx) => {
    ctx.body = await replaceEntity(store, ctx.params.id!, ctx.request.body, clock());
  });
  router.delete('/business-entities/:id', async (ctx) => {
    await removeEntity(store, ctx.params.id!, clock());
    ctx.status = 204;
  });
  router.get('/business-entities/:id/drivers/:driver', async (ctx) => {
    ctx.body = await getEntityDriver(deps.entityDrivers, ctx.params.id!, ctx.params.driver!);
  });
  router.put('/business-entities/:id/drivers/:driver', async (ctx) => {
    ctx.body = await putEntityDriver(deps.entityDrivers, ctx.params.id!, ctx.params.driver!, ctx.request.body);
  });
  router.delete('/business-entities/:id/drivers/:driver', async (ctx) => {
    await deleteEntityDriver(deps.entityDrivers, ctx.params.id!, ctx.params.driver!);
    ctx.status = 204;
  });

  router.get('/merchants', async (ctx) => {
    ctx.body = { merchants: await Promise.all([...(await directory.refresh()).merchants.values()].map((m) => merchantView(store, m))) };
  });
  router.post('/merchants', async (ctx) => {
    const merchant = await createMerchant(store, directory, ctx.request.body, clock());
    changed();
    ctx.status = 201;
    ctx.body = await merchantView(store, merchant);
  });
  router.get('/merchants/:id', async (ctx) => {
    ctx.body = await merchantView(store, getMerchant(directory, ctx.params.id!));
  });
  router.put('/merchants/:id', async (ctx) => {
    const merchant = await replaceMerchant(store, directory, ctx.params.id!, ctx.request.body, clock());
    changed();
    ctx.body = await merchantView(store, merchant);
  });
  router.delete('/merchants/:id', async (ctx) => {
    await deleteMerchant(store, ctx.params.id!);
    changed();
    ctx.status = 204;
  });
  router.post('/merchants/:id/api-keys', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createApiKey(store, ctx.params.id!, clock());
  });
  router.delete('/merchants/:id/api-keys/:key_id', async (ctx) => {
    await revokeApiKey(store, ctx.params.id!, ctx.params.key_id!, clock());
    ctx.status = 204;
  });
  /** The URL the merchant opens to authorize the adapter's callbacks (`merchants connect ID` prints the same). */
  router.post('/merchants/:id/connect', async (ctx) => {
    const merchant = getMerchant(directory, ctx.params.id!);
    const url = await beginAuthorization(merchant.id, redirectUri(ctx, deps.publicUrl), deps.authorization);
    ctx.body = { authorize_url: url };
  });

  router.get('/received-messages', async (ctx) => {
    ctx.body = await listReceivedMessages(store, parseQuery(ReceivedMessagesQuery, ctx.query));
  });
  router.get('/received-messages/:network/:message_id', async (ctx) => {
    ctx.body = await getReceivedMessage(store, ctx.params.network!, ctx.params.message_id!);
  });

  // The outbox: the admin key names no one, so an action is recorded as the admin API's, with the request's trace id when it has one.
  const outboxDeps = (ctx: Context): outbox.OutboxDeps => ({
    store,
    clock,
    heldSites: async () => [...(await deps.sites.held()).keys()],
    callbackHorizonMs: deps.callbackHorizonMs ?? 259_200_000,
    actor: `admin-api${(ctx.state as { traceId?: string }).traceId ? ` (trace ${(ctx.state as { traceId?: string }).traceId})` : ''}`,
  });
  router.get('/outbox/callbacks', async (ctx) => {
    ctx.body = await outbox.listOutboxCallbacks(outboxDeps(ctx), parseQuery(OutboxCallbacksQuery, ctx.query));
  });
  router.get('/outbox/transmissions', async (ctx) => {
    ctx.body = await outbox.listOutboxTransmissions(outboxDeps(ctx), parseQuery(OutboxTransmissionsQuery, ctx.query));
  });
  router.get('/outbox/actions', async (ctx) => {
    ctx.body = await outbox.listOutboxActions(outboxDeps(ctx), parseQuery(OutboxActionsQuery, ctx.query));
  });
  router.post('/outbox/callbacks/retry-failed', async (ctx) => {
    ctx.body = await outbox.retryFailedOutboxCallbacks(outboxDeps(ctx), parseBody(RetryFailedBody, ctx.request.body).site);
    changed();
  });
  router.post('/outbox/callbacks/:id/retry', async (ctx) => {
    ctx.body = await outbox.retryOutboxCallback(outboxDeps(ctx), ctx.params.id!);
    changed();
  });
  router.post('/outbox/callbacks/:id/cancel', async (ctx) => {
    ctx.body = await outbox.cancelOutboxCallback(outboxDeps(ctx), ctx.params.id!);
  });
  router.post('/outbox/transmissions/:document_id/retry', async (ctx) => {
    ctx.body = await outbox.retryOutboxTransmission(outboxDeps(ctx), ctx.params.document_id!);
    deps.onAccepted?.();
  });
  router.post('/outbox/transmissions/:document_id/cancel', async (ctx) => {
    ctx.body = await outbox.cancelOutboxTransmission(outboxDeps(ctx), ctx.params.document_id!);
  });

  /** Seals every sealed value again with SEALING_KEY_FILE's key (`seal rotate` does the same): the counts per table. */
  router.post('/sealing/rotate', async (ctx) => {
    ctx.body = await rotateSealed(store, deps.authorization.seal);
  });
}

/** Where the platform sends the merchant back with the code: `{PUBLIC_URL}/oauth/callback`. */
export function redirectUri(ctx: Context, publicUrl: string | undefined): string {
  return `${publicUrl ?? `${ctx.protocol}://${ctx.host}`}/oauth/callback`;
}
