import { BillingError, found, paramWrong } from '../errors.js';
import { EVENT_TYPES } from '../events/event-types.js';
import type { Pagination } from '../pagination.js';
import type { WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate } from '../schemas/webhook-endpoint.js';
import { newId, seconds, touch, type BillingContext } from './context.js';

// Webhook endpoints (API v2). At most five per site; a sole endpoint is the primary one.

export const MAX_WEBHOOK_ENDPOINTS = 5;
const KNOWN_EVENTS = new Set<string>(EVENT_TYPES);

/** The endpoint as answered: the basic-auth password never leaves the module. */
export function webhookEndpointView(e: WebhookEndpoint): Omit<WebhookEndpoint, 'basic_auth_password'> {
  const { basic_auth_password: _p, ...view } = e;
  return view;
}

export function createWebhookEndpoint(input: WebhookEndpointCreate, ctx: BillingContext): WebhookEndpoint {
  const now = ctx.clock();
  checkUrl(input.url);
  const events = enabledEvents(input.enabled_events);
  return ctx.store.transaction(() => {
    const existing = all(ctx);
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS) {
      throw new BillingError(400, 'invalid_request', `A site can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`, 'invalid_request');
    }
    const endpoint: WebhookEndpoint = {
      id: newId('whe_', now),
      object: 'webhook_endpoint',
      name: input.name,
      url: input.url,
      api_version: input.api_version ?? 'v2',
      primary_url: input.primary_url ?? existing.length === 0,
      disabled: input.disabled ?? false,
      send_card_resource: input.send_card_resource ?? false,
      ...(input.chargebee_response_schema_type && { chargebee_response_schema_type: input.chargebee_response_schema_type }),
      ...(events && { enabled_events: events }),
      ...(input.basic_auth_username !== undefined && { basic_auth_username: input.basic_auth_username }),
      ...(input.basic_auth_password !== undefined && { basic_auth_password: input.basic_auth_password }),
      created_at: seconds(now),
      ...touch(undefined, now),
    };
    if (endpoint.primary_url) demoteOthers(endpoint.id, ctx);
    ctx.store.webhookEndpoints.insert(endpoint);
    return endpoint;
  });
}

export function updateWebhookEndpoint(id: string, input: WebhookEndpointUpdate, ctx: BillingContext): WebhookEndpoint {
  if (input.url !== undefined) checkUrl(input.url);
  const events = enabledEvents(input.enabled_events);
  return ctx.store.transaction(() => {
    const current = getWebhookEndpoint(id, ctx);
    const { enabled_events: _e, ...fields } = input;
    const updated: WebhookEndpoint = { ...current, ...fields, ...(events && { enabled_events: events }), ...touch(current, ctx.clock()) };
    if (updated.primary_url && !current.primary_url) demoteOthers(id, ctx);
    ctx.store.webhookEndpoints.update(updated);
    return updated;
  });
}

/** Deletes the endpoint; deliveries still queued for it end as skipped when their turn comes. */
export function deleteWebhookEndpoint(id: string, ctx: BillingContext): WebhookEndpoint {
  return ctx.store.transaction(() => {
    const endpoint = getWebhookEndpoint(id, ctx);
    ctx.store.webhookEndpoints.remove(id);
    return endpoint;
  });
}

export function getWebhookEndpoint(id: string, ctx: BillingContext): WebhookEndpoint {
  return found(ctx.store.webhookEndpoints.get(id), 'webhook_endpoint', id);
}

export const listWebhookEndpoints = (page: Pagination, ctx: BillingContext) => ctx.store.webhookEndpoints.list({ ...page, order: 'asc' });

const all = (ctx: BillingContext) => ctx.store.webhookEndpoints.list({ limit: 100, order: 'asc' }).items;

function demoteOthers(id: string, ctx: BillingContext): void {
  for (const e of all(ctx)) if (e.id !== id && e.primary_url) ctx.store.webhookEndpoints.update({ ...e, primary_url: false, ...touch(e, ctx.clock()) });
}

/** http(s) URLs only; credentials go in basic_auth_username / _password, not in the URL. */
function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw paramWrong('url', 'must be an absolute http or https URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw paramWrong('url', 'must be an absolute http or https URL.');
  if (parsed.username || parsed.password) throw paramWrong('url', 'cannot carry credentials; use basic_auth_username and basic_auth_password.');
}

function enabledEvents(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const events = list.map((e) => e.toLowerCase());
  events.forEach((e, i) => {
    if (!KNOWN_EVENTS.has(e)) throw paramWrong(`enabled_events[${i}]`, `unknown event type ${list[i]}.`);
  });
  return [...new Set(events)];
}
