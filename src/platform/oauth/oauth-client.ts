import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';

// The adapter as an OAuth 2.0 client of the platform (its "Adapter to Chargebee" authorization
// page): the authorization-code grant with PKCE and state, and the refresh-token grant, through
// oauth4webapi. Client authentication is HTTP Basic (client_secret_basic), as the platform's
// examples (`curl -u CLIENT_ID:CLIENT_SECRET`) do.

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  scope: string;
}

/** What a token response gave, as the adapter keeps it (sealed at rest). */
export interface Tokens {
  accessToken: string;
  refreshToken?: string | undefined;
  /** ISO time the access token expires; undefined when the platform said nothing. */
  expiresAt?: string | undefined;
  scope?: string | undefined;
  /** The `domain` claim of a JWT access token: the platform's site name (`{domain}.chargebee.com`). */
  domain?: string | undefined;
}

/** The authorization server refused the grant (invalid_grant, invalid_client…): retrying will not help. */
export class GrantRefused extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
    description?: string,
  ) {
    super(`the token endpoint refused the grant: ${error}${description ? ` (${description})` : ''} (HTTP ${status})`);
  }
}

/** The token endpoint could not be reached or answered 5xx: worth trying again later. */
export class TokenEndpointUnavailable extends Error {}

export class OAuthClient {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly options: oauth.TokenEndpointRequestOptions;

  constructor(
    readonly endpoints: OAuthEndpoints,
    /** Read only for a grant: building the authorize URL needs no secret. */
    private readonly secret: () => string,
    private readonly clock: () => Date,
    timeoutMs = 10_000,
  ) {
    const token = new URL(endpoints.tokenUrl);
    this.as = { issuer: token.origin, authorization_endpoint: endpoints.authorizeUrl, token_endpoint: endpoints.tokenUrl };
    this.client = { client_id: endpoints.clientId };
    // Plain http only to a loopback host: the companion billing module and tests.
    this.options = { signal: () => AbortSignal.timeout(timeoutMs), ...(isLoopbackHttp(token) && { [oauth.allowInsecureRequests]: true }) };
  }

  /** The URL the merchant opens to authorize the adapter. */
  async authorizationUrl(redirectUri: string, state: string, codeVerifier: string): Promise<string> {
    const url = new URL(this.endpoints.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.endpoints.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', this.endpoints.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.href;
  }

  /** The redirect's parameters (code, state, or an error) → tokens. */
  async exchangeCode(callback: URL, expectedState: string, redirectUri: string, codeVerifier: string): Promise<Tokens> {
    const params = oauth.validateAuthResponse(this.as, this.client, callback, expectedState);
    return this.grant(async () => oauth.processAuthorizationCodeResponse(this.as, this.client, await oauth.authorizationCodeGrantRequest(this.as, this.client, this.auth(), params, redirectUri, codeVerifier, this.options)));
  }

  /** A new access token (and perhaps a new refresh token; the old one is kept otherwise). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const tokens = await this.grant(async () => oauth.processRefreshTokenResponse(this.as, this.client, await oauth.refreshTokenGrantRequest(this.as, this.client, this.auth(), refreshToken, this.options)));
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  }

  private auth(): oauth.ClientAuth {
    return oauth.ClientSecretBasic(this.secret());
  }

  private grant(request: () => Promise<oauth.TokenEndpointResponse>): Promise<Tokens> {
    return tokenGrant(request, this.clock);
  }
}

/**
 * A token endpoint's answer as Tokens, its failures as the two errors callers tell apart: a
 * refused grant (the operator must act) and an endpoint that is down (try again later). Shared by
 * the authorization-code client above and the client-credentials one (client-credentials.ts).
 */
export async function tokenGrant(request: () => Promise<oauth.TokenEndpointResponse>, clock: () => Date): Promise<Tokens> {
  let response: oauth.TokenEndpointResponse;
  try {
    response = await request();
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) {
      if (err.status >= 500) throw new TokenEndpointUnavailable(`the token endpoint answered HTTP ${err.status}`);
      throw new GrantRefused(err.error, err.status, typeof err.cause.error_description === 'string' ? err.cause.error_description : undefined);
    }
    if (err instanceof oauth.OperationProcessingError && /status code/i.test(err.message)) throw new TokenEndpointUnavailable(err.message);
    if (err instanceof TypeError || (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
      throw new TokenEndpointUnavailable(`the token endpoint cannot be reached: ${(err as Error).message}${(err as { cause?: Error }).cause ? ` (${(err as { cause: Error }).cause.message})` : ''}`);
    }
    throw err;
  }
  return tokensOf(response, clock());
}

function tokensOf(r: oauth.TokenEndpointResponse, now: Date): Tokens {
  const claims = jwtClaims(r.access_token);
  const expiresAt =
    typeof r.expires_in === 'number' ? new Date(now.getTime() + r.expires_in * 1000).toISOString() : typeof claims?.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : undefined;
  return {
    accessToken: r.access_token,
    refreshToken: r.refresh_token,
    expiresAt,
    scope: r.scope,
    domain: typeof claims?.domain === 'string' && claims.domain !== '' ? claims.domain : undefined,
  };
}

/** The claims of a JWT access token, read (not verified: the platform verifies its own tokens). */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
