import { SignJWT, jwtVerify, errors } from 'jose';
import { randomUUID } from 'node:crypto';

// The access tokens the billing module issues to the adapter: short-lived JWTs (HS256 under a
// key kept in DATA_DIR) carrying the granted scope and the site's `domain`, as the platform's
// tokens do. A receiver checks the signature, the expiry (by the module's clock) and the scope.

export const ISSUER = 'einvoicing-adapter-billing';

export interface AccessClaims {
  scope: string;
  domain: string;
  client_id: string;
}

export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly clock: () => Date,
    readonly ttlSeconds: number,
  ) {}

  async issue(clientId: string, scope: string, domain: string): Promise<string> {
    const now = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT({ scope, domain, client_id: clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(clientId)
      .setAudience(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .setJti(randomUUID())
      .sign(this.key);
  }

  /** The token's claims when it is this module's, unexpired and grants one of `scopes`; else why not. */
  async verify(token: string, scopes: readonly string[]): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: ISSUER, algorithms: ['HS256'], currentDate: this.clock() });
      const granted = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.some((s) => granted.includes(s))) return { ok: false, reason: `the access token lacks the scope ${scopes.join(' or ')}` };
      return { ok: true, claims: payload as unknown as AccessClaims };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'the access token has expired' };
      return { ok: false, reason: 'the access token is not valid' };
    }
  }
}
