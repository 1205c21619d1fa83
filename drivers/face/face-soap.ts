import { randomUUID } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import { child, children, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';
import { escapeText } from '../../src/formats/xml/writer.js';

// FACe's web service for suppliers (facturasspp2, namespace https://webservice.face.gob.es):
// SOAP 1.1 requests signed with WS-Security (OASIS X.509 Token Profile 1.0): the certificate as a
// BinarySecurityToken, a Timestamp, and an XML signature (exclusive C14N, RSA-SHA256) over the
// Timestamp and the Body that names the token. FACe answers every operation with a `return`
// holding `resultado` (codigo 0 "Correcto", else FACe's error code and description) and the
// operation's data; a SOAP fault when the request itself is refused.

export const FACE_NS = 'https://webservice.face.gob.es';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const X509_TOKEN = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const BASE64 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
/** A request is valid this long after it is made (FACe refuses expired timestamps). */
const TTL_MS = 5 * 60_000;

export type FaceOperation = 'enviarFactura' | 'consultarFactura' | 'anularFactura' | 'consultarEstados' | 'consultarListadoFacturas';

/** The SOAP request for an operation, its body the operation's parameters (already escaped XML), signed by the identity. */
export function faceRequest(operation: FaceOperation, parameters: string, identity: SigningIdentity, now: Date): string {
  const id = randomUUID();
  const ids = { token: `X509-${id}`, timestamp: `TS-${id}`, body: `Body-${id}` };
  const unsigned =
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:web="${FACE_NS}" xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}">` +
    '<soapenv:Header><wsse:Security soapenv:mustUnderstand="1">' +
    `<wsse:BinarySecurityToken EncodingType="${BASE64}" ValueType="${X509_TOKEN}" wsu:Id="${ids.token}">${identity.certificateBase64}</wsse:BinarySecurityToken>` +
    `<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>${now.toISOString()}</wsu:Created><wsu:Expires>${new Date(now.getTime() + TTL_MS).toISOString()}</wsu:Expires></wsu:Timestamp>` +
    '</wsse:Security></soapenv:Header>' +
    `<soapenv:Body wsu:Id="${ids.body}"><web:${operation}>${parameters}</web:${operation}></soapenv:Body>` +
    '</soapenv:Envelope>';
  const sig = new SignedXml({
    idMode: 'wssecurity',
    privateKey: identity.privateKey,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: () => `<wsse:SecurityTokenReference><wsse:Reference URI="#${ids.token}" ValueType="${X509_TOKEN}"/></wsse:SecurityTokenReference>`,
  });
  for (const name of ['Timestamp', 'Body']) {
    sig.addReference({ xpath: `//*[local-name(.)='${name}']`, transforms: [EXC_C14N], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
  }
  sig.computeSignature(unsigned, { prefix: 'ds', existingPrefixes: { wsse: WSSE_NS }, location: { reference: "//*[local-name(.)='Security']", action: 'append' } });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${sig.getSignedXml()}`;
}

/** `<name>text</name>`, escaped. */
export const param = (name: string, value: string) => `<${name}>${escapeText(value)}</${name}>`;

/** FACe's answer to one operation. */
export type FaceAnswer =
  | { kind: 'result'; code: string; description: string; data: XmlTree }
  | { kind: 'fault'; code: string; message: string; client: boolean };

/** Reads FACe's answer; throws when it is neither a result nor a fault. */
export function parseFaceAnswer(xml: string): FaceAnswer {
  const body = child(child(parseLocal(xml), 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const code = text(fault, 'faultcode') ?? 'Server';
    return { kind: 'fault', code, message: text(fault, 'faultstring') ?? 'SOAP fault', client: /(^|:)Client/i.test(code) };
  }
  // <web:xxxResponse><return>…</return></web:xxxResponse>
  const response = body && Object.entries(body).find(([k, v]) => k.endsWith('Response') && v && typeof v === 'object')?.[1];
  const ret = child(response, 'return');
  const result = child(ret, 'resultado');
  const code = text(result, 'codigo');
  if (!ret || code === undefined) throw new Error('the answer is not a FACe response (no return/resultado/codigo)');
  return { kind: 'result', code, description: text(result, 'descripcion') ?? '', data: ret };
}

export { child, children, text };
