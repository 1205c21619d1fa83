import { encryptInvoice, encryptToken, newSessionKey, rsaOaep, sha256Base64, type MinistryKey, type SessionKey } from './ksef-crypto.js';
import type { KsefAnswer, KsefExchange, KsefRequest } from './ksef-exchange.js';
import { FA3_FORM } from './xml.js';

// The KSeF 2.0 API as one taxpayer (a NIP context authenticated with its KSeF token) uses it
// for interactive sessions: authenticate (challenge → token encrypted with the Ministry's key →
// status until 200 → redeem access and refresh tokens), refresh the access token a minute before
// it expires (or after a 401), open a session with a wrapped AES key, send an encrypted invoice,
// read its status and UPO, close the session. Shapes: ksef-docs open-api.json (v2).

/** KSeF did not answer (network error, timeout, 5xx, 429): try again later. */
export class KsefUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** KSeF answered and refused: the codes of its problem details (`errors[].code`, or the problem's status or reasonCode). */
export class KsefRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly codes: { code: number | string; description: string; details?: string[] | undefined }[],
  ) {
    super(message);
  }
}

/** KSeF refused the credentials (the token, its permissions): the operator must act; documents wait. */
export class KsefAuthRefused extends KsefRefused {}

export interface MinistryKeys {
  token: MinistryKey;
  symmetric: MinistryKey;
}

export interface KsefClientOptions {
  exchange: KsefExchange;
  /** The Ministry's public keys: pinned from files, or fetched from the API (`fetchMinistryKeys`). */
  keys: () => Promise<MinistryKeys>;
  /** The KSeF token, read from its file at start; never logged. */
  ksefToken: string;
  nip: string;
  clock: () => Date;
  /** Waits between polls of the authentication status (tests shorten it). */
  authPollMs?: number;
}

interface Token {
  token: string;
  validUntil: number;
}

export interface OpenSession {
  referenceNumber: string;
  validUntil: number;
  key: SessionKey;
}

export interface InvoiceStatus {
  ordinalNumber?: number;
  referenceNumber: string;
  ksefNumber?: string | null;
  invoiceNumber?: string | null;
  acquisitionDate?: string | null;
  status: { code: number; description: string; details?: string[] | null; extensions?: Record<string, string | null> | null };
}

/** Tokens are renewed this long before they expire. */
const RENEW_BEFORE_MS = 60_000;
/** An authentication that has not finished after this many polls is given up (KSeF's own waits are seconds). */
const AUTH_POLLS = 30;

export class KsefClient {
  private access?: Token | undefined;
  private refresh?: Token | undefined;
  private authenticating?: Promise<void> | undefined;

  constructor(private readonly o: KsefClientOptions) {}

  // ---- authentication -------------------------------------------------------------------

  /** A valid access token: the cached one, a refreshed one, or a new authentication. */
  async accessToken(): Promise<string> {
    const now = this.o.clock().getTime();
    if (this.access && this.access.validUntil - RENEW_BEFORE_MS > now) return this.access.token;
    this.authenticating ??= this.renew().finally(() => (this.authenticating = undefined));
    await this.authenticating;
    return this.access!.token;
  }

  /** Forget the access token (KSeF answered 401): the next call refreshes it. */
  expireAccess(): void {
    this.access = undefined;
  }

  private async renew(): Promise<void> {
    const now = this.o.clock().getTime();
    if (this.refresh && this.refresh.validUntil > now) {
      try {
        const r = await this.json<{ accessToken: { token: string; validUntil: string } }>({ method: 'POST', path: '/auth/token/refresh', token: this.refresh.token });
        this.access = tokenOf(r.accessToken);
        return;
      } catch (err) {
        // A refused refresh (revoked, expired early) falls back to a new authentication.
        if (!(err instanceof KsefRefused)) throw err;
        this.refresh = undefined;
      }
    }
    try {
      await this.authenticate();
    } catch (err) {
      if (err instanceof KsefRefused && !(err instanceof KsefAuthRefused)) throw new KsefAuthRefused(err.message, err.status, err.codes);
      throw err;
    }
  }

