import { userInfo } from 'node:os';
import { parseQuery } from '../../platform/http/query.js';
import { CallbackSites } from '../../platform/oauth/callback-sites.js';
import { Directory } from '../../platform/directory/directory.js';
import { Sealer } from '../../platform/crypto/sealing.js';
import { oauthClientSecret } from '../../platform/oauth/client-secret.js';
import { createLogger } from '../../lib/log.js';
import { OutboxActionsQuery, OutboxCallbacksQuery, OutboxTransmissionsQuery } from '../../apps/adapter/schemas/queries.js';
import * as service from '../../apps/adapter/services/outbox.js';
import { UsageError, type Command, type Values } from '../command.js';
import { withStore } from './directory.js';

// `outbox`: the admin API's outbox (/admin/outbox) on the data directory, with the same checks
// and messages; actions recorded as cli:<the user running it>.

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

/** The query the admin API would get: the flags under its parameter names. */
function query(values: Values): Record<string, string> {
  const q: Record<string, string | undefined> = {
    state: str(values.state),
    merchant: str(values.merchant),
    business_entity_id: str(values.entity),
    driver: str(values.driver),
    older_than: str(values['older-than']),
    limit: str(values.limit),
    before: str(values.before),
  };
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
}

function print(values: Values, result: unknown, lines: () => string[]): number {
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : lines().map((l) => `${l}\n`).join(''));
  return 0;
}

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
const next = (r: { next?: string }) => (r.next !== undefined ? [`next: ${r.next}`] : []);
type CallbackView = ReturnType<typeof service.callbackView>;
type TransmissionView = ReturnType<typeof service.transmissionView>;
type ActionView = ReturnType<typeof service.actionView>;
const callbackLine = (c: CallbackView & Partial<{ next_attempt_at: string }>) =>
  `${c.id}\t${c.state}\t${c.document_id}\tsite=${dash(c.site)}\tattempts=${c.attempts}\tnext=${dash(c.next_attempt_at)}\tstatus=${dash(c.response_status)}\t${dash(c.last_error)}`;
const transmissionLine = (t: TransmissionView & Partial<{ next_attempt_at: string }>) =>
  `${t.document_id}\t${t.state}\t${t.driver}\tattempts=${t.attempts}\tnext=${dash(t.next_attempt_at)}\t${dash(t.last_error)}`;
const actionLine = (a: ActionView) => `${a.id}\t${a.at}\t${a.actor}\t${a.action}\t${a.target.kind} ${dash(a.target.id)}\t${JSON.stringify(a.detail)}`;

export async function outbox(command: Command, values: Values, positionals: string[]): Promise<number> {
  const [verb, kind, id, ...rest] = positionals;
  return withStore(command, values, async (store, settings) => {
    const clock = () => new Date();
    const deps: service.OutboxDeps = {
      store,
      clock,
      callbackHorizonMs: settings.callbackRetryHorizon * 1000,
      actor: `cli:${userInfo().username}`,
      heldSites: async () => {
        const directory = await Directory.open(store);
        const sites = new CallbackSites({ store, directory, seal: Sealer.open(settings), settings, clientSecret: () => oauthClientSecret(settings), clock, logger: createLogger('silent') });
        return [...(await sites.held()).keys()];
      },
    };
    const one = kind === 'callback' || kind === 'transmission';
    if (verb === 'callbacks' && kind === undefined) {
      const r = await service.listOutboxCallbacks(deps, parseQuery(OutboxCallbacksQuery, query(values)));
      return print(values, r, () => [...r.callbacks.map(callbackLine), ...next(r)]);
    }
    if (verb === 'transmissions' && kind === undefined) {
      const r = await service.listOutboxTransmissions(deps, parseQuery(OutboxTransmissionsQuery, query(values)));
      return print(values, r, () => [...r.transmissions.map(transmissionLine), ...next(r)]);
    }
    if (verb === 'actions' && kind === undefined) {
      const r = await service.listOutboxActions(deps, parseQuery(OutboxActionsQuery, query(values)));
      return print(values, r, () => [...r.actions.map(actionLine), ...next(r)]);
    }
    if ((verb === 'retry' || verb === 'cancel') && one && id !== undefined && rest.length === 0) {
      if (kind === 'callback') {
        const r = verb === 'retry' ? await service.retryOutboxCallback(deps, id) : await service.cancelOutboxCallback(deps, id);
        return print(values, r, () => [callbackLine(r)]);
      }
      const r = verb === 'retry' ? await service.retryOutboxTransmission(deps, id) : await service.cancelOutboxTransmission(deps, id);
      return print(values, r, () => [transmissionLine(r)]);
    }
    if (verb === 'retry-failed' && kind !== undefined && id === undefined) {
      const r = await service.retryFailedOutboxCallbacks(deps, kind);
      return print(values, r, () => [`${r.retried} failed callback(s) of site ${kind === '' ? "'' (BILLING_URL)" : kind} pending again`]);
    }
    throw new UsageError('expected callbacks, transmissions, actions, retry callback|transmission ID, retry-failed SITE or cancel callback|transmission ID');
  });
}
