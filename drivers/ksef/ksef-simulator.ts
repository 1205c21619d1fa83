import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { escapeText } from '../../src/xml/writer.js';
import type { MinistryKeys } from './ksef-client.js';
import type { KsefAnswer, KsefExchange, KsefRequest } from './ksef-exchange.js';
import { fa3Identity } from './fa3-identity.js';
import { ksefNumber } from './ksef-number.js';

// The sandbox's KSeF: what answers an entity's invoices when it has no KSeF token. It speaks the
// KSeF 2.0 API's JSON (the subset the client uses) with its own RSA key pair standing in for the
// Ministry's: it decrypts the token and the session key, decrypts each invoice and checks its
// hash and size, gives a KSeF number (with its CRC-8) to each new invoice, answers 440 for an
// invoice it already holds (by seller NIP and number), and issues a UPO in the v4-3 shape
// naming itself, not the Ministry. Held in memory. It does not check FA(3) against the schema:
// the official rules run over the goldens.

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
  private readonly operations = new Map<string, string>(); // auth reference → context NIP
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
    let m: RegExpExecArray | null;
    if (r.method === 'POST' && p === '/auth/challenge') return ok({ challenge: this.reference(now, 'CR'), timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp: '127.0.0.1' });
    if (r.method === 'POST' && p === '/auth/ksef-token') return this.ksefToken(r.json as { contextIdentifier: { value: string }; encryptedToken: string }, now);
    if (r.method === 'GET' && (m = /^\/auth\/([^/]+)$/.exec(p))) {
      return this.operations.has(m[1]!) ? ok({ startDate: now.toISOString(), authenticationMethod: 'Token', status: { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' } }) : exception(21304, 'Brak uwierzytelnienia.');
    }
    if (r.method === 'POST' && p === '/auth/token/redeem') return this.redeem(r.token, now);
    if (r.method === 'POST' && p === '/auth/token/refresh') {
      const nip = r.token && this.refresh.get(r.token);
      return nip ? ok({ accessToken: this.accessToken(nip, now) }) : { status: 401, body: '{"title":"Unauthorized","status":401}' };
    }
    const nip = r.token ? this.access.get(r.token) : undefined;
    if (!nip || nip.until <= now.getTime()) return { status: 401, body: JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'Wymagane jest uwierzytelnienie.', timestamp: now.toISOString() }) };
    if (r.method === 'POST' && p === '/sessions/online') return this.openSession(nip.nip, r.json as { encryption: { encryptedSymmetricKey: string; initializationVector: string } }, now);
    if (r.method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(p))) return this.receive(m[1]!, r.json as Record<string, string | number>, now);
    if (r.method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/close$/.exec(p))) {
      const s = this.sessions.get(m[1]!);
      if (!s) return exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.');
      s.open = false;
      return { status: 204, body: '' };
    }
    if (r.method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(p))) {
      const inv = this.sessions.get(m[1]!)?.invoices.find((i) => i.ksefNumber === m![2]);
      return inv ? { status: 200, body: this.upo(inv) } : { status: 404, body: '{"title":"Not Found","status":404}' };
    }
    if (r.method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(p))) {
      const inv = this.sessions.get(m[1]!)?.invoices.find((i) => i.reference === m![2]);
      if (!inv) return exception(21405, 'Błąd walidacji danych wejściowych.', [`Faktura ${m[2]} nie została znaleziona.`]);
      if (m[3]) return inv.ksefNumber ? { status: 200, body: this.upo(inv) } : { status: 404, body: '{"title":"Not Found","status":404}' };
      return ok(this.status(inv));
    }
    return { status: 404, body: JSON.stringify({ title: 'Not Found', status: 404, instance: p }) };
  }

  close(): void {}

  private ksefToken(body: { contextIdentifier: { value: string }; encryptedToken: string }, now: Date): KsefAnswer {
    let plain: string;
    try {
      plain = privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.encryptedToken, 'base64')).toString('utf8');
    } catch {
      return exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować tokena.']);
    }
    if (!/^.+\|\d+$/.test(plain)) return exception(21405, 'Błąd walidacji danych wejściowych.', ['Niepoprawny format tokena.']);
    const reference = this.reference(now, 'AU');
    this.operations.set(reference, body.contextIdentifier.value);
    return { status: 202, body: JSON.stringify({ referenceNumber: reference, authenticationToken: { token: reference, validUntil: new Date(now.getTime() + HOUR).toISOString() } }) };
  }

  private redeem(token: string | undefined, now: Date): KsefAnswer {
    const nip = token && this.operations.get(token);
    if (!nip) return exception(21301, 'Brak autoryzacji.');
    this.operations.delete(token);
    const refreshToken = randomBytes(24).toString('base64url');
    this.refresh.set(refreshToken, nip);
    return ok({ accessToken: this.accessToken(nip, now), refreshToken: { token: refreshToken, validUntil: new Date(now.getTime() + 7 * 24 * HOUR).toISOString() } });
  }

  private accessToken(nip: string, now: Date): { token: string; validUntil: string } {
    const token = randomBytes(24).toString('base64url');
    const until = now.getTime() + 15 * 60_000;
    this.access.set(token, { nip, until });
    return { token, validUntil: new Date(until).toISOString() };
  }

  private openSession(nip: string, body: { encryption: { encryptedSymmetricKey: string; initializationVector: string } }, now: Date): KsefAnswer {
    let key: Buffer;
    try {
      key = privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.encryption.encryptedSymmetricKey, 'base64'));
    } catch {
      return exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza symetrycznego.']);
    }
    const reference = this.reference(now, 'SO');
    this.sessions.set(reference, { nip, key, iv: Buffer.from(body.encryption.initializationVector, 'base64'), open: true, invoices: [] });
    return { status: 201, body: JSON.stringify({ referenceNumber: reference, validUntil: new Date(now.getTime() + 12 * HOUR).toISOString() }) };
  }

  private receive(sessionRef: string, body: Record<string, string | number>, now: Date): KsefAnswer {
    const s = this.sessions.get(sessionRef);
    if (!s) return exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.');
    if (!s.open) return exception(21180, 'Status sesji nie pozwala na wykonanie operacji.');
    const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
    let plain: Buffer;
    try {
      const d = createDecipheriv('aes-256-cbc', s.key, s.iv);
      plain = Buffer.concat([d.update(encrypted), d.final()]);
    } catch {
      return exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować faktury.']);
    }
    const hash = createHash('sha256').update(plain).digest('base64');
    if (hash !== body.invoiceHash || plain.length !== body.invoiceSize || encrypted.length !== body.encryptedInvoiceSize) {
      return exception(21402, 'Nieprawidłowy rozmiar pliku.', ['Skrót lub rozmiar nie zgadza się z treścią.']);
    }
    const id = fa3Identity(plain.toString('utf8'));
    if (!id) return exception(21405, 'Błąd walidacji danych wejściowych.', ['Faktura nie zawiera NIP sprzedawcy lub numeru (P_2).']);
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
    const base = { ordinalNumber: inv.ordinal, invoiceNumber: inv.number, referenceNumber: inv.reference, invoiceHash: inv.hash, invoicingDate: inv.sentAt.toISOString() };
    if (inv.duplicateOf) {
      const d = inv.duplicateOf;
      return { ...base, status: { code: 440, description: 'Duplikat faktury', details: [`Duplikat faktury. Faktura o numerze KSeF: ${d.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${d.session}`], extensions: { originalSessionReferenceNumber: d.session, originalKsefNumber: d.ksefNumber } } };
    }
    return { ...base, ksefNumber: inv.ksefNumber, acquisitionDate: inv.sentAt.toISOString(), invoicingMode: 'Online', status: { code: 200, description: 'Sukces' } };
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

function exception(code: number, description: string, details?: string[]): KsefAnswer {
  return { status: 400, body: JSON.stringify({ exception: { exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, ...(details && { details }) }] } }) };
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
}