  private async authenticate(): Promise<void> {
    const { token: key } = await this.o.keys();
    const challenge = await this.json<{ challenge: string; timestampMs: number }>({ method: 'POST', path: '/auth/challenge' });
    const init = await this.json<{ referenceNumber: string; authenticationToken: { token: string } }>({
      method: 'POST',
      path: '/auth/ksef-token',
      json: {
        challenge: challenge.challenge,
        contextIdentifier: { type: 'Nip', value: this.o.nip },
        encryptedToken: encryptToken(key.key, this.o.ksefToken, challenge.timestampMs),
        publicKeyId: key.id,
      },
    });
    const auth = init.authenticationToken.token;
    for (let poll = 0; ; poll++) {
      const s = await this.json<{ status: { code: number; description: string; details?: string[] } }>({ method: 'GET', path: `/auth/${init.referenceNumber}`, token: auth });
      if (s.status.code === 200) break;
      if (s.status.code !== 100) {
        const codes = [{ code: s.status.code, description: s.status.description, details: s.status.details }];
        throw new KsefAuthRefused(`KSeF refused the authentication of NIP ${this.o.nip}: ${s.status.code} ${s.status.description}${s.status.details ? ` (${s.status.details.join('; ')})` : ''}`, 400, codes);
      }
      if (poll >= AUTH_POLLS) throw new KsefUnavailable(`KSeF has not finished authenticating NIP ${this.o.nip} after ${AUTH_POLLS} polls`);
      await sleep(this.o.authPollMs ?? 1000);
    }
    const tokens = await this.json<{ accessToken: { token: string; validUntil: string }; refreshToken: { token: string; validUntil: string } }>({ method: 'POST', path: '/auth/token/redeem', token: auth });
    this.access = tokenOf(tokens.accessToken);
    this.refresh = tokenOf(tokens.refreshToken);
  }

  // ---- interactive sessions -------------------------------------------------------------

  async openSession(): Promise<OpenSession> {
    const { symmetric } = await this.o.keys();
    const key = newSessionKey();
    const r = await this.authorized<{ referenceNumber: string; validUntil: string }>({
      method: 'POST',
      path: '/sessions/online',
      json: {
        formCode: FA3_FORM,
        encryption: { encryptedSymmetricKey: rsaOaep(symmetric.key, key.key).toString('base64'), initializationVector: key.iv.toString('base64'), publicKeyId: symmetric.id },
      },
    });
    return { referenceNumber: r.referenceNumber, validUntil: Date.parse(r.validUntil), key };
  }

  /** Sends one invoice in the session; its reference number identifies it from then on. */
  async sendInvoice(session: OpenSession, xml: string): Promise<{ referenceNumber: string; invoiceHash: string }> {
    const plain = Buffer.from(xml, 'utf8');
    const encrypted = encryptInvoice(session.key, plain);
    const invoiceHash = sha256Base64(plain);
    const r = await this.authorized<{ referenceNumber: string }>({
      method: 'POST',
      path: `/sessions/online/${session.referenceNumber}/invoices`,
      json: {
        invoiceHash,
        invoiceSize: plain.length,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.length,
        encryptedInvoiceContent: encrypted.toString('base64'),
        offlineMode: false,
      },
    });
    return { referenceNumber: r.referenceNumber, invoiceHash };
  }

  invoiceStatus(sessionReference: string, invoiceReference: string): Promise<InvoiceStatus> {
    return this.authorized<InvoiceStatus>({ method: 'GET', path: `/sessions/${sessionReference}/invoices/${invoiceReference}` });
  }

  /** The invoice's UPO (XML signed by the Ministry), by its reference number or by its KSeF number. */
  async invoiceUpo(sessionReference: string, by: { invoiceReference: string } | { ksefNumber: string }): Promise<string> {
    const path = 'ksefNumber' in by ? `/sessions/${sessionReference}/invoices/ksef/${by.ksefNumber}/upo` : `/sessions/${sessionReference}/invoices/${by.invoiceReference}/upo`;
    return (await this.authorizedAnswer({ method: 'GET', path })).body;
  }

  async closeSession(referenceNumber: string): Promise<void> {
    await this.authorizedAnswer({ method: 'POST', path: `/sessions/online/${referenceNumber}/close` });
  }

  // ---- requests -------------------------------------------------------------------------

  private async authorized<T>(r: Omit<KsefRequest, 'token'>): Promise<T> {
    return parse<T>(await this.authorizedAnswer(r), r.path);
  }

  /** With the access token; a 401 (expired or revoked early) renews it and tries once more. */
  private async authorizedAnswer(r: Omit<KsefRequest, 'token'>): Promise<KsefAnswer> {
    const first = await this.send({ ...r, token: await this.accessToken() });
    if (first.status !== 401) return checked(first, r.path);
    this.expireAccess();
    return checked(await this.send({ ...r, token: await this.accessToken() }), r.path);
  }

