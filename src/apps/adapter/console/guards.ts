import type { Context, Middleware, Next } from 'koa';
import { csrfMatches, type ConsoleSession, type ConsoleSessions } from './sessions.js';

// What stands between a browser and the console's state: the security headers of every answer,
// a same-origin check on every POST (a forged cross-site form is refused before anything reads
// it), the session a page needs, and the CSRF token every change posts back.

export const SESSION_COOKIE = 'console_session';

/** No script from anywhere, styles and frames from this origin only, never framed by another site. */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` on the console's own forms.
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  });
  await next();
};

/** A console error a person reads: its status and a sentence. */
export class ConsoleRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A POST whose Origin (or, without it, Sec-Fetch-Site) says another site sent it is refused: the
 * browser sets both and a page cannot. The Origin's host must be the request's Host, or PUBLIC_URL's
 * (behind a proxy that terminates TLS or rewrites Host); its scheme is not compared, since a proxy
 * may speak http to the adapter. A client that sends neither (curl) is not a browser a forged page
 * could drive, and still needs the session's CSRF token for any change.
 */
export function sameOrigin(publicUrl?: string): Middleware {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return async function sameOriginOnly(ctx, next) {
    if (ctx.method === 'POST') {
      const origin = ctx.get('origin');
      const site = ctx.get('sec-fetch-site');
      const crossOrigin = origin ? !sameHost(origin, ctx.host, publicHost) : site !== '' && site !== 'same-origin';
      if (crossOrigin) throw new ConsoleRefusal(403, 'This form was sent from another site: the console takes changes from its own pages only.');
    }
    await next();
  };
}

function sameHost(origin: string, host: string, publicHost: string | undefined): boolean {
  let from: string;
  try {
    from = new URL(origin).host; // "null" (an opaque origin) is not a URL: another site
  } catch {
    return false;
  }
  return from === host || (publicHost !== undefined && from === publicHost);
}

export interface ConsoleState {
  session?: ConsoleSession;
}

/** The request's session, or a redirect to the sign-in page (a GET) or a 401 page (anything else). */
export function requireSession(sessions: ConsoleSessions): Middleware {
  return async function session(ctx: Context, next: Next): Promise<void> {
    const found = await sessions.read(ctx.cookies.get(SESSION_COOKIE));
    if (!found) {
      if (ctx.method === 'GET') {
        ctx.redirect(`/console/sign-in?next=${encodeURIComponent(ctx.originalUrl)}`);
        return;
      }
      throw new ConsoleRefusal(401, 'Your session has ended: sign in again.');
    }
    (ctx.state as ConsoleState).session = found;
    if (ctx.method === 'POST' && !csrfMatches(found, (ctx.request.body as Record<string, unknown> | undefined)?.csrf)) {
      throw new ConsoleRefusal(403, 'This form is not from your session (a missing or stale CSRF token): reload the page and send it again.');
    }
    await next();
  };
}

/** Refuses what only the admin key may do (as the admin API is the operator's alone): 403 saying who may. */
export function operatorOnly(ctx: Context, what: string): void {
  if (sessionOf(ctx).principal.kind !== 'operator') throw new ConsoleRefusal(403, `Only the operator (the admin key) ${what}.`);
}

export function sessionOf(ctx: Context): ConsoleSession {
  const session = (ctx.state as ConsoleState).session;
  if (!session) throw new Error('sessionOf: the route is not behind requireSession');
  return session;
}

/** Where a sign-in goes next: a console path of this site only, never another origin. */
export function nextPath(value: unknown): string {
  return typeof value === 'string' && /^\/console(\/|$|\?)/.test(value) && !value.startsWith('//') ? value : '/console';
}
