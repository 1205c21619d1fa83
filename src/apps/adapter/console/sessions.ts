import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../../../platform/directory/directory.js';
import type { DirectoryOperations } from '../../../platform/store/store.js';

// A console sign-in is a row (console_sessions, migration 18) found by the SHA-256 of the random
// id the browser holds in its cookie, so every process sharing the store knows it and sign-out
// ends it everywhere. Each request resolves the key it was opened with again: a revoked merchant
// key or a changed admin key ends its sessions at once.

/** How long a session lasts from its sign-in: a working day. */
export const SESSION_TTL_MS = 8 * 3_600_000;

export interface ConsoleSession {
  /** The id the cookie holds (to derive the CSRF token and to end the session). */
  id: string;
  principal: Principal;
  /** The token each form of this session posts back (csrfToken). */
  csrf: string;
  expiresAt: string;
}

export interface SessionDeps {
  directory: Pick<DirectoryOperations, 'putSession' | 'session' | 'dropSession' | 'purgeSessions'>;
  /** Who the key of this SHA-256 is now: the operator (the admin key), a merchant, or nobody. */
  principalOfKey: (keySha256: string) => Principal | undefined;
  clock: () => Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The CSRF token of a session: derived from its id, so nothing more is stored, and useless without the cookie's id. */
export function csrfToken(sessionId: string): string {
  return createHmac('sha256', sessionId).update('console csrf token').digest('base64url');
}

/** Compares a posted token with the session's in constant time. */
export function csrfMatches(session: ConsoleSession, posted: unknown): boolean {
  if (typeof posted !== 'string') return false;
  const want = Buffer.from(session.csrf);
  const got = Buffer.from(posted);
  return got.length === want.length && timingSafeEqual(got, want);
}

export class ConsoleSessions {
  constructor(private readonly deps: SessionDeps) {}

  /** A new session for the key of this SHA-256; the expired ones are purged first. */
  async open(keySha256: string, principal: Principal): Promise<ConsoleSession> {
    const now = this.deps.clock();
    await this.deps.directory.purgeSessions(now.toISOString());
    const id = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
    await this.deps.directory.putSession({ sessionSha256: sha256(id), keySha256, merchantId: principal.kind === 'merchant' ? principal.merchantId : null, createdAt: now.toISOString(), expiresAt });
    return { id, principal, csrf: csrfToken(id), expiresAt };
  }

  /** The live session of a cookie's id: none when unknown, expired, or its key no longer opens the same principal. */
  async read(id: string | undefined): Promise<ConsoleSession | undefined> {
    if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const row = await this.deps.directory.session(sha256(id));
    if (!row || Date.parse(row.expiresAt) <= this.deps.clock().getTime()) return undefined;
    const principal = this.deps.principalOfKey(row.keySha256);
    const same = principal && (principal.kind === 'operator' ? row.merchantId === null : principal.merchantId === row.merchantId);
    return same ? { id, principal, csrf: csrfToken(id), expiresAt: row.expiresAt } : undefined;
  }

  async close(id: string): Promise<void> {
    await this.deps.directory.dropSession(sha256(id));
  }
}
