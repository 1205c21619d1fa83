import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling, type BillingRuntime } from '../../src/runtime/billing-runtime.js';
import { tempDir } from '../helpers/temp-dir.js';

// The billing module as the platform's OAuth side: authorize, token, revoke, and the status
// receivers taking only its unexpired tokens with the right scope.

describe('billing\'s OAuth server and the status receivers', function () {
  this.timeout(20_000);
  let rt: BillingRuntime;
  let offset = 0;
  let secret: string;
  const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
  const VERIFIER = 'a-code-verifier-that-is-long-enough-0123456789';
  const challenge = createHash('sha256').update(VERIFIER).digest('base64url');

  before(async () => {
    const dataDir = tempDir('billing-oauth-');
    const settings = resolveSettings({ BILLING_PORT: '0', DATA_DIR: dataDir, BILLING_API_KEY: 'billing-oauth-key-0123456789', BILLING_OAUTH_REDIRECT_URI: REDIRECT, BILLING_TOKEN_TTL: '600', BILLING_SITE_DOMAIN: 'acme', SHUTDOWN_TIMEOUT: '1' });
    rt = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined, clock: () => new Date(Date.now() + offset) });
    secret = readFileSync(join(dataDir, 'oauth-client-secret'), 'utf8').trim();
  });
  after(() => rt.close());

  const basic = (id: string, s: string) => `Basic ${Buffer.from(`${id}:${s}`).toString('base64')}`;
  const authorize = async (params: Record<string, string>) => {
    const url = new URL(`${rt.url}/oauth2/authorize`);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: 'einvoicing-adapter', redirect_uri: REDIRECT, scope: 'einvoicing.status', state: 's-1', code_challenge: challenge, code_challenge_method: 'S256', ...params })) url.searchParams.set(k, v);
    return fetch(url, { redirect: 'manual' });
  };
  const token = async (form: Record<string, string>, auth = basic('einvoicing-adapter', secret)) => {
    const res = await fetch(`${rt.url}/oauth2/token`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    return { status: res.status, body: (await res.json()) as Record<string, any>, cache: res.headers.get('cache-control') };
  };
  const codeOf = async () => new URL((await authorize({})).headers.get('location')!).searchParams.get('code')!;
  const callback = (token: string | undefined, collection = 'invoices') =>
    fetch(`${rt.url}/api/v2/${collection}/INV-NONE/einvoice_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
      body: 'status=SUCCESS&timestamp=2026-11-24T10:00:00.000Z',
    });

  it('consents at once for the registered client and redirects with a code and the state; refuses what it cannot trust', async () => {
    const ok = await authorize({});
    expect(ok.status).to.equal(302);
    const back = new URL(ok.headers.get('location')!);
    expect(back.origin + back.pathname).to.equal(REDIRECT);
    expect(back.searchParams.get('state')).to.equal('s-1');
    expect(back.searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{40,}$/);
    expect((await authorize({ redirect_uri: 'https://evil.example/cb' })).status).to.equal(400);
    expect((await authorize({ client_id: 'someone-else' })).status).to.equal(400);
    const badScope = new URL((await authorize({ scope: 'everything' })).headers.get('location')!);
    expect(badScope.searchParams.get('error')).to.equal('invalid_scope');
  });

  it('exchanges a code once, with its PKCE verifier and redirect URI, for a signed token carrying the scope and the domain', async () => {
    expect((await token({ grant_type: 'authorization_code', code: await codeOf(), redirect_uri: REDIRECT, code_verifier: 'wrong-verifier-0123456789012345678901234' })).body.error).to.equal('invalid_grant');
    const code = await codeOf();
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER }, basic('einvoicing-adapter', 'not-the-secret'))).status).to.equal(401);
    const granted = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER });
    expect(granted.status).to.equal(200);
    expect(granted.cache).to.equal('no-store');
    expect(granted.body).to.include({ token_type: 'Bearer', expires_in: 600, scope: 'einvoicing.status' });
    const claims = JSON.parse(Buffer.from(String(granted.body.access_token).split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ domain: 'acme', scope: 'einvoicing.status' });
    expect(Number(claims.exp) - Number(claims.iat)).to.equal(600);
    const replay = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER });
    expect(replay).to.deep.include({ status: 400 });
    expect(replay.body.error).to.equal('invalid_grant');
  });

  it('takes on its receivers only its unexpired tokens with the operation\'s scope', async () => {
    const granted = await token({ grant_type: 'authorization_code', code: await codeOf(), redirect_uri: REDIRECT, code_verifier: VERIFIER });
    const access = String(granted.body.access_token);
    // 422: authenticated, but billing never e-invoiced INV-NONE.
    expect((await callback(access)).status).to.equal(422);
    expect((await callback(access, 'credit_notes')).status).to.equal(422);
    expect((await callback(undefined)).status).to.equal(401);
    expect((await callback(`${access.slice(0, -4)}AAAA`)).status).to.equal(401);
    const scoped = new URL((await authorize({ scope: 'write_access' })).headers.get('location')!).searchParams.get('code')!;
    const writeOnly = String((await token({ grant_type: 'authorization_code', code: scoped, redirect_uri: REDIRECT, code_verifier: VERIFIER })).body.access_token);
    expect((await callback(writeOnly)).status).to.equal(401); // invoices want einvoicing.status
    expect((await callback(writeOnly, 'credit_notes')).status).to.equal(422);
    offset += 601_000;
    const expired = await callback(access);
    expect(expired.status).to.equal(401);
    expect(expired.headers.get('www-authenticate')).to.contain('the access token has expired');
    offset = 0;
  });

  it('refreshes until the refresh token is revoked', async () => {
    const granted = await token({ grant_type: 'authorization_code', code: await codeOf(), redirect_uri: REDIRECT, code_verifier: VERIFIER });
    const refresh = String(granted.body.refresh_token);
    const again = await token({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(again.status).to.equal(200);
    expect((await callback(String(again.body.access_token))).status).to.equal(422);
    const revoked = await fetch(`${rt.url}/oauth2/revoke`, { method: 'POST', headers: { authorization: basic('einvoicing-adapter', secret), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: refresh }) });
    expect(revoked.status).to.equal(200);
    const refused = await token({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('invalid_grant');
    expect((await token({ grant_type: 'password', username: 'x', password: 'y' })).body.error).to.equal('unsupported_grant_type');
  });
});
