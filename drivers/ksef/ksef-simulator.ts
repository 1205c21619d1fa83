import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { escapeText } from '../../src/formats/xml/writer.js';
import type { MinistryKeys } from './ksef-client.js';
import type { KsefAnswer, KsefExchange, KsefRequest } from './ksef-exchange.js';
import { fa3Identity } from './fa3-identity.js';
import { ksefNumber } from './ksef-number.js';

// The sandbox's KSeF: what answers an entity's invoices when it has no KSeF token. It speaks the
// KSeF 2.0 API's JSON (the subset the client uses) with its own RSA key pair standing in for the
// Ministry's: it decrypts the token and the session key, decrypts each invoice and checks its
// hash and size, gives a KSeF number (with its CRC-8) to each new invoice, answers 440 for an
// invoice it already holds (by seller NIP and number), and issues a UPO in the v4-3 shape
// naming itself, not the Ministry. Its answers are the official OpenAPI's (API 2.6.0): times
// with their UTC offset as KSeF writes them, the authentication method's info, and refusals as
// the problem details KSeF gives a client that asks for them (the client always does). Held in
// memory. It does not check FA(3) against the schema: the official rules run over the goldens.

const UPO_NS = 'http://upo.schematy.mf.gov.pl/KSeF/v4-3';
const HOUR = 3_600_000;

interface SimInvoice {
  reference: string;
  session: string;
  ordinal: number;
  nip: string;
  number: string;
  issueDate: string;
  hash: string;
  sentAt: Date;
  ksefNumber?: string | undefined;
  duplicateOf?: { session: string; ksefNumber: string } | undefined;
}

export class KsefSimulator implements KsefExchange {
  readonly name = 'sandbox';
  private readonly privateKey: KeyObject;
  readonly keys: MinistryKeys;
  private counter = 0;
  private readonly operations = new Map<string, { nip: string; started: Date }>(); // auth reference → context NIP
  private readonly access = new Map<string, { nip: string; until: number }>();
  private readonly refresh = new Map<string, string>();
  private readonly sessions = new Map<string, { nip: string; key: Buffer; iv: Buffer; open: boolean; invoices: SimInvoice[] }>();
  private readonly held = new Map<string, SimInvoice>(); // `${nip}|${number}` → the accepted invoice

  constructor(private readonly clock: () => Date) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    const id = createHash('sha256').update(pair.publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
    this.keys = { token: { key: pair.publicKey, id }, symmetric: { key: pair.publicKey, id } };
  }