  private async json<T>(r: KsefRequest): Promise<T> {
    return parse<T>(checked(await this.send(r), r.path), r.path);
  }

  private async send(r: KsefRequest): Promise<KsefAnswer> {
    try {
      return await this.o.exchange.request(r);
    } catch (err) {
      throw new KsefUnavailable(`KSeF did not answer ${r.method} ${r.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The Ministry's public keys from `GET /security/public-key-certificates`, by usage; only certificates valid now. */
export async function fetchMinistryKeys(exchange: KsefExchange, now: Date, toKey: (certificate: string) => MinistryKey): Promise<MinistryKeys> {
  let answer: KsefAnswer;
  try {
    answer = await exchange.request({ method: 'GET', path: '/security/public-key-certificates' });
  } catch (err) {
    throw new KsefUnavailable(`KSeF did not answer GET /security/public-key-certificates: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = parse<{ certificate: string; usage: string[]; validFrom: string; validTo: string }[]>(checked(answer, '/security/public-key-certificates'), '/security/public-key-certificates');
  const valid = list.filter((c) => Date.parse(c.validFrom) <= now.getTime() && now.getTime() < Date.parse(c.validTo));
  const pick = (usage: string) => {
    const c = valid.find((x) => x.usage.includes(usage));
    if (!c) throw new KsefUnavailable(`KSeF publishes no valid ${usage} certificate`);
    return toKey(c.certificate);
  };
  return { token: pick('KsefTokenEncryption'), symmetric: pick('SymmetricKeyEncryption') };
}

/** The Ministry's keys fetched once at first use (and again after a failed fetch), for a client's `keys`. */
export function publishedMinistryKeys(exchange: KsefExchange, clock: () => Date, toKey: (certificate: string) => MinistryKey): () => Promise<MinistryKeys> {
  let fetched: Promise<MinistryKeys> | undefined;
  return () =>
    (fetched ??= fetchMinistryKeys(exchange, clock(), toKey).catch((err: unknown) => {
      fetched = undefined;
      throw err;
    }));
}

function tokenOf(t: { token: string; validUntil: string }): Token {
  return { token: t.token, validUntil: Date.parse(t.validUntil) };
}

/** 2xx passes; 5xx, 429 and 408 are KSeF not answering; any other 4xx is a refusal with its codes. */
function checked(a: KsefAnswer, path: string): KsefAnswer {
  if (a.status >= 200 && a.status < 300) return a;
  if (a.status >= 500 || a.status === 429 || a.status === 408) throw new KsefUnavailable(`KSeF answered ${path} with HTTP ${a.status}`, a.retryAfterMs);
  const codes = refusalCodes(a.body);
  const text = codes.length ? codes.map((c) => `${c.code} ${c.description}${c.details?.length ? ` (${c.details.join('; ')})` : ''}`).join('; ') : a.body.trim().slice(0, 300);
  throw new KsefRefused(`KSeF refused ${path} (HTTP ${a.status})${text ? `: ${text}` : ''}`, a.status, codes);
}

/** Problem details (RFC 9457) as KSeF answers them to `X-Error-Format: problem-details`. */
interface ProblemDetails {
  title?: string;
  status?: number;
  detail?: string;
  /** A 400's errors, each with KSeF's code (21405 …). */
  errors?: { code: number; description: string; details?: string[] | null }[];
  /** A 403's reason (`missing-permissions` …). */
  reasonCode?: string;
}

/**
 * KSeF's codes from problem details: a 400 lists them in `errors`; a 401, 403 or 410 has one
 * problem (a 403 names its reasonCode). The deprecated ExceptionResponse is not read: every
 * request asks for problem details, and a body of another shape is quoted in the message.
 */
function refusalCodes(body: string): KsefRefused['codes'] {
  let p: ProblemDetails;
  try {
    p = JSON.parse(body) as ProblemDetails;
  } catch {
    return [];
  }
  if (Array.isArray(p?.errors) && p.errors.length > 0) return p.errors.map((e) => ({ code: e.code, description: e.description, details: e.details ?? undefined }));
  if (p?.title || p?.detail) return [{ code: p.reasonCode ?? p.status ?? '', description: [p.title, p.detail].filter(Boolean).join(': ') }];
  return [];
}

function parse<T>(a: KsefAnswer, path: string): T {
  try {
    return JSON.parse(a.body) as T;
  } catch {
    throw new KsefUnavailable(`KSeF answered ${path} with HTTP ${a.status} and a body that is not JSON`);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
