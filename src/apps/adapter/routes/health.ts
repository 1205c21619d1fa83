import type Router from '@koa/router';
import { defineOperation, reply, serve } from '../../../platform/http/operation.js';
import { HealthReportSchema } from '../schemas/responses.js';
import { healthReport, type HealthDeps } from '../services/health.js';
import { EXAMPLES } from '../openapi/examples.js';
import { OPEN_ERRORS } from './error-statuses.js';

export const getHealth = defineOperation({
  operationId: 'getHealth',
  examples: EXAMPLES.getHealth,
  method: 'GET',
  path: '/health',
  tag: 'SPI', // the SPI's fetchHealth
  summary: 'Health of the adapter and what it depends on',
  description: 'No authentication: 200 UP or WARN, or 503 with the same shape and status DOWN.',
  security: 'none',
  responses: { 200: HealthReportSchema, 503: HealthReportSchema },
  errors: OPEN_ERRORS, // behind the JSON body reader: a GET with a body is read (400, 413, 415)
});

/** GET /health — no authentication: 200 UP, or 503 with the same shape and status DOWN. */
export function healthRoutes(router: Router, deps: HealthDeps): void {
  serve(router, getHealth, async () => {
    const report = await healthReport(deps);
    return report.status === 'DOWN' ? reply(503, report) : report;
  });
}
