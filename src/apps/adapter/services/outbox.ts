import { SpiError } from '../../../platform/http/errors.js';
import { logContext } from '../../../lib/log-context.js';
import type { OutboxAction, OutboxActor, OutboxCallback, OutboxFilter, OutboxOutcome, OutboxTransmission } from '../../../platform/store/outbox.js';
import { readTransmissionCursor } from '../../../platform/store/outbox.js';
import type { Store } from '../../../platform/store/store.js';
import type { OutboxActionsQuery, OutboxCallbacksQuery, OutboxTransmissionsQuery } from '../schemas/queries.js';
import type { OutboxActionView, OutboxCallbackView, OutboxTransmissionView } from '../schemas/admin.js';
import { DEFAULT_RECEIVED_LIMIT, MAX_RECEIVED_LIMIT, pageSize } from './received-messages.js';

// The outbox as the admin API and the CLI show it and act on it (issue 44): the callback and
// transmission queues with their state, last error and next attempt; retry now, retry every
// failed callback of a site, cancel; each action recorded with who asked (store/outbox.ts).

export interface OutboxDeps {
  store: Store;
  clock: () => Date;
  /** The sites whose callbacks wait (CallbackSites.held): their pending rows are listed as held. */
  heldSites: () => Promise<readonly string[]>;
  /** CALLBACK_RETRY_HORIZON in ms: how long a failed callback made pending again is retried. */
  callbackHorizonMs: number;
  /** `admin-api (…)` or `cli:<user>`. */
  actor: string;
}

export { DEFAULT_RECEIVED_LIMIT as DEFAULT_OUTBOX_LIMIT, MAX_RECEIVED_LIMIT as MAX_OUTBOX_LIMIT };

function filterOf(q: OutboxCallbacksQuery | OutboxTransmissionsQuery, now: Date): OutboxFilter {
  return {
    state: q.state,
    merchant: q.merchant,
    businessEntityId: q.business_entity_id,
    model: q.driver,
    createdBefore: q.older_than === undefined ? undefined : new Date(now.getTime() - Number(q.older_than) * 1000).toISOString(),
    limit: pageSize(q.limit),
    before: q.before,
  };
}

export const callbackView = (c: OutboxCallback): OutboxCallbackView => ({
  id: c.id,
  document_id: c.documentId,
  site: c.site,
  business_entity_id: c.businessEntityId,
  driver: c.model,
  state: c.state,
  attempts: c.attempts,
  ...(c.state === 'pending' || c.state === 'retrying' ? { next_attempt_at: c.nextAttemptAt, retried_until: c.expiresAt } : {}),
  last_error: c.lastError,
  response_status: c.responseStatus,
  ...(c.claimedBy !== null && (c.state === 'pending' || c.state === 'retrying') && { claimed_by: c.claimedBy, lease_until: c.leaseUntil }),
  ...(c.cancelledBy !== null && { cancelled_by: c.cancelledBy }),
  created_at: c.createdAt,
  ended_at: c.endedAt,
});

export const transmissionView = (t: OutboxTransmission): OutboxTransmissionView => ({
  document_id: t.documentId,
  site: t.site,
  business_entity_id: t.businessEntityId,
  driver: t.model,
  state: t.state,
  attempts: t.attempts,
  ...(t.state === 'queued' || t.state === 'retrying' || t.state === 'sent' ? { next_attempt_at: t.nextAttemptAt } : {}),
  last_error: t.lastError,
  message_id: t.messageId,
  ...(t.claimedBy !== null && { claimed_by: t.claimedBy, lease_until: t.leaseUntil }),
  ...(t.cancelledBy !== null && { cancelled_by: t.cancelledBy }),
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

export const actionView = (a: OutboxAction): OutboxActionView => ({
  id: a.id,
  at: a.at,
  actor: a.actor,
  action: a.action,
  target: { kind: a.targetKind, id: a.targetId },
  detail: JSON.parse(a.detail) as unknown,
});

export async function listOutboxCallbacks(deps: OutboxDeps, q: OutboxCallbacksQuery) {
  const page = await deps.store.outbox.callbacks(filterOf(q, deps.clock()), await deps.heldSites());
  return { callbacks: page.items.map(callbackView), ...(page.next !== undefined && { next: page.next }) };
}

export async function listOutboxTransmissions(deps: OutboxDeps, q: OutboxTransmissionsQuery) {
  if (q.before !== undefined && !readTransmissionCursor(q.before)) throw SpiError.one(400, 'INVALID_DATA', 'query parameter before: not a cursor a page of transmissions gave');
  const page = await deps.store.outbox.transmissions(filterOf(q, deps.clock()));
  return { transmissions: page.items.map(transmissionView), ...(page.next !== undefined && { next: page.next }) };
}

export async function listOutboxActions(deps: Pick<OutboxDeps, 'store'>, q: OutboxActionsQuery) {
  const page = await deps.store.outbox.actions(pageSize(q.limit), q.before);
  return { actions: page.items.map(actionView), ...(page.next !== undefined && { next: page.next }) };
}

function who(deps: OutboxDeps): OutboxActor {
  const now = deps.clock();
  // The admin API's request (its log context): what the retried row's lines name from then on.
  const requestId = logContext().request_id;
  return { actor: deps.actor, at: now.toISOString(), callbackExpiresAt: new Date(now.getTime() + deps.callbackHorizonMs).toISOString(), requestId: typeof requestId === 'string' ? requestId : undefined };
}

/** A callback id as the path gives it: a positive integer, else there is no such callback. */
function callbackId(id: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(id)) throw SpiError.one(404, 'NOT_FOUND', `There is no callback ${id}.`);
  return Number(id);
}

function outcome<T, V>(o: OutboxOutcome<T>, what: string, view: (item: T) => V) {
  if (o.kind === 'not-found') throw SpiError.one(404, 'NOT_FOUND', `There is no ${what}.`);
  if (o.kind === 'conflict') throw SpiError.one(409, 'INVALID_OPERATION', o.reason);
  return { ...view(o.item), action: actionView(o.action) };
}

export async function retryOutboxCallback(deps: OutboxDeps, id: string) {
  return outcome(await deps.store.outbox.retryCallback(callbackId(id), who(deps)), `callback ${id}`, callbackView);
}

export async function cancelOutboxCallback(deps: OutboxDeps, id: string) {
  return outcome(await deps.store.outbox.cancelCallback(callbackId(id), who(deps)), `callback ${id}`, callbackView);
}

export async function retryFailedOutboxCallbacks(deps: OutboxDeps, site: string) {
  const { count, action } = await deps.store.outbox.retryFailedCallbacks(site, who(deps));
  return { site, retried: count, action: actionView(action) };
}

export async function retryOutboxTransmission(deps: OutboxDeps, documentId: string) {
  return outcome(await deps.store.outbox.retryTransmission(documentId, who(deps)), `transmission of document ${documentId}`, transmissionView);
}

export async function cancelOutboxTransmission(deps: OutboxDeps, documentId: string) {
  return outcome(await deps.store.outbox.cancelTransmission(documentId, who(deps)), `transmission of document ${documentId}`, transmissionView);
}
