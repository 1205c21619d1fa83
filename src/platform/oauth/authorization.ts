import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Store } from '../store/store.js';
import type { CallbackSites } from './callback-sites.js';
import type { Sealer } from '../crypto/sealing.js';

// The authorization-code grant as two halves: `begin` (the CLI's `merchants connect`, or `start`
// for its own billing module) writes the authorize request's state and PKCE verifier (sealed)
// and gives the URL to open; `complete` (GET /oauth/callback on the adapter) takes the code, checks
// the state once, exchanges the code and stores the tokens. The two halves may run in different
// processes: the row is what they share.

/** How long an authorize URL stays usable. */
const STATE_TTL_MS = 15 * 60_000;

export interface AuthorizationDeps {
  store: Pick<Store, 'directory' | 'transaction'>;
  sites: Pick<CallbackSites, 'client'>;
  seal: Sealer;
  clock: () => Date;
}

/** The redirect came back unusable: a 400 for the browser, with why. */
export class AuthorizationFailed extends Error {}

const digest = (state: string) => createHash('sha256').update(state).digest('hex');

export async function beginAuthorization(siteId: string, redirectUri: string, deps: AuthorizationDeps): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const verifier = oauth.generateRandomCodeVerifier();
  const now = deps.clock();
  const sealed = await deps.seal.seal({ verifier, redirectUri });
  await deps.store.transaction(async ({ directory }) => {
    await directory.purgeStates(now.toISOString());
    await directory.putState(digest(state), siteId, sealed, new Date(now.getTime() + STATE_TTL_MS).toISOString());
  });
  return deps.sites.client(siteId).authorizationUrl(redirectUri, state, verifier);
}

/** The redirect's URL → the site now connected (its held callbacks released). */
export async function completeAuthorization(callback: URL, deps: AuthorizationDeps): Promise<string> {
  const state = callback.searchParams.get('state');
  if (!state) throw new AuthorizationFailed('the redirect has no state: open the URL that `einvoicing-adapter merchants connect` printed');
  const request = await deps.store.directory.takeState(digest(state));
  if (!request || Date.parse(request.expiresAt) < deps.clock().getTime()) {
    throw new AuthorizationFailed('this authorization request is unknown, used or expired: run `einvoicing-adapter merchants connect` again');
  }
  const { verifier, redirectUri } = await deps.seal.unseal<{ verifier: string; redirectUri: string }>(request.sealed);
  let tokens;
  try {
    tokens = await deps.sites.client(request.siteId).exchangeCode(callback, state, redirectUri, verifier);
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) throw new AuthorizationFailed(`the platform did not authorize: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`);
    throw new AuthorizationFailed(`the code could not be exchanged: ${(err as Error).message}`);
  }
  const sealed = await deps.seal.seal(tokens);
  const at = deps.clock().toISOString();
  await deps.store.directory.putConnection({ siteId: request.siteId, sealed, expiresAt: tokens.expiresAt ?? null, at }, true);
  return request.siteId;
}
