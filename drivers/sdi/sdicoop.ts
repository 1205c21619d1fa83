import { child, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';
import { escapeText } from '../../src/formats/xml/writer.js';
import { KINDS, ROOT, type NotificationKind } from './notifications.js';

// SdICoop's wire formats (WSDL SdIRiceviFile_v1.0 and TrasmissioneFatture_v1.1, types
// TrasmissioneTypes_v1.1.xsd): the transmitter's request to SdIRiceviFile and its answer, and
// the SDI's one-way calls to the transmitter's TrasmissioneFatture endpoint, one operation per
// notification, each carrying the notification file base64-encoded (inline, or as an MTOM
// attachment the envelope's xop:Include names).

export const TYPES_NS = 'http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types';
export const RICEVI_FILE_ACTION = 'http://www.fatturapa.it/SdIRiceviFile/RiceviFile';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The request of SdIRiceviFile.RiceviFile: the file's name and its bytes. */
export function riceviFileRequest(fileName: string, content: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:typ="${TYPES_NS}"><soapenv:Header/><soapenv:Body>` +
    `<typ:fileSdIAccoglienza><NomeFile>${escapeText(fileName)}</NomeFile><File>${Buffer.from(content, 'utf8').toString('base64')}</File></typ:fileSdIAccoglienza>` +
    '</soapenv:Body></soapenv:Envelope>'
  );
}

/** EI01 empty file, EI02 service unavailable, EI03 user not enabled. */
export type RiceviFileAnswer =
  | { kind: 'received'; sdiId: string; receivedAt: string }
  | { kind: 'error'; code: string; receivedAt?: string | undefined }
  | { kind: 'fault'; code: string; message: string; client: boolean };

export function parseRiceviFileAnswer(xml: string): RiceviFileAnswer {
  const body = child(child(parseLocal(xml), 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const code = text(fault, 'faultcode') ?? 'Server';
    return { kind: 'fault', code, message: text(fault, 'faultstring') ?? 'SOAP fault', client: /(^|[:.])Client/i.test(code) };
  }
  const answer = child(body, 'rispostaSdIRiceviFile');
  if (!answer) throw new Error('the answer is not an SdIRiceviFile response (no rispostaSdIRiceviFile)');
  const error = text(answer, 'Errore');
  const receivedAt = text(answer, 'DataOraRicezione');
  if (error) return { kind: 'error', code: error, receivedAt };
  const sdiId = text(answer, 'IdentificativoSdI');
  if (!sdiId || !/^\d{1,12}$/.test(sdiId)) throw new Error('the SdIRiceviFile response has neither an IdentificativoSdI nor an Errore');
  return { kind: 'received', sdiId, receivedAt: receivedAt ?? '' };
}

/** The SDI's answer to RiceviFile, as the sandbox's simulated SDI gives it. */
export function riceviFileAnswer(a: { sdiId?: string | undefined; receivedAt: string; error?: string | undefined }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:types="${TYPES_NS}"><soapenv:Body><types:rispostaSdIRiceviFile>` +
    `<IdentificativoSdI>${a.sdiId ?? '0'}</IdentificativoSdI><DataOraRicezione>${a.receivedAt}</DataOraRicezione>${a.error ? `<Errore>${a.error}</Errore>` : ''}` +
    '</types:rispostaSdIRiceviFile></soapenv:Body></soapenv:Envelope>'
  );
}

/** One call of TrasmissioneFatture: the operation's notification file. */
export interface NotificationCall {
  kind: NotificationKind;
  sdiId: string;
  /** The notification file's name (`IT…_00001_RC_001.xml`). */
  fileName: string;
  /** The notification file, decoded. */
  content: string;
}

/** The element of each operation's request (`ricevutaConsegna` …). */
const OPERATION_ELEMENT: Readonly<Record<NotificationKind, string>> = Object.fromEntries(KINDS.map((k) => [k, ROOT[k].charAt(0).toLowerCase() + ROOT[k].slice(1)])) as Record<NotificationKind, string>;

