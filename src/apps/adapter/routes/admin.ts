import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Directory } from '../../../platform/directory/directory.js';
import { addEntity, getEntity, listEntities, removeEntity, replaceEntity } from '../../../platform/directory/entity-admin.js';
import { createApiKey, createMerchant, deleteMerchant, getMerchant, merchantView, replaceMerchant, revokeApiKey } from '../../../platform/directory/merchant-admin.js';
import { beginAuthorization, type AuthorizationDeps } from '../../../platform/oauth/authorization.js';
import { rotateSealed } from '../../../platform/directory/seal-rotation.js';
import type { Store } from '../../../platform/store/store.js';
import { defineOperation, reply, serve } from '../../../platform/http/operation.js';
import type { CallbackSites } from '../../../platform/oauth/callback-sites.js';
import { OutboxActionsQuery, OutboxCallbacksQuery, OutboxTransmissionsQuery, ReceivedMessagesQuery, RetryFailedBody } from '../schemas/queries.js';
import * as outbox from '../services/outbox.js';
import { getReceivedMessage, listReceivedMessages } from '../services/received-messages.js';
import { deleteEntityDriver, getEntityDriver, putEntityDriver, type EntityDriverDeps } from '../services/entity-drivers.js';
import Type, { type TSchema } from 'typebox';
import { BusinessEntitySchema } from '../../../spi/business-entity.js';
import { MerchantInputSchema } from '../../../platform/directory/merchant-schema.js';
import { entitySchemaOf } from '../../../driver-kit/entity-settings.js';
import { driverId } from '../../../spi/driver.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import {
  AuthorizeUrlSchema,
  BusinessEntityListSchema,
  CreatedApiKeySchema,
  EntityDriverViewSchema,
  MerchantListSchema,
  MerchantViewSchema,
  OutboxActionPageSchema,
  OutboxCallbackActedSchema,
  OutboxCallbackPageSchema,
  OutboxTransmissionActedSchema,
  OutboxTransmissionPageSchema,
  ReceivedMessagePageSchema,
  ReceivedMessageSchema,
  RetryCountsSchema,
  SealRotationCountsSchema,
} from '../schemas/admin.js';
import { ADMIN_ERRORS } from './error-statuses.js';
import type { RequestState } from '../../../platform/http/request-log.js';
import { EXAMPLES } from '../openapi/examples.js';

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

/** The parts every admin operation shares: the tag, the admin key, the group's error statuses, and `/admin` before the path. */
const admin = <const P extends string>(path: P) => ({ path: `/admin${path}` as const, tag: 'Admin' as const, security: 'admin' as const, errors: ADMIN_ERRORS });

export const listBusinessEntities = defineOperation({ ...admin('/business-entities'), operationId: 'listBusinessEntities', examples: EXAMPLES.listBusinessEntities, method: 'GET', summary: 'The live business entities, as the configuration file writes them', responses: { 200: BusinessEntityListSchema } });
export const addBusinessEntity = defineOperation({
  ...admin('/business-entities'),
  operationId: 'addBusinessEntity',
  examples: EXAMPLES.addBusinessEntity,
  method: 'POST',
  summary: 'Add a business entity',
  description: 'Checked by the configuration file\'s schema and rules; 409 when the id is taken.',
  body: { schema: BusinessEntitySchema, validatedBy: 'service' },
  responses: { 201: BusinessEntitySchema },
});
export const getBusinessEntity = defineOperation({ ...admin('/business-entities/{id}'), operationId: 'getBusinessEntity', examples: EXAMPLES.getBusinessEntity, method: 'GET', summary: 'One business entity', responses: { 200: BusinessEntitySchema } });
export const replaceBusinessEntity = defineOperation({
  ...admin('/business-entities/{id}'),
  operationId: 'replaceBusinessEntity',
  examples: EXAMPLES.replaceBusinessEntity,
  method: 'PUT',
  summary: 'Replace a business entity',
  body: { schema: BusinessEntitySchema, validatedBy: 'service' },
  responses: { 200: BusinessEntitySchema },
});
export const removeBusinessEntity = defineOperation({
  ...admin('/business-entities/{id}'),
  operationId: 'removeBusinessEntity',
  examples: EXAMPLES.removeBusinessEntity,
  method: 'DELETE',
  summary: 'Remove a business entity',
  description: 'Its documents stay readable and keep travelling; new submissions are refused.',
  responses: { 204: null },
});
export const getEntityDriverOperation = defineOperation({
  ...admin('/business-entities/{id}/drivers/{driver}'),
  operationId: 'getEntityDriver',
  examples: EXAMPLES.getEntityDriver,
  method: 'GET',
  summary: "A business entity's own settings for a driver",
  description: 'Secrets are shown by fingerprint (`{sealed}`), certificates by their facts.',
  responses: { 200: EntityDriverViewSchema },
});
export const deleteEntityDriverOperation = defineOperation({
  ...admin('/business-entities/{id}/drivers/{driver}'),
  operationId: 'deleteEntityDriver',
  examples: EXAMPLES.deleteEntityDriver,
  method: 'DELETE',
  summary: "Remove a business entity's own settings for a driver",
  responses: { 204: null },
});
/** The PUT's body: each driver's entity settings schema, made only when the document is (it loads every driver's parts). */
export function putEntityDriverOperation(drivers: Pick<DriverRegistry, 'all'>) {
  return defineOperation({
    ...admin('/business-entities/{id}/drivers/{driver}'),
    operationId: 'putEntityDriver',
    examples: EXAMPLES.putEntityDriver,
    method: 'PUT',
    summary: "Set a business entity's own settings for a driver",
    description: 'Checked, then tried as the adapter will use them, before they are stored; secrets are sealed apart. 409 when the configuration file writes them, or when they changed since they were read.',
    body: { schemaOf: () => entitySettingsBody(drivers), description: "The driver's entity settings (one of these, by the driver in the path)." },
    responses: { 200: EntityDriverViewSchema },
  });
}
function entitySettingsBody(drivers: Pick<DriverRegistry, 'all'>): TSchema {
  const each = drivers.all.flatMap((d) => {
    const schema = entitySchemaOf(d);
    return schema ? [{ ...schema, title: driverId(d) } as TSchema] : [];
  });
  return Type.Union(each);
}

