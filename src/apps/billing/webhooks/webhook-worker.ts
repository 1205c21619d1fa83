import type http from 'node:http';
import { QueueWorker } from '../../../platform/queue-worker.js';
import { httpRequest, keepAliveAgents, PostNetworkError } from '../../../platform/http/post.js';
import type { Logger } from '../../../lib/log.js';
import { eventView, type BillingEvent } from '../events/event-log.js';
import type { WebhookEndpoint } from '../schemas/webhook-endpoint.js';
import { refreshWebhookStatus } from '../services/events.js';
import type { BillingStore } from '../store/billing-store.js';
import type { DeliveryRow, DeliveryUpdate } from '../store/webhook-deliveries.js';
import { webhookRetryDelay } from './webhook-schedule.js';

export interface WebhookWorkerDeps {
  store: BillingStore;
  clock: () => Date;
  logger: Logger;
  concurrency: number;
  timeoutMs: number;
  /** The User-Agent deliveries carry. */
  userAgent: string;
}

/**
 * Delivers events to webhook endpoints: each delivery row is one POST of the event as JSON
 * (with the endpoint's basic auth), and only a 2xx answer succeeds. A failed attempt is kept on
 * the row with the time of the next one from the platform's schedule (seven retries, the last
 * about 3 days 7 hours after the event); after that the row is `failed`. A manual resend is one
 * attempt. The row and the event's webhook_status are written together, so a restart resumes
 * every delivery where it stood. An event's endpoints are called one after another.
 */
export class WebhookWorker extends QueueWorker<DeliveryRow> {
  private readonly agents: ReturnType<typeof keepAliveAgents>;

  constructor(private readonly deps: WebhookWorkerDeps) {
    super('webhook worker', deps.concurrency, deps.clock, deps.logger);
    this.agents = keepAliveAgents(deps.concurrency);
  }

  protected async due(now: string, limit: number): Promise<DeliveryRow[]> {
    return this.deps.store.webhookDeliveries.due(now, limit);
  }

  protected async nextDueAt(): Promise<string | undefined> {
    return this.deps.store.webhookDeliveries.nextDueAt();
  }

  override async close(): Promise<void> {
    await super.close();
    this.agents.destroy();
  }

  protected async handle(row: DeliveryRow): Promise<void> {
    const { store, clock } = this.deps;
    const endpoint = store.webhookEndpoints.get(row.endpointId);
    const eventRow = store.events.get(row.eventId);
    const base = { id: row.id, attempts: row.attempts, retries: row.retries, nextAttemptAt: null, lastStatus: null };
    if (!endpoint || endpoint.disabled || !eventRow) {
      const why = !eventRow ? 'the event is gone' : !endpoint ? 'the webhook endpoint was deleted' : 'the webhook endpoint is disabled';
      return this.end(row, { ...base, state: 'skipped', lastError: why, at: clock().toISOString() });
    }
    const attempts = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await this.post(endpoint, payload(eventView(eventRow), endpoint));
      status = res.status;
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 300)}` : ''}`;
    } catch (err) {
      if (!(err instanceof PostNetworkError)) throw err;
      error = err.message;
    }
    const now = clock();
    if (error === null) return this.end(row, { ...base, attempts, state: 'succeeded', lastStatus: status, lastError: null, at: now.toISOString() });
    const retry = row.manual ? undefined : webhookRetryDelay(row.retries + 1);
    const update: DeliveryUpdate =
      retry === undefined
        ? { ...base, attempts, state: 'failed', lastStatus: status, lastError: error, at: now.toISOString() }
        : { ...base, attempts, retries: row.retries + 1, state: 're_scheduled', nextAttemptAt: new Date(now.getTime() + retry).toISOString(), lastStatus: status, lastError: error, at: now.toISOString() };
    this.deps.logger.debug({ event_id: row.eventId, webhook_endpoint_id: row.endpointId, attempts, err: error, next_attempt_at: update.nextAttemptAt }, 'webhook delivery failed');
    return this.end(row, update);
  }

  private end(row: DeliveryRow, update: DeliveryUpdate): void {
    const { store } = this.deps;
    store.transaction(() => {
      store.webhookDeliveries.update(update);
      refreshWebhookStatus(row.eventId, { store });
    });
  }

  private post(endpoint: WebhookEndpoint, body: string) {
    const url = new URL(endpoint.url);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'user-agent': this.deps.userAgent,
      ...(endpoint.basic_auth_username !== undefined && {
        authorization: `Basic ${Buffer.from(`${endpoint.basic_auth_username}:${endpoint.basic_auth_password ?? ''}`).toString('base64')}`,
      }),
    };
    return httpRequest(url, { headers, body, timeoutMs: this.deps.timeoutMs, agent: this.agents.for(url), keepBytes: 1024 });
  }
}

/**
 * The event as the endpoint receives it: in the endpoint's api_version, without its delivery
 * bookkeeping, and without card resources unless the endpoint asked for them (they are masked).
 */
export function payload(event: BillingEvent, endpoint: WebhookEndpoint): string {
  const { webhooks: _w, ...rest } = event;
  const content = endpoint.send_card_resource ? event.content : withoutCards(event.content);
  return JSON.stringify({ ...rest, api_version: endpoint.api_version, content });
}

function withoutCards(content: Record<string, unknown>): Record<string, unknown> {
  const { card: _c, ...rest } = content;
  return rest;
}
