import { found, paramWrong } from '../errors.js';
import { eventView, eventWebhookStatus as aggregate, type BillingEvent } from '../events/event-log.js';
import { EVENT_SOURCES, EVENT_TYPES, WEBHOOK_STATUSES } from '../events/event-types.js';
import { readFilters, readSortOrder, type FilterSpec } from '../filters.js';
import type { EventCursor } from '../store/events-table.js';
import type { Condition } from '../store/resource-table.js';
import { seconds, type BillingContext } from './context.js';

// Events API v2: list with filters and sort, retrieve (younger than 90 days), resend.

const DAY = 86_400;
/** Retrieve answers events younger than this. */
export const EVENT_RETENTION_DAYS = 90;
/** The webhook_status filter covers events of the past six days (older: filter by occurred_at). */
export const WEBHOOK_STATUS_FILTER_DAYS = 6;

const EVENT_FILTERS: readonly FilterSpec[] = [
  { name: 'id', type: { kind: 'string' } },
  { name: 'webhook_status', type: { kind: 'enum', values: WEBHOOK_STATUSES } },
  { name: 'event_type', type: { kind: 'enum', values: EVENT_TYPES } },
  { name: 'source', type: { kind: 'enum', values: EVENT_SOURCES } },
  { name: 'occurred_at', type: { kind: 'timestamp' } },
];

export interface EventPage {
  list: { event: BillingEvent }[];
  next_offset?: string;
}

export function listEvents(query: Record<string, unknown>, limit: number, offset: string | undefined, ctx: BillingContext): EventPage {
  const conditions: Condition[] = readFilters(query, EVENT_FILTERS);
  if (conditions.some((c) => c.column === 'webhook_status')) {
    conditions.push({ column: 'occurred_at', op: 'after', value: seconds(ctx.clock()) - WEBHOOK_STATUS_FILTER_DAYS * DAY - 1 });
  }
  const order = readSortOrder(query, ['occurred_at']);
  const cursor = offset === undefined || offset === '' ? undefined : decodeCursor(offset);
  const page = ctx.store.events.list({ conditions, limit, order, ...(cursor && { cursor }) });
  return { list: page.rows.map((r) => ({ event: eventView(r) })), ...(page.next && { next_offset: encodeCursor(page.next) }) };
}

export function getEvent(id: string, ctx: BillingContext): BillingEvent {
  const row = ctx.store.events.get(id);
  const young = row && row.occurred_at > seconds(ctx.clock()) - EVENT_RETENTION_DAYS * DAY;
  return eventView(found(young ? row : undefined, 'event', id));
}

/**
 * Sends the event to its webhook endpoints again now (or to one, `webhook_endpoint_id`): what
 * the platform offers in its admin console. A delivery still waiting for a retry just comes
 * forward; an ended one gets one more attempt.
 */
export function resendEvent(id: string, endpointId: string | undefined, ctx: BillingContext): BillingEvent {
  const event = ctx.store.transaction(() => {
    getEvent(id, ctx);
    const now = ctx.clock().toISOString();
    const rows = ctx.store.webhookDeliveries.ofEvent(id);
    if (endpointId !== undefined && !rows.some((r) => r.endpointId === endpointId)) {
      throw paramWrong('webhook_endpoint_id', `the event ${id} was not meant for webhook endpoint ${endpointId}.`);
    }
    if (rows.length === 0) throw paramWrong('id', `no webhook endpoint was configured when the event ${id} occurred.`);
    ctx.store.webhookDeliveries.resend(id, endpointId ?? null, now);
    refreshWebhookStatus(id, ctx);
    return getEvent(id, ctx);
  });
  ctx.onEvent?.();
  return event;
}

/** Writes the event's webhook_status and webhooks[] from its delivery rows; call inside a transaction. */
export function refreshWebhookStatus(eventId: string, ctx: Pick<BillingContext, 'store'>): void {
  const rows = ctx.store.webhookDeliveries.ofEvent(eventId);
  const webhooks = rows.map((r) => ({ id: r.endpointId, webhook_status: r.state, object: 'webhook' }));
  ctx.store.events.setWebhooks(eventId, aggregate(rows.map((r) => r.state)), JSON.stringify(webhooks));
}

function encodeCursor(c: EventCursor): string {
  return Buffer.from(JSON.stringify(['e', c.occurredAt, c.seq])).toString('base64url');
}

function decodeCursor(offset: string): EventCursor {
  try {
    const v = JSON.parse(Buffer.from(offset, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v[0] === 'e' && Number.isSafeInteger(v[1]) && Number.isSafeInteger(v[2])) return { occurredAt: v[1] as number, seq: v[2] as number };
  } catch {
    // falls through to the error below
  }
  throw paramWrong('offset', 'invalid value; pass the next_offset of the previous page unchanged.');
}
