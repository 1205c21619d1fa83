import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { CALLBACK_CURSOR, TRANSMISSION_CURSOR, type OutboxFilter } from '../../../platform/store/outbox.js';
import * as outbox from '../services/outbox.js';
import { ConsoleRefusal, operatorOnly, sessionOf } from './guards.js';
import type { ConsoleDeps } from './console-routes.js';
import { page } from './layout.js';
import { actedBody, CALLBACK_STATES, confirmBody, outboxBody, TRANSMISSION_STATES, type Queue } from './pages/outbox.js';
import { sendPage } from './send-page.js';

// The outbox pages: lists for everyone (a merchant sees its own rows), retry and cancel for the
// operator, each behind a confirmation page and done by the admin API's services.

const PAGE_SIZE = 50;

function queueOf(value: unknown): Queue {
  return value === 'transmissions' ? 'transmissions' : 'callbacks';
}

export function outboxRoutes(router: Router, deps: ConsoleDeps, signedIn: Middleware): void {
  const serviceDeps = (ctx: Context): outbox.OutboxDeps => ({
    store: deps.store,
    clock: deps.clock,
    heldSites: async () => [...(await deps.sites.held()).keys()],
    callbackHorizonMs: deps.callbackHorizonMs,
    actor: `console (the operator, request ${String((ctx.state as { requestId?: unknown }).requestId ?? '')})`,
  });

  router.get('/outbox', signedIn, async (ctx) => {
    const session = sessionOf(ctx);
    const queue = queueOf(ctx.query.queue);
    const states: readonly string[] = queue === 'callbacks' ? CALLBACK_STATES : TRANSMISSION_STATES;
    const state = typeof ctx.query.state === 'string' && states.includes(ctx.query.state) ? ctx.query.state : 'failed';
    const before = typeof ctx.query.before === 'string' ? ctx.query.before : undefined;
    if (before !== undefined && !new RegExp(queue === 'callbacks' ? CALLBACK_CURSOR : TRANSMISSION_CURSOR).test(before)) throw new ConsoleRefusal(400, 'This "before" is not a place a page of the outbox gave: start from the first page.');
    const filter: OutboxFilter = { state, merchant: session.principal.kind === 'merchant' ? session.principal.merchantId : undefined, limit: PAGE_SIZE, before };
    const items = queue === 'callbacks' ? await deps.store.outbox.callbacks(filter, await serviceDeps(ctx).heldSites()) : await deps.store.outbox.transmissions(filter);
    sendPage(ctx, 200, page({ title: 'Outbox', section: '/console/outbox', session, body: outboxBody({ queue, state, principal: session.principal, page: items }) }));
  });

  const target = (ctx: Context) => {
    const { queue, id, action } = ctx.params as Record<string, string>;
    const known = queue === 'callbacks' ? /^[1-9][0-9]{0,14}$/.test(id!) : queue === 'transmissions' && /^[A-Za-z0-9-]{1,100}$/.test(id!);
    if (!known || (action !== 'retry' && action !== 'cancel')) throw new ConsoleRefusal(404, `No console page is at ${ctx.path}.`);
    return { queue: queue as Queue, id: id!, action: action as 'retry' | 'cancel' };
  };

  router.get('/outbox/:queue/:id/:action', signedIn, (ctx) => {
    operatorOnly(ctx, 'retries or cancels outbox rows');
    const { queue, id, action } = target(ctx);
    const session = sessionOf(ctx);
    sendPage(ctx, 200, page({ title: action === 'retry' ? 'Retry' : 'Cancel', section: '/console/outbox', session, body: confirmBody(queue, id, action, session.csrf) }));
  });

  router.post('/outbox/:queue/:id/:action', signedIn, async (ctx) => {
    operatorOnly(ctx, 'retries or cancels outbox rows');
    const { queue, id, action } = target(ctx);
    const d = serviceDeps(ctx);
    const done =
      queue === 'callbacks'
        ? await (action === 'retry' ? outbox.retryOutboxCallback(d, id) : outbox.cancelOutboxCallback(d, id))
        : await (action === 'retry' ? outbox.retryOutboxTransmission(d, id) : outbox.cancelOutboxTransmission(d, id));
    if (action === 'retry') (queue === 'callbacks' ? deps.onCallbacksChanged : deps.onTransmissionRetried)?.();
    sendPage(ctx, 200, page({ title: action === 'retry' ? 'Retried' : 'Cancelled', section: '/console/outbox', session: sessionOf(ctx), body: actedBody(queue, id, action, done.state) }));
  });
}
