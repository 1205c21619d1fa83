import type Router from '@koa/router';
import Type from 'typebox';
import { defineOperation, media, serve } from '../../../platform/http/operation.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';
import { EXAMPLES } from '../openapi/examples.js';

export const getMetrics = defineOperation({
  operationId: 'getMetrics',
  examples: EXAMPLES.getMetrics,
  method: 'GET',
  path: '/metrics',
  tag: 'Operations',
  summary: 'Prometheus metrics',
  description: 'Behind METRICS_API_KEY on this port, or open on its own listener (METRICS_PORT); absent otherwise.',
  security: 'metrics',
  responses: { 200: media({ 'text/plain': Type.String() }, 'The Prometheus text exposition format (version 0.0.4).') },
  errors: [401, 429, 500],
});

/** GET /metrics — Prometheus text; the router it is mounted on decides who may read it (the metrics key, or a private port). */
export function metricsRoutes(router: Router, metrics: Metrics): void {
  serve(router, getMetrics, async (ctx) => {
    const { contentType, body } = await metrics.scrape();
    ctx.type = contentType;
    return body;
  });
}
