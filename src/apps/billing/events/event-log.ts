import type { BillingContext } from '../services/context.js';
import { newId, seconds } from '../services/context.js';
import type { WebhookEndpoint } from '../schemas/webhook-endpoint.js';
import type { DeliveryState } from '../store/webhook-deliveries.js';
import type { EventSource, EventType, WebhookStatus } from './event-types.js';

// Every change made through the billing API writes an event, in the transaction of the change:
// a change is never committed without its event, nor an event without its change. The same
// transaction queues one delivery per webhook endpoint (scheduled when the endpoint is enabled
// and subscribed to the type, skipped otherwise), so a crash can lose neither.

/** Who made the change: the event's `source` and `user`. */
export interface Actor {
  source: EventSource;
  user?: string;
}

export interface BillingEvent {
  id: string;
  occurred_at: number;
  source: EventSource;
  user?: string;
  object: 'event';
  /** The structure version of `content`: this module's resources are the API's (see docs/billing.md). */
  api_version: 'v1' | 'v2';
  event_type: EventType;
  content: Record<string, unknown>;
  webhook_status: WebhookStatus;
  webhooks?: { id: string; webhook_status: WebhookStatus; object: 'webhook' }[];
}

export const EVENT_API_VERSION = 'v2';

/** Writes the event and its deliveries; call inside the change's transaction. Returns its id. */
export function recordEvent(ctx: BillingContext, type: EventType, content: Record<string, unknown>): string {
  const now = ctx.clock();
  const id = newId('ev_', now);
  const at = now.toISOString();
  const actor = ctx.actor ?? { source: 'api' };
  const deliveries = ctx.store.webhookEndpoints.list({ limit: 100, order: 'asc' }).items.map((e) => ({ endpointId: e.id, state: !e.disabled && subscribed(e, type) ? ('scheduled' as const) : ('skipped' as const) }));
  const states: DeliveryState[] = deliveries.map((d) => d.state);
  const webhooks = deliveries.map((d) => ({ id: d.endpointId, webhook_status: d.state, object: 'webhook' as const }));
  const event: Omit<BillingEvent, 'webhook_status' | 'webhooks'> = {
    id,
    occurred_at: seconds(now),
    source: actor.source,
    ...(actor.user !== undefined && { user: actor.user }),
    object: 'event',
    api_version: EVENT_API_VERSION,
    event_type: type,
    content,
  };
  ctx.store.events.insert({
    id,
    occurred_at: event.occurred_at,
    event_type: type,
    source: actor.source,
    webhook_status: eventWebhookStatus(states),
    webhooks: JSON.stringify(webhooks),
    data: JSON.stringify(event),
  });
  for (const d of deliveries) ctx.store.webhookDeliveries.insert(id, d.endpointId, d.state, at);
  if (states.includes('scheduled')) ctx.onEvent?.();
  return id;
}

/** An endpoint without enabled_events takes every type. */
export function subscribed(endpoint: WebhookEndpoint, type: string): boolean {
  return endpoint.enabled_events === undefined || endpoint.enabled_events.length === 0 || endpoint.enabled_events.includes(type);
}

/**
 * The event's webhook_status from its deliveries: not_configured without endpoints; while any is
 * pending, re_scheduled (one has failed and waits) or scheduled; then failed if any failed,
 * succeeded if any succeeded, else skipped.
 */
export function eventWebhookStatus(states: readonly DeliveryState[]): WebhookStatus {
  if (states.length === 0) return 'not_configured';
  if (states.includes('re_scheduled')) return 're_scheduled';
  if (states.includes('scheduled')) return 'scheduled';
  if (states.includes('failed')) return 'failed';
  if (states.includes('succeeded')) return 'succeeded';
  return 'skipped';
}

/** The event as the API answers it, from its row. */
export function eventView(row: { data: string; webhook_status: string; webhooks: string }): BillingEvent {
  const webhooks = JSON.parse(row.webhooks) as BillingEvent['webhooks'];
  return { ...(JSON.parse(row.data) as BillingEvent), webhook_status: row.webhook_status as WebhookStatus, ...(webhooks && webhooks.length > 0 && { webhooks }) };
}
