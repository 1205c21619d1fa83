import Router from '@koa/router';
import Koa from 'koa';
import { errorMiddleware } from '../../platform/http/errors.js';
import type { Logger } from '../../lib/log.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { metricsRoutes } from './routes/metrics.js';

/** The listener of METRICS_PORT: /metrics alone, without a key (the port is the operator's private network), the one error path for the rest. */
export function createMetricsApp(metrics: Metrics, logger: Logger): Koa {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  metricsRoutes(router, metrics);
  app.use(errorMiddleware({ logger }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