export const listMerchants = defineOperation({ ...admin('/merchants'), operationId: 'listMerchants', examples: EXAMPLES.listMerchants, method: 'GET', summary: 'The merchants', responses: { 200: MerchantListSchema } });
export const createMerchantOperation = defineOperation({
  ...admin('/merchants'),
  operationId: 'createMerchant',
  examples: EXAMPLES.createMerchant,
  method: 'POST',
  summary: 'Add a merchant',
  body: { schema: MerchantInputSchema, validatedBy: 'service' },
  responses: { 201: MerchantViewSchema },
});
export const getMerchantOperation = defineOperation({ ...admin('/merchants/{id}'), operationId: 'getMerchant', examples: EXAMPLES.getMerchant, method: 'GET', summary: 'One merchant', responses: { 200: MerchantViewSchema } });
export const replaceMerchantOperation = defineOperation({
  ...admin('/merchants/{id}'),
  operationId: 'replaceMerchant',
  examples: EXAMPLES.replaceMerchant,
  method: 'PUT',
  summary: 'Replace a merchant',
  description: 'Sets its live entities; the ones it no longer lists stay its when removed.',
  body: { schema: MerchantInputSchema, validatedBy: 'service' },
  responses: { 200: MerchantViewSchema },
});
export const deleteMerchantOperation = defineOperation({ ...admin('/merchants/{id}'), operationId: 'deleteMerchant', examples: EXAMPLES.deleteMerchant, method: 'DELETE', summary: 'Remove a merchant', responses: { 204: null } });
export const createApiKeyOperation = defineOperation({
  ...admin('/merchants/{id}/api-keys'),
  operationId: 'createApiKey',
  examples: EXAMPLES.createApiKey,
  method: 'POST',
  summary: 'A new SPI key for the merchant',
  description: 'The key is returned this once; the adapter keeps its SHA-256.',
  responses: { 201: CreatedApiKeySchema },
});
export const revokeApiKeyOperation = defineOperation({ ...admin('/merchants/{id}/api-keys/{key_id}'), operationId: 'revokeApiKey', examples: EXAMPLES.revokeApiKey, method: 'DELETE', summary: "Revoke one of the merchant's SPI keys", responses: { 204: null } });
export const connectMerchant = defineOperation({
  ...admin('/merchants/{id}/connect'),
  operationId: 'connectMerchant',
  examples: EXAMPLES.connectMerchant,
  method: 'POST',
  summary: "The URL the merchant opens to authorize the adapter's callbacks",
  responses: { 200: AuthorizeUrlSchema },
});