/**
 * Reads a TrasmissioneFatture call: a SOAP envelope (text/xml), or an MTOM package
 * (multipart/related) whose File is an xop:Include of another part. Throws, with a message
 * fit for a SOAP fault, when the call is not one of the six notifications.
 */
export function readNotificationCall(contentType: string, body: Buffer): NotificationCall {
  const parts = /^multipart\/related/i.test(contentType) ? mimeParts(contentType, body) : undefined;
  const envelope = parts ? parts[0]!.body.toString('utf8') : body.toString('utf8');
  let tree: XmlTree;
  try {
    tree = parseLocal(envelope);
  } catch {
    throw new Error('the request is not a SOAP envelope');
  }
  const bodyNode = child(child(tree, 'Envelope'), 'Body');
  const kind = KINDS.find((k) => child(bodyNode, OPERATION_ELEMENT[k]));
  if (!kind) throw new Error(`the request is none of TrasmissioneFatture's operations (${KINDS.map((k) => OPERATION_ELEMENT[k]).join(', ')})`);
  const call = child(bodyNode, OPERATION_ELEMENT[kind]);
  const sdiId = text(call, 'IdentificativoSdI');
  const fileName = text(call, 'NomeFile');
  if (!sdiId || !/^\d{1,12}$/.test(sdiId) || !fileName) throw new Error(`${OPERATION_ELEMENT[kind]} needs IdentificativoSdI and NomeFile`);
  const file = child(call, 'File');
  const include = file && child(file, 'Include');
  let content: string | undefined;
  if (include) {
    const cid = String(include['@href'] ?? '').replace(/^cid:/, '');
    const part = parts?.find((p) => p.contentId === decodeURIComponent(cid));
    if (!part) throw new Error(`the File refers to attachment ${cid}, which the request does not carry`);
    content = part.body.toString('utf8');
  } else {
    const b64 = text(call, 'File');
    if (b64) content = Buffer.from(b64.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  if (!content) throw new Error(`${OPERATION_ELEMENT[kind]} carries no File`);
  return { kind, sdiId, fileName, content };
}

/** A notification call as the SDI makes it (inline base64), for tests and the sandbox. */
export function notificationCallXml(kind: NotificationKind, sdiId: string, fileName: string, content: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:types="${TYPES_NS}"><soapenv:Body>` +
    `<types:${OPERATION_ELEMENT[kind]}><IdentificativoSdI>${sdiId}</IdentificativoSdI><NomeFile>${escapeText(fileName)}</NomeFile><File>${Buffer.from(content, 'utf8').toString('base64')}</File></types:${OPERATION_ELEMENT[kind]}>` +
    '</soapenv:Body></soapenv:Envelope>'
  );
}

/** A SOAP 1.1 fault: what the SDI gets for a call it must not count as delivered. */
export function soapFault(code: 'Client' | 'Server', message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_NS}"><soapenv:Body><soapenv:Fault><faultcode>soapenv:${code}</faultcode><faultstring>${escapeText(message)}</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`;
}

interface MimePart {
  contentId?: string | undefined;
  body: Buffer;
}

/** The parts of a multipart/related body (RFC 2387), the root (`start`, else the first) first. */
function mimeParts(contentType: string, body: Buffer): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error('multipart/related without a boundary');
  const start = /start="?<?([^">;]+)>?"?/i.exec(contentType)?.[1];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MimePart[] = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const from = pos + delimiter.length;
    if (body.subarray(from, from + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, from);
    if (next === -1) break;
    const raw = body.subarray(from, next);
    const split = raw.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = raw.subarray(0, split).toString('utf8');
      let content = raw.subarray(split + 4);
      if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
      const contentId = /content-id:\s*<?([^>\r\n]+)>?/i.exec(headers)?.[1]?.trim();
      parts.push({ contentId, body: content });
    }
    pos = next;
  }
  if (parts.length === 0) throw new Error('multipart/related without parts');
  const root = start ? parts.findIndex((p) => p.contentId === start) : 0;
  if (root > 0) parts.unshift(...parts.splice(root, 1));
  return parts;
}
