import pRetry, { AbortError } from 'p-retry';
import { setTimeout as sleep } from 'node:timers/promises';
import { originFields, QueueWorker } from '../../../platform/queue-worker.js';
import { siteName, withLogContext, type LogFields } from '../../../lib/log-context.js';
import { errorCode } from '../../../spi/error-code.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { driverId } from '../../../spi/driver.js';
import type { Model } from '../../../spi/enums.js';
import type { Logger } from '../../../lib/log.js';
import { backoffDelay, type RetryPolicy } from '../../../lib/retry-delay.js';
import type { CallbackEnd, CallbackRow } from '../../../platform/store/callbacks.js';
import type { Store } from '../../../platform/store/store.js';
import type { CallbackSites, SiteAccess } from '../../../platform/oauth/callback-sites.js';
import { TokenEndpointUnavailable } from '../../../platform/oauth/oauth-client.js';
import { SealedUnderUnknownKey } from '../../../platform/crypto/sealing.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';
import { CallbackNetworkError, type CallbackPoster, type PostResult } from './callback-poster.js';

export interface CallbackWorkerDeps {
  store: Pick<Store, 'callbacks' | 'documents'>;
  poster: Pick<CallbackPoster, 'post'>;
  sites: Pick<CallbackSites, 'access' | 'unauthorized' | 'holdCurrent' | 'held' | 'everyHeld'>;
  clock: () => Date;
  logger: Logger;
  concurrency: number;
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
  /** Counts each POST by outcome and HTTP status class (when metrics are exposed). */
  metrics?: Metrics | undefined;
  /** Names the document's driver on the lines about its callbacks (its model when absent or unknown). */
  drivers?: Pick<DriverRegistry, 'get'> | undefined;
}