  async request(r: KsefRequest): Promise<KsefAnswer> {
    const now = this.clock();
    const p = r.path;
    const at: At = { now, path: p };
    let m: RegExpExecArray | null;
    if (r.method === 'POST' && p === '/auth/challenge') return ok({ challenge: this.reference(now, 'CR'), timestamp: ksefTime(now), timestampMs: now.getTime(), clientIp: '127.0.0.1' });
    if (r.method === 'POST' && p === '/auth/ksef-token') return this.ksefToken(r.json as { contextIdentifier: { value: string }; encryptedToken: string }, at);
    if (r.method === 'GET' && (m = /^\/auth\/([^/]+)$/.exec(p))) {
      const op = this.operations.get(m[1]!);
      if (!op) return badRequest(at, 21304, 'Brak uwierzytelnienia.', [`Operacja uwierzytelniania o numerze referencyjnym ${m[1]} nie została znaleziona.`]);
      return ok({ startDate: ksefTime(op.started), authenticationMethod: 'Token', authenticationMethodInfo: TOKEN_METHOD, status: { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' } });
    }
    if (r.method === 'POST' && p === '/auth/token/redeem') return this.redeem(r.token, at);
    if (r.method === 'POST' && p === '/auth/token/refresh') {
      const nip = r.token && this.refresh.get(r.token);
      return nip ? ok({ accessToken: this.accessToken(nip, now) }) : unauthorized(at);
    }
    const nip = r.token ? this.access.get(r.token) : undefined;
    if (!nip || nip.until <= now.getTime()) return unauthorized(at);
    if (r.method === 'POST' && p === '/sessions/online') return this.openSession(nip.nip, r.json as { encryption: { encryptedSymmetricKey: string; initializationVector: string } }, at);
    if (r.method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(p))) return this.receive(m[1]!, r.json as Record<string, string | number>, at);
    if (r.method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/close$/.exec(p))) {
      const s = this.sessions.get(m[1]!);
      if (!s) return noSession(at, m[1]!);
      s.open = false;
      return { status: 204, body: '' };
    }
    if (r.method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(p))) {
      const inv = this.sessions.get(m[1]!)?.invoices.find((i) => i.ksefNumber === m![2]);
      return inv ? { status: 200, body: this.upo(inv) } : noUpo(at, `UPO o numerze KSeF ${m[2]} i numerze referencyjnym sesji ${m[1]} nie zostało znalezione.`);
    }
    if (r.method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(p))) {
      const inv = this.sessions.get(m[1]!)?.invoices.find((i) => i.reference === m![2]);
      if (!inv) return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', [`Faktura ${m[2]} nie została znaleziona.`]);
      if (m[3]) return inv.ksefNumber ? { status: 200, body: this.upo(inv) } : noUpo(at, `UPO faktury o numerze referencyjnym ${m[2]} w sesji ${m[1]} nie zostało znalezione.`);
      return ok(this.status(inv));
    }
    return problem(at, 404, { title: 'Not Found', detail: `Zasób ${p} nie istnieje.` });
  }

  close(): void {}

  private ksefToken(body: { contextIdentifier: { value: string }; encryptedToken: string }, at: At): KsefAnswer {
    let plain: string;
    try {
      plain = privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.encryptedToken, 'base64')).toString('utf8');
    } catch {
      return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować tokena.']);
    }
    if (!/^.+\|\d+$/.test(plain)) return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', ['Niepoprawny format tokena.']);
    const reference = this.reference(at.now, 'AU');
    this.operations.set(reference, { nip: body.contextIdentifier.value, started: at.now });
    return { status: 202, body: JSON.stringify({ referenceNumber: reference, authenticationToken: { token: reference, validUntil: ksefTime(new Date(at.now.getTime() + HOUR)) } }) };
  }

  private redeem(token: string | undefined, at: At): KsefAnswer {
    const now = at.now;
    const nip = token && this.operations.get(token)?.nip;
    if (!nip) return badRequest(at, 21301, 'Brak autoryzacji.', ['Status uwierzytelniania nie pozwala na pobranie tokenów.']);
    this.operations.delete(token);
    const refreshToken = randomBytes(24).toString('base64url');
    this.refresh.set(refreshToken, nip);
    return ok({ accessToken: this.accessToken(nip, now), refreshToken: { token: refreshToken, validUntil: ksefTime(new Date(now.getTime() + 7 * 24 * HOUR)) } });
  }

  private accessToken(nip: string, now: Date): { token: string; validUntil: string } {
    const token = randomBytes(24).toString('base64url');
    const until = now.getTime() + 15 * 60_000;
    this.access.set(token, { nip, until });
    return { token, validUntil: ksefTime(new Date(until)) };
  }

  private openSession(nip: string, body: { encryption: { encryptedSymmetricKey: string; initializationVector: string } }, at: At): KsefAnswer {
    let key: Buffer;
    try {
      key = privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.encryption.encryptedSymmetricKey, 'base64'));
    } catch {
      return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza symetrycznego.']);
    }
    const reference = this.reference(at.now, 'SO');
    this.sessions.set(reference, { nip, key, iv: Buffer.from(body.encryption.initializationVector, 'base64'), open: true, invoices: [] });
    return { status: 201, body: JSON.stringify({ referenceNumber: reference, validUntil: ksefTime(new Date(at.now.getTime() + 12 * HOUR)) }) };
  }

  private receive(sessionRef: string, body: Record<string, string | number>, at: At): KsefAnswer {
    const now = at.now;
    const s = this.sessions.get(sessionRef);
    if (!s) return noSession(at, sessionRef);
    if (!s.open) return badRequest(at, 21180, 'Status sesji nie pozwala na wykonanie operacji.', ['Status sesji 170 uniemożliwia wysyłkę faktur.']);
    const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
    let plain: Buffer;
    try {
      const d = createDecipheriv('aes-256-cbc', s.key, s.iv);
      plain = Buffer.concat([d.update(encrypted), d.final()]);
    } catch {
      return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować faktury.']);
    }
    const hash = createHash('sha256').update(plain).digest('base64');
    if (plain.length !== body.invoiceSize || encrypted.length !== body.encryptedInvoiceSize) return badRequest(at, 21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
    if (hash !== body.invoiceHash) return badRequest(at, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    const id = fa3Identity(plain.toString('utf8'));
    if (!id) return badRequest(at, 21405, 'Błąd walidacji danych wejściowych.', ['Faktura nie zawiera NIP sprzedawcy lub numeru (P_2).']);
    const nip = id.nip;
    const number = unescape(id.number);
    const inv: SimInvoice = { reference: this.reference(now, 'EE'), session: sessionRef, ordinal: s.invoices.length + 1, nip, number, issueDate: id.issueDate ?? '', hash, sentAt: now };
    const earlier = this.held.get(`${nip}|${number}`);
    if (earlier) inv.duplicateOf = { session: earlier.session, ksefNumber: earlier.ksefNumber! };
    else {
      inv.ksefNumber = ksefNumber(nip, now.toISOString().slice(0, 10), createHash('sha256').update(`${inv.reference}|${hash}`).digest('hex').slice(0, 12));
      this.held.set(`${nip}|${number}`, inv);
    }
    s.invoices.push(inv);
    return { status: 202, body: JSON.stringify({ referenceNumber: inv.reference }) };
  }

  private status(inv: SimInvoice): object {
    const base = { ordinalNumber: inv.ordinal, invoiceNumber: inv.number, referenceNumber: inv.reference, invoiceHash: inv.hash, invoicingDate: ksefTime(inv.sentAt) };
    if (inv.duplicateOf) {
      const d = inv.duplicateOf;
      return { ...base, status: { code: 440, description: 'Duplikat faktury', details: [`Duplikat faktury. Faktura o numerze KSeF: ${d.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${d.session}`], extensions: { originalSessionReferenceNumber: d.session, originalKsefNumber: d.ksefNumber } } };
    }
    return { ...base, ksefNumber: inv.ksefNumber, acquisitionDate: ksefTime(inv.sentAt), invoicingMode: 'Online', status: { code: 200, description: 'Sukces' } };
  }

  private upo(inv: SimInvoice): string {
    const at = inv.sentAt.toISOString();
    return (
      `<?xml version="1.0" encoding="utf-8"?>\n<Potwierdzenie xmlns="${UPO_NS}">\n` +
      `\t<NazwaPodmiotuPrzyjmujacego>Symulator KSeF (einvoicing-adapter sandbox, bez mocy prawnej)</NazwaPodmiotuPrzyjmujacego>\n` +
      `\t<NumerReferencyjnySesji>${inv.session}</NumerReferencyjnySesji>\n` +
      `\t<Uwierzytelnienie>\n\t\t<IdKontekstu>\n\t\t\t<Nip>${inv.nip}</Nip>\n\t\t</IdKontekstu>\n\t\t<SkrotDokumentuUwierzytelniajacego>${createHash('sha256').update(inv.session).digest('base64')}</SkrotDokumentuUwierzytelniajacego>\n\t</Uwierzytelnienie>\n` +
      `\t<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>\n\t<KodFormularza>FA (3)</KodFormularza>\n` +
      `\t<Dokument>\n\t\t<NipSprzedawcy>${inv.nip}</NipSprzedawcy>\n\t\t<NumerKSeFDokumentu>${inv.ksefNumber}</NumerKSeFDokumentu>\n\t\t<NumerFaktury>${escapeText(inv.number)}</NumerFaktury>\n` +
      `\t\t<DataWystawieniaFaktury>${inv.issueDate}</DataWystawieniaFaktury>\n\t\t<DataPrzeslaniaDokumentu>${at}</DataPrzeslaniaDokumentu>\n\t\t<DataNadaniaNumeruKSeF>${at}</DataNadaniaNumeruKSeF>\n` +
      `\t\t<SkrotDokumentu>${inv.hash}</SkrotDokumentu>\n\t\t<TrybWysylki>Online</TrybWysylki>\n\t</Dokument>\n</Potwierdzenie>\n`
    );
  }

  /** `20250625-SO-2C3E6C8000-B675CF5D68-07`: date, kind, two 10-hex parts and a check pair. */
  private reference(now: Date, kind: string): string {
    this.counter += 1;
    const hex = createHash('sha256').update(`${kind}|${now.getTime()}|${this.counter}|${randomBytes(4).toString('hex')}`).digest('hex').toUpperCase();
    return `${now.toISOString().slice(0, 10).replace(/-/g, '')}-${kind}-${hex.slice(0, 10)}-${hex.slice(10, 20)}-${hex.slice(20, 22)}`;
  }
}

const ok = (body: object): KsefAnswer => ({ status: 200, body: JSON.stringify(body) });

/** How KSeF writes a time: seven fraction digits and the UTC offset (`2025-07-11T12:23:56.0150000+00:00`). */
function ksefTime(d: Date): string {
  return d.toISOString().replace(/Z$/, '0000+00:00');
}

/** The method a KSeF token authenticates with (`authenticationMethodInfo`, in the answer since API 2.1.0, required; the documentation prints no `code` for a token). */
const TOKEN_METHOD = { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' };

/** Where and when a refusal is given: its problem details' instance and timestamp. */
interface At {
  now: Date;
  path: string;
}

/** Problem details (application/problem+json) in the official order of their fields. */
function problem(at: At, status: number, p: { title: string; detail: string; errors?: { code: number; description: string; details?: string[] }[] }): KsefAnswer {
  const body = { title: p.title, status, instance: `/v2${at.path}`, detail: p.detail, ...(p.errors && { errors: p.errors }), timestamp: ksefTime(at.now), traceId: randomBytes(16).toString('hex') };
  return { status, body: JSON.stringify(body) };
}

const badRequest = (at: At, code: number, description: string, details: string[]): KsefAnswer => problem(at, 400, { title: 'Bad Request', detail: 'Żądanie jest nieprawidłowe.', errors: [{ code, description, details }] });
const unauthorized = (at: At): KsefAnswer => problem(at, 401, { title: 'Unauthorized', detail: 'Wymagane jest uwierzytelnienie.' });
const noSession = (at: At, session: string): KsefAnswer => badRequest(at, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [`Sesja o numerze referencyjnym ${session} nie została odnaleziona.`]);
const noUpo = (at: At, detail: string): KsefAnswer => badRequest(at, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [detail]);

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
}
