import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { WebhookEndpointCreate, WebhookEndpointUpdate } from '../schemas/webhook-endpoint.js';
import type { BillingContext } from '../services/context.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointView,
} from '../services/webhook-endpoints.js';

/** Webhook endpoints, API v2: create, update, retrieve, delete, list. */
export function webhookEndpointsRoutes(router: Router, ctx: BillingContext): void {
  router.post('/webhook_endpoints', (k) => {
    k.body = { webhook_endpoint: webhookEndpointView(createWebhookEndpoint(readParams(WebhookEndpointCreate, k.request.body), ctx)) };
  });
  router.get('/webhook_endpoints', (k) => {
    k.body = listBody('webhook_endpoint', listWebhookEndpoints(readPagination(k.state.query), ctx), (e) => ({ webhook_endpoint: webhookEndpointView(e) }));
  });
  router.get('/webhook_endpoints/:id', (k) => {
    k.body = { webhook_endpoint: webhookEndpointView(getWebhookEndpoint(k.params.id!, ctx)) };
  });
  router.post('/webhook_endpoints/:id', (k) => {
    k.body = { webhook_endpoint: webhookEndpointView(updateWebhookEndpoint(k.params.id!, readParams(WebhookEndpointUpdate, k.request.body), ctx)) };
  });
  router.post('/webhook_endpoints/:id/delete', (k) => {
    k.body = { webhook_endpoint: webhookEndpointView(deleteWebhookEndpoint(k.params.id!, ctx)) };
  });
}
