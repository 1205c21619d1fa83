import type Router from '@koa/router';
import Type from 'typebox';
import { readPageParams } from '../pagination.js';
import { readParams, Str } from '../params.js';
import type { BillingContext } from '../services/context.js';
import { getEvent, listEvents, resendEvent } from '../services/events.js';

const ResendInput = Type.Object({ webhook_endpoint_id: Type.Optional(Str(40, { minLength: 1 })) });

/** Events, API v2: list, retrieve, and resend (an extension: the platform offers it in its console). */
export function eventsRoutes(router: Router, ctx: BillingContext): void {
  router.get('/events', (k) => {
    const { limit, offset } = readPageParams(k.state.query);
    k.body = listEvents(k.state.query, limit, offset, ctx);
  });
  router.get('/events/:id', (k) => {
    k.body = { event: getEvent(k.params.id!, ctx) };
  });
  router.post('/events/:id/resend', (k) => {
    const input = readParams(ResendInput, k.request.body);
    k.body = { event: resendEvent(k.params.id!, input.webhook_endpoint_id, ctx) };
  });
}
