import { outsideLogContext, siteName } from '../../lib/log-context.js';
import type { Settings } from '../config/settings.js';
import type { Directory } from '../directory/directory.js';
import type { Logger } from '../../lib/log.js';
import type { Store } from '../store/store.js';
import { GrantRefused, OAuthClient, type OAuthEndpoints, type Tokens } from './oauth-client.js';
import type { Sealer } from '../crypto/sealing.js';

// Where a document's status callbacks go and with which token. A site is a merchant (its id) or
// '' (the operator's own platform: BILLING_URL with BILLING_ACCESS_TOKEN, or the tokens of
// `merchants connect` without an id). A site whose tokens cannot be refreshed is *held*: its
// callbacks wait in the outbox (the callback worker does not take them) until it is connected
// again, and /health says so.

/** Refreshed this long before the access token's expiry, so a callback never carries an expiring token. */
const REFRESH_MARGIN_MS = 60_000;

export type SiteAccess =
  | { kind: 'ready'; base: string; token?: string | undefined; oauth: boolean }
  | { kind: 'held'; reason: string }
  /**
   * The merchant was removed after the row named it as the site (its entities, and their
   * documents, are the operator's from then on): this callback has nowhere to go.
   */
  | { kind: 'gone'; reason: string };

export interface HeldSite {
  reason: string;
  /** Worth a WARN in /health: a merchant's site, or the operator's when its OAuth failed (not merely unconfigured). */
  report: boolean;
}

export type SiteSettings = Pick<Settings, 'billingUrl' | 'billingAccessToken' | 'oauthClientId' | 'oauthAuthorizeUrl' | 'oauthTokenUrl' | 'oauthScope' | 'callbackTimeout' | 'merchantSiteUrl'>;

export interface CallbackSitesDeps {
  store: Pick<Store, 'directory' | 'transaction'>;
  directory: Directory;
  seal: Sealer;
  settings: SiteSettings;
  /** The OAuth client secret, read when first needed. */
  clientSecret: () => string;
  clock: () => Date;
  logger: Logger;
}

export class CallbackSites {
  private heldCache: { version: number; held: ReadonlyMap<string, HeldSite> } | undefined;
  private readonly refreshing = new Map<string, Promise<SiteAccess>>();

  constructor(private readonly deps: CallbackSitesDeps) {}

  /** The OAuth endpoints of a site: the merchant's own, else the OAUTH_* settings. */
  endpoints(siteId: string): OAuthEndpoints {
    const s = this.deps.settings;
    const own = siteId === '' ? undefined : this.deps.directory.current().merchants.get(siteId)?.callback;
    return {
      authorizeUrl: own?.authorize_url ?? s.oauthAuthorizeUrl,
      tokenUrl: own?.token_url ?? s.oauthTokenUrl,
      clientId: own?.client_id ?? s.oauthClientId,
      scope: own?.scope ?? s.oauthScope,
    };
  }

  client(siteId: string): OAuthClient {
    return new OAuthClient(this.endpoints(siteId), this.deps.clientSecret, this.deps.clock, this.deps.settings.callbackTimeout);
  }

  /** Whether `held` (as `held()` answered) is every site (BILLING_URL unset and no connected merchant): the worker need not look. */
  everyHeld(held: ReadonlyMap<string, HeldSite>): boolean {
    return held.has('') && held.size === this.deps.directory.current().merchants.size + 1;
  }

  /** The sites whose callbacks wait, with why; recomputed when the directory changed. */
  async held(): Promise<ReadonlyMap<string, HeldSite>> {
    const version = await this.deps.store.directory.version();
    if (this.heldCache?.version === version) return this.heldCache.held;
    await this.deps.directory.refresh();
    const held = new Map<string, HeldSite>();
    const connections = new Map((await this.deps.store.directory.connections()).map((c) => [c.siteId, c]));
    const { billingUrl, billingAccessToken } = this.deps.settings;
    if (!billingUrl) held.set('', { reason: 'BILLING_URL is unset', report: false });
    else if (!billingAccessToken && connections.get('')?.heldReason) held.set('', { reason: connections.get('')!.heldReason!, report: true });
    for (const m of this.deps.directory.current().merchants.values()) {
      const c = connections.get(m.id);
      if (!c) held.set(m.id, { reason: `not connected yet (einvoicing-adapter merchants connect ${m.id})`, report: true });
      else if (c.heldReason) held.set(m.id, { reason: c.heldReason, report: true });
    }
    this.heldCache = { version, held };
    return held;
  }