export const listReceivedMessagesOperation = defineOperation({
  ...admin('/received-messages'),
  operationId: 'listReceivedMessages',
  examples: EXAMPLES.listReceivedMessages,
  method: 'GET',
  summary: 'What networks delivered, newest first',
  query: ReceivedMessagesQuery,
  responses: { 200: ReceivedMessagePageSchema },
});
export const getReceivedMessageOperation = defineOperation({
  ...admin('/received-messages/{network}/{message_id}'),
  operationId: 'getReceivedMessage',
  examples: EXAMPLES.getReceivedMessage,
  method: 'GET',
  summary: 'One delivered message with its document and the answer its sender got',
  responses: { 200: ReceivedMessageSchema },
});

export const listOutboxCallbacks = defineOperation({ ...admin('/outbox/callbacks'), operationId: 'listOutboxCallbacks', examples: EXAMPLES.listOutboxCallbacks, method: 'GET', summary: 'The status callbacks by state', query: OutboxCallbacksQuery, responses: { 200: OutboxCallbackPageSchema } });
export const listOutboxTransmissions = defineOperation({ ...admin('/outbox/transmissions'), operationId: 'listOutboxTransmissions', examples: EXAMPLES.listOutboxTransmissions, method: 'GET', summary: 'The transmissions by state', query: OutboxTransmissionsQuery, responses: { 200: OutboxTransmissionPageSchema } });
export const listOutboxActions = defineOperation({ ...admin('/outbox/actions'), operationId: 'listOutboxActions', examples: EXAMPLES.listOutboxActions, method: 'GET', summary: 'The actions taken on the outbox, and who asked', query: OutboxActionsQuery, responses: { 200: OutboxActionPageSchema } });
export const retryFailedOutboxCallbacks = defineOperation({
  ...admin('/outbox/callbacks/retry-failed'),
  operationId: 'retryFailedOutboxCallbacks',
  examples: EXAMPLES.retryFailedOutboxCallbacks,
  method: 'POST',
  summary: "Retry every failed callback of a site (not the cancelled ones)",
  body: { schema: RetryFailedBody, validatedBy: 'serve' },
  responses: { 200: RetryCountsSchema },
});
export const retryOutboxCallback = defineOperation({ ...admin('/outbox/callbacks/{id}/retry'), operationId: 'retryOutboxCallback', examples: EXAMPLES.retryOutboxCallback, method: 'POST', summary: 'Retry one callback now', responses: { 200: OutboxCallbackActedSchema } });
export const cancelOutboxCallback = defineOperation({ ...admin('/outbox/callbacks/{id}/cancel'), operationId: 'cancelOutboxCallback', examples: EXAMPLES.cancelOutboxCallback, method: 'POST', summary: 'Cancel one callback', responses: { 200: OutboxCallbackActedSchema } });
export const retryOutboxTransmission = defineOperation({ ...admin('/outbox/transmissions/{document_id}/retry'), operationId: 'retryOutboxTransmission', examples: EXAMPLES.retryOutboxTransmission, method: 'POST', summary: "Retry one document's transmission now", responses: { 200: OutboxTransmissionActedSchema } });
export const cancelOutboxTransmission = defineOperation({ ...admin('/outbox/transmissions/{document_id}/cancel'), operationId: 'cancelOutboxTransmission', examples: EXAMPLES.cancelOutboxTransmission, method: 'POST', summary: "Cancel one document's transmission", responses: { 200: OutboxTransmissionActedSchema } });

export const rotateSealing = defineOperation({
  ...admin('/sealing/rotate'),
  operationId: 'rotateSealing',
  examples: EXAMPLES.rotateSealing,
  method: 'POST',
  summary: "Seal every sealed value again with SEALING_KEY_FILE's key",
  description: 'The counts per table; run it again until `resealed` is 0 before dropping an old key.',
  responses: { 200: SealRotationCountsSchema },
});

/**
 * The admin API (behind ADMIN_API_KEY, mounted under /admin): business entities exactly as the
 * configuration file writes them, merchants, their SPI keys, and the authorize URL that connects
 * a merchant's callbacks, the documents networks delivered, and the rotation of the sealing key.
 * Every change is seen by the next request. The operations' paths are whole (`/admin/...`); the
 * router's prefix is taken off by serve().
 */
