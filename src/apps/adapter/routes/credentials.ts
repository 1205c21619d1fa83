import type Router from '@koa/router';
import { authenticate, type AuthDeps } from '../../../platform/http/auth.js';
import type { Directory } from '../../../platform/directory/directory.js';
import { defineOperation, reply, serve } from '../../../platform/http/operation.js';
import { CredentialValidationSchema, HealthReportSchema } from '../schemas/responses.js';
import { healthReport, type HealthDeps } from '../services/health.js';
import { OPEN_ERRORS } from './error-statuses.js';
import { EXAMPLES } from '../openapi/examples.js';

export const validateCredentials = defineOperation({
  operationId: 'validateCredentials',
  examples: EXAMPLES.validateCredentials,
  method: 'POST',
  path: '/credentials/validate',
  tag: 'SPI',
  summary: "The platform's test connection",
  description: 'The key in Authorization is checked, not required: 200 VALID or 401 INVALID; 503 with the health report when the adapter could not serve documents anyway; 429 (Retry-After) over the failure limit.',
  security: 'none',
  responses: { 200: CredentialValidationSchema, 401: CredentialValidationSchema, 503: HealthReportSchema },
  errors: [...OPEN_ERRORS, 429],
});

/**
 * POST /credentials/validate — the platform's "test connection" button.
 * 429 (Retry-After) when the client is over its failure limit; 503 with the health report when
 * the adapter could not serve documents anyway; otherwise 200 VALID or 401 INVALID.
 */
export function credentialsRoutes(router: Router, deps: AuthDeps & HealthDeps & { directory: Pick<Directory, 'refresh'> }): void {
  serve(router, validateCredentials, async (ctx) => {
    // A database that cannot be read is answered by the health report below (503), not a 500.
    await deps.directory.refresh().catch(() => undefined);
    const valid = authenticate(ctx, deps);
    const report = await healthReport(deps);
    if (report.status === 'DOWN') return reply(503, report);
    return valid ? { status: 'VALID' as const } : reply(401, { status: 'INVALID' as const });
  });
}
