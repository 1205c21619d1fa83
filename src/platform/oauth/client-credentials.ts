import * as oauth from 'oauth4webapi';
import type { NetworkCalls } from '../../spi/network-calls.js';
import { meteredFetch } from '../http/metered-fetch.js';
import { isLoopbackHttp, tokenGrant } from './oauth-client.js';

// An OAuth 2.0 client of a service that authenticates software rather than a person: the
// client-credentials grant (RFC 6749 §4.4), through oauth4webapi, as France's approved platforms
// ask (XP Z12-013: a client id and secret per client, bearer tokens, RFC 6750). The token is kept
// until shortly before it expires and asked for once however many requests wait for it; a
// request the service answers 401 drops it (`forget`), so the next request asks for a new one.

export interface ClientCredentialsEndpoint {
  tokenUrl: string;
  clientId: string;
  /** Space-separated scopes, when the service defines any. */
  scope?: string | undefined;
  timeoutMs: number;
}

/** A token is renewed this long before it expires: a request in flight must not carry an expired one. */
const RENEW_BEFORE_MS = 60_000;
/** A token whose answer gave no lifetime is kept this long. */
const UNDATED_MS = 5 * 60_000;

export class ClientCredentials {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly options: oauth.ClientCredentialsGrantRequestOptions;
  private token?: { value: string; renewAt: number } | undefined;
  private asking?: Promise<string> | undefined;

  constructor(
    private readonly endpoint: ClientCredentialsEndpoint,
    /** The client secret, read from its file at start; never logged. */
    private readonly secret: string,
    private readonly clock: () => Date,
    /** The network's call metrics: each token request counted as `platform_requestToken` (the annex's operation). */
    calls?: NetworkCalls,
  ) {
    const url = new URL(endpoint.tokenUrl);
    this.as = { issuer: url.origin, token_endpoint: endpoint.tokenUrl };
    this.client = { client_id: endpoint.clientId };
    // Plain http only to a loopback host: the sandbox's platform and tests.
    this.options = {
      signal: () => AbortSignal.timeout(endpoint.timeoutMs),
      ...(isLoopbackHttp(url) && { [oauth.allowInsecureRequests]: true }),
      ...(calls && { [oauth.customFetch]: meteredFetch(calls.meter('platform_requestToken')) }),
    };
  }

  /** A bearer token for the next request. Throws GrantRefused or TokenEndpointUnavailable (oauth-client.ts). */
  async bearer(): Promise<string> {
    if (this.token && this.clock().getTime() < this.token.renewAt) return this.token.value;
    this.asking ??= this.ask().finally(() => (this.asking = undefined));
    return this.asking;
  }

  /** The service refused the token (401): ask for another next time. */
  forget(token: string): void {
    if (this.token?.value === token) this.token = undefined;
  }

  private async ask(): Promise<string> {
    const parameters: Record<string, string> = this.endpoint.scope ? { scope: this.endpoint.scope } : {};
    const tokens = await tokenGrant(
      async () =>
        oauth.processClientCredentialsResponse(
          this.as,
          this.client,
          await oauth.clientCredentialsGrantRequest(this.as, this.client, oauth.ClientSecretBasic(this.secret), parameters, this.options),
        ),
      this.clock,
    );
    const now = this.clock().getTime();
    const expires = tokens.expiresAt ? Date.parse(tokens.expiresAt) : now + UNDATED_MS;
    // A short-lived token is renewed at half its life rather than at once.
    this.token = { value: tokens.accessToken, renewAt: expires - Math.min(RENEW_BEFORE_MS, Math.max(0, expires - now) / 2) };
    return tokens.accessToken;
  }
}