/** Worth trying again: a network error, 408, 429 or a 5xx. */
class RetryableAnswer extends Error {
  constructor(
    message: string,
    readonly result?: PostResult,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Where a row's attempt went: the site (a merchant's id, '' the operator's BILLING_URL) and the URL posted to. */
interface Where {
  site: string;
  url?: string;
}

const siteUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`;

/**
 * What a log line of a failed attempt says beside the row's context: the callback, the site and
 * URL (the site may have moved since the row was read), the HTTP status, the error's code
 * (HTTP_<status> for an answer, the network's code otherwise), the attempt.
 */
function attemptFields(row: CallbackRow, where: Where, attempt: number, answered: PostResult | undefined, err: unknown): Record<string, unknown> {
  return {
    callback_id: row.id,
    site: siteName(where.site),
    ...(where.url && { url: where.url }),
    ...(answered && { http_status: answered.status }),
    error_code: errorCode(err, answered?.status),
    ...(err instanceof Error && { error: err.message.slice(0, 300) }),
    attempt,
  };
}

/** The row's site is held: the row stays pending, untouched, until the site is connected again. */
class SiteHeld extends Error {}

/**
 * Delivers the callback outbox to the platform. Each row is POSTed with p-retry: network
 * errors, 408, 429 and 5xx are retried with exponential backoff and jitter until the row's
 * horizon (`expires_at`), waiting exactly Retry-After when the platform sends one; any other
 * 4xx ends the row as failed with the answer kept. Every failed attempt is written to the row
 * (attempts, last error, next attempt time), so a restart resumes instead of starting over.
 * One row per document is in flight, and only the oldest pending one: a document's callbacks
 * reach the platform in the order its statuses were recorded.
 *
 * Each row goes to its document's site (CallbackSites) with that site's token: refreshed before
 * it expires, refreshed once more after a 401, and when even that fails the site is held, its
 * rows neither sent nor counted as attempts until it is connected again. The site is that of the
 * merchant that has the document's entity when the row is read, and again before each retry: a
 * callback follows its document when the entity moves, even in the middle of its retries.
 */
export class CallbackWorker extends QueueWorker<CallbackRow> {
  private readonly abort = new AbortController();

  constructor(private readonly deps: CallbackWorkerDeps) {
    super('callback worker', deps.concurrency, deps.clock, deps.logger);
  }

  // With every site held (BILLING_URL unset, no merchant connected) there is nothing to look
  // for: the outbox is not read at each new status, only after the longest sleep.
  protected async due(now: string, limit: number): Promise<CallbackRow[]> {
    const held = await this.deps.sites.held();
    if (this.deps.sites.everyHeld(held)) return [];
    return this.deps.store.callbacks.due(now, limit, [...held.keys()]);
  }

  protected async nextDueAt(): Promise<string | undefined> {
    const held = await this.deps.sites.held();
    if (this.deps.sites.everyHeld(held)) return undefined;
    return this.deps.store.callbacks.nextDueAt([...held.keys()]);
  }

  /** The row's request, document, driver, entity and site: on every line of its delivery. */
  protected override logFields(row: CallbackRow): LogFields {
    const driver = this.deps.drivers?.get(row.model as Model, row.country);
    return originFields(row, driver && driverId(driver));
  }

  /** Retry waits end at once; requests on the wire finish; unfinished rows stay queued. */
  protected override stopping(): void {
    this.abort.abort(new Error('callback worker closing'));
  }

  /** Delivers the row, then ends it (batched with other ends in one commit) before the document's next row may go. */
  protected async handle(row: CallbackRow): Promise<void> {
    const end = await this.deliver(row);
    if (end) await this.deps.store.callbacks.end(end);
  }

  /** Tries the row until it is delivered, refused or past its horizon; undefined when stopped first. */
  private async deliver(row: CallbackRow): Promise<CallbackEnd | undefined> {
    const { poster, clock, retry } = this.deps;
    let attempts = row.attempts;
    let answered: PostResult | undefined;
    const end = (state: CallbackEnd['state'], error: string | null): CallbackEnd => ({
      id: row.id,
      attempts,
      state,
      responseStatus: answered?.status ?? null,
      responseBody: state === 'failed' ? answered?.body ?? null : null,
      error,
      at: clock().toISOString(),
    });
    let tries = 0;
    const where: Where = { site: row.siteId };
    try {
      await pRetry(
        async () => {
          const current = tries++ === 0 ? row : { ...row, siteId: (await this.deps.store.documents.merchantOf(row.documentId)) ?? row.siteId };
          where.site = current.siteId;
          attempts += 1;
          answered = undefined;
          // A retry after the entity moved goes (and is logged) to the site it moved to.
          const result = await withLogContext({ site: siteName(current.siteId) }, () => this.post(current, where));
          answered = result;
          const delivered = result.status >= 200 && result.status < 300;
          this.deps.metrics?.callbackAttempt(delivered ? 'delivered' : retryable(result.status) ? 'retry' : 'failed', result.status);
          if (delivered) return;
          const message = `HTTP ${result.status}${result.body ? `: ${result.body.slice(0, 300)}` : ''}`;
          if (retryable(result.status)) throw new RetryableAnswer(message, result);
          throw new AbortError(message);
        },
        {
          retries: Number.POSITIVE_INFINITY,
          factor: 2,
          minTimeout: retry.minMs,
          maxTimeout: retry.maxMs,
          randomize: true,
          maxRetryTime: Math.max(0, Date.parse(row.expiresAt) - clock().getTime()),
          signal: this.abort.signal,
          shouldRetry: ({ error }) => error instanceof RetryableAnswer,
          // A Retry-After wait is the platform's own schedule: it replaces the backoff step.
          shouldConsumeRetry: ({ error }) => !(error instanceof RetryableAnswer && error.result?.retryAfterMs !== undefined),
          onFailedAttempt: ({ error, retriesConsumed }) => this.attemptFailed(row, attempts, error, retriesConsumed, where),
        },
      );
      return end('delivered', null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof SiteHeld) return undefined;
      // Stopping: a request the platform already answered with 2xx is still recorded as delivered.
      if (this.abort.signal.aborted) return answered && answered.status < 300 && answered.status >= 200 ? end('delivered', null) : undefined;
      const error = err instanceof RetryableAnswer ? `gave up at the retry horizon (${row.expiresAt}); last error: ${message}` : message;
      // The end of a callback nobody will post again: an operator must hear of it.
      this.deps.logger.error({ ...attemptFields(row, where, attempts, answered, err), error }, 'status callback failed: it will not be posted again');
      return end('failed', error);
    }
  }

  /** One POST to the row's site; after a 401 to an OAuth token, a refresh and one more POST. */
  private async post(row: CallbackRow, where: Where): Promise<PostResult> {
    const { sites } = this.deps;
    let access = await this.access(() => sites.access(row.siteId));
    where.url = siteUrl(access.base, row.path);
    let result = await this.send(access, row);
    if (result.status === 401 && access.oauth && access.token) {
      access = await this.access(() => sites.unauthorized(row.siteId, access.token!));
      where.url = siteUrl(access.base, row.path);
      result = await this.send(access, row);
      if (result.status === 401) {
        await sites.holdCurrent(row.siteId, 'the platform refused a freshly refreshed access token (HTTP 401): connect again');
        throw new SiteHeld();
      }
    }
    return result;
  }

  private async access(get: () => Promise<SiteAccess>): Promise<Extract<SiteAccess, { kind: 'ready' }>> {
    let access: SiteAccess;
    try {
      access = await get();
    } catch (err) {
      if (err instanceof TokenEndpointUnavailable) throw new RetryableAnswer(err.message, undefined, err);
      // This process's ring lacks the tokens' key (SEALING_PREVIOUS_KEY_FILES not yet set here, mid-rotation): another
      // instance, or this one restarted with the key, can still post it; a failed row could not be posted again.
      if (err instanceof SealedUnderUnknownKey) throw new RetryableAnswer(`the site's tokens are ${err.message}`, undefined, err);
      throw err;
    }
    if (access.kind === 'held') throw new SiteHeld(access.reason);
    if (access.kind === 'gone') throw new AbortError(access.reason);
    return access;
  }

  private async send(access: Extract<SiteAccess, { kind: 'ready' }>, row: CallbackRow): Promise<PostResult> {
    try {
      return await this.deps.poster.post(access.base, row.path, row.body, access.token);
    } catch (err) {
      if (err instanceof CallbackNetworkError) {
        this.deps.metrics?.callbackAttempt('retry', undefined);
        throw new RetryableAnswer(err.message, undefined, err);
      }
      throw err;
    }
  }

  /** Keeps the attempt on the row and, for Retry-After, waits exactly that long (within the horizon). */
  private async attemptFailed(row: CallbackRow, attempts: number, error: Error, retriesConsumed: number, where: Where): Promise<void> {
    if (!(error instanceof RetryableAnswer)) return;
    const { store, clock, retry, logger } = this.deps;
    const now = clock().getTime();
    const retryAfterMs = error.result?.retryAfterMs;
    const wait = Math.min(retryAfterMs ?? backoffDelay(retriesConsumed + 1, retry), Math.max(0, Date.parse(row.expiresAt) - now));
    const next = new Date(now + wait).toISOString();
    await store.callbacks.attemptFailed(row.id, attempts, next, error.message, error.result?.status ?? null);
    logger.warn({ ...attemptFields(row, where, attempts, error.result, error), next_try: next }, 'status callback attempt failed; it will be tried again');
    if (retryAfterMs !== undefined) await sleep(wait, undefined, { signal: this.abort.signal });
  }
}