  /** Where the site's next callback goes and its token, refreshing a token about to expire. */
  async access(siteId: string): Promise<SiteAccess> {
    const { settings, store } = this.deps;
    if (siteId === '') {
      if (!settings.billingUrl) return { kind: 'held', reason: 'BILLING_URL is unset' };
      if (settings.billingAccessToken) return { kind: 'ready', base: settings.billingUrl, token: settings.billingAccessToken, oauth: false };
    }
    const template = this.templateOf(siteId);
    if (template === undefined) return { kind: 'gone', reason: `merchant ${siteId} was removed` };
    const connection = await store.directory.connection(siteId);
    if (!connection) return siteId === '' ? { kind: 'ready', base: template, oauth: false } : { kind: 'held', reason: 'not connected yet' };
    if (connection.heldReason) return { kind: 'held', reason: connection.heldReason };
    const tokens = await this.deps.seal.unseal<Tokens>(connection.sealed);
    const expiring = tokens.expiresAt !== undefined && Date.parse(tokens.expiresAt) - this.deps.clock().getTime() < REFRESH_MARGIN_MS;
    if (expiring) return this.refresh(siteId, connection.sealed, tokens, template);
    return this.ready(siteId, connection.sealed, tokens, template);
  }

  /**
   * The platform answered 401 to `tokenUsed`: refresh once (unless another callback already did)
   * and say where to post again; a site without a refresh token is held.
   */
  async unauthorized(siteId: string, tokenUsed: string): Promise<SiteAccess> {
    const connection = await this.deps.store.directory.connection(siteId);
    if (!connection || connection.heldReason) return this.access(siteId);
    const tokens = await this.deps.seal.unseal<Tokens>(connection.sealed);
    if (tokens.accessToken !== tokenUsed) return this.access(siteId);
    const template = this.templateOf(siteId);
    if (template === undefined) return this.access(siteId);
    return this.refresh(siteId, connection.sealed, tokens, template);
  }

  /** Holds the site's callbacks (the platform refused even a fresh token, or the grant is gone). */
  async hold(siteId: string, sealed: string, reason: string): Promise<SiteAccess> {
    const at = this.deps.clock().toISOString();
    await this.deps.store.directory.hold(siteId, sealed, reason, at);
    this.deps.logger.warn({ site: siteId || 'BILLING_URL', reason }, 'status callbacks of this site are held until it is connected again');
    return { kind: 'held', reason };
  }

  /** Holds the site whose current tokens are these (the worker's second 401). */
  async holdCurrent(siteId: string, reason: string): Promise<SiteAccess> {
    const connection = await this.deps.store.directory.connection(siteId);
    return connection ? this.hold(siteId, connection.sealed, reason) : { kind: 'held', reason };
  }

  /** The site's base URL, perhaps with `{domain}` (a merchant's own, else MERCHANT_SITE_URL); undefined for a merchant that no longer exists. */
  private templateOf(siteId: string): string | undefined {
    if (siteId === '') return this.deps.settings.billingUrl ?? '';
    const merchant = this.deps.directory.current().merchants.get(siteId);
    return merchant && (merchant.callback.site_url ?? this.deps.settings.merchantSiteUrl);
  }

  /** One refresh per site at a time; the others wait for its outcome. */
  private refresh(siteId: string, sealed: string, tokens: Tokens, template: string): Promise<SiteAccess> {
    let running = this.refreshing.get(siteId);
    if (!running) {
      // Shared by every callback of the site waiting on it: its lines are the site's (a `site` field), not the first document's.
      running = outsideLogContext(() => this.doRefresh(siteId, sealed, tokens, template).finally(() => this.refreshing.delete(siteId)), { site: siteName(siteId) });
      this.refreshing.set(siteId, running);
    }
    return running;
  }

  private async doRefresh(siteId: string, sealed: string, tokens: Tokens, template: string): Promise<SiteAccess> {
    if (!tokens.refreshToken) return this.hold(siteId, sealed, 'the access token expired and the platform gave no refresh token: connect again');
    let fresh: Tokens;
    try {
      fresh = await this.client(siteId).refresh(tokens.refreshToken);
    } catch (err) {
      if (err instanceof GrantRefused) return this.hold(siteId, sealed, `the refresh token was refused (${err.error}): connect again`);
      throw err; // TokenEndpointUnavailable: the callback worker retries with backoff
    }
    const kept = { ...fresh, domain: fresh.domain ?? tokens.domain };
    const resealed = await this.deps.seal.seal(kept);
    const at = this.deps.clock().toISOString();
    await this.deps.store.directory.putConnection({ siteId, sealed: resealed, expiresAt: kept.expiresAt ?? null, at }, false);
    this.deps.logger.info({ site: siteId || 'BILLING_URL', expires_at: kept.expiresAt }, 'access token refreshed');
    return this.ready(siteId, resealed, kept, template);
  }

  private async ready(siteId: string, sealed: string, tokens: Tokens, template: string): Promise<SiteAccess> {
    if (template.includes('{domain}')) {
      if (!tokens.domain) return this.hold(siteId, sealed, `the access token has no domain claim to fill ${template} with: set the merchant's callback.site_url`);
      template = template.replace('{domain}', encodeURIComponent(tokens.domain));
    }
    return { kind: 'ready', base: template, token: tokens.accessToken, oauth: true };
  }
}
