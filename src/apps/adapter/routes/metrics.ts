import type Router from '@koa/router';
import type { Metrics } from '../../../platform/metrics/metrics.js';

/** GET /metrics — Prometheus text; the router it is mounted on decides who may read it (the metrics key, or a private port). */
export function metricsRoutes(router: Router, metrics: Metrics): void {
  router.get('/metrics', async (ctx) => {
    const { contentType, body } = await metrics.scrape();
    ctx.type = contentType;
    ctx.body = body;
  });
}