export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  const { store, directory, clock } = deps;
  const changed = () => deps.onDirectoryChanged?.();

  serve(router, listBusinessEntities, async () => ({ business_entities: await listEntities(store) }));
  serve(router, addBusinessEntity, async (_ctx, { body }) => reply(201, await addEntity(store, body, clock())));
  serve(router, getBusinessEntity, (_ctx, { params }) => getEntity(store, params.id));
  serve(router, replaceBusinessEntity, (_ctx, { params, body }) => replaceEntity(store, params.id, body, clock()));
  serve(router, removeBusinessEntity, (_ctx, { params }) => removeEntity(store, params.id, clock()));
  serve(router, getEntityDriverOperation, (_ctx, { params }) => getEntityDriver(deps.entityDrivers, params.id, params.driver));
  serve(router, putEntityDriverOperation(deps.entityDrivers.drivers), (_ctx, { params, body }) => putEntityDriver(deps.entityDrivers, params.id, params.driver, body));
  serve(router, deleteEntityDriverOperation, (_ctx, { params }) => deleteEntityDriver(deps.entityDrivers, params.id, params.driver));

  serve(router, listMerchants, async () => ({ merchants: await Promise.all([...(await directory.refresh()).merchants.values()].map((m) => merchantView(store, m))) }));
  serve(router, createMerchantOperation, async (_ctx, { body }) => {
    const merchant = await createMerchant(store, directory, body, clock());
    changed();
    return reply(201, await merchantView(store, merchant));
  });
  serve(router, getMerchantOperation, (_ctx, { params }) => merchantView(store, getMerchant(directory, params.id)));
  serve(router, replaceMerchantOperation, async (_ctx, { params, body }) => {
    const merchant = await replaceMerchant(store, directory, params.id, body, clock());
    changed();
    return merchantView(store, merchant);
  });
  serve(router, deleteMerchantOperation, async (_ctx, { params }) => {
    await deleteMerchant(store, params.id);
    changed();
  });
  serve(router, createApiKeyOperation, async (_ctx, { params }) => reply(201, await createApiKey(store, params.id, clock())));
  serve(router, revokeApiKeyOperation, (_ctx, { params }) => revokeApiKey(store, params.id, params.key_id, clock()));
  /** The URL the merchant opens to authorize the adapter's callbacks (`merchants connect ID` prints the same). */
  serve(router, connectMerchant, async (ctx, { params }) => {
    const merchant = getMerchant(directory, params.id);
    return { authorize_url: await beginAuthorization(merchant.id, redirectUri(ctx, deps.publicUrl), deps.authorization) };
  });

  serve(router, listReceivedMessagesOperation, (_ctx, { query }) => listReceivedMessages(store, query));
  serve(router, getReceivedMessageOperation, (_ctx, { params }) => getReceivedMessage(store, params.network, params.message_id));

  // The outbox: the admin key names no one, so an action is recorded as the admin API's, with the request's trace id when it has one.
  const outboxDeps = (ctx: Context): outbox.OutboxDeps => ({
    store,
    clock,
    heldSites: async () => [...(await deps.sites.held()).keys()],
    callbackHorizonMs: deps.callbackHorizonMs ?? 259_200_000,
    actor: `admin-api (request ${(ctx.state as RequestState).requestId})`,
  });
  serve(router, listOutboxCallbacks, (ctx, { query }) => outbox.listOutboxCallbacks(outboxDeps(ctx), query));
  serve(router, listOutboxTransmissions, (ctx, { query }) => outbox.listOutboxTransmissions(outboxDeps(ctx), query));
  serve(router, listOutboxActions, (ctx, { query }) => outbox.listOutboxActions(outboxDeps(ctx), query));
  serve(router, retryFailedOutboxCallbacks, async (ctx, { body }) => {
    const counts = await outbox.retryFailedOutboxCallbacks(outboxDeps(ctx), body.site);
    changed();
    return counts;
  });
  serve(router, retryOutboxCallback, async (ctx, { params }) => {
    const retried = await outbox.retryOutboxCallback(outboxDeps(ctx), params.id);
    changed();
    return retried;
  });
  serve(router, cancelOutboxCallback, (ctx, { params }) => outbox.cancelOutboxCallback(outboxDeps(ctx), params.id));
  serve(router, retryOutboxTransmission, async (ctx, { params }) => {
    const retried = await outbox.retryOutboxTransmission(outboxDeps(ctx), params.document_id);
    deps.onAccepted?.();
    return retried;
  });
  serve(router, cancelOutboxTransmission, (ctx, { params }) => outbox.cancelOutboxTransmission(outboxDeps(ctx), params.document_id));

  /** Seals every sealed value again with SEALING_KEY_FILE's key (`seal rotate` does the same): the counts per table. */
  serve(router, rotateSealing, () => rotateSealed(store, deps.authorization.seal));
}

/** Where the platform sends the merchant back with the code: `{PUBLIC_URL}/oauth/callback`. */
export function redirectUri(ctx: Context, publicUrl: string | undefined): string {
  return `${publicUrl ?? `${ctx.protocol}://${ctx.host}`}/oauth/callback`;
}
