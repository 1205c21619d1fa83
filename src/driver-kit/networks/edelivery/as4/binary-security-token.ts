import { X509Certificate } from 'node:crypto';
import { childrenNamed } from '../../../../formats/xml/dom-children.js';
import { leaf, type XmlNode } from '../../../../formats/xml/writer.js';
import { WSSE, WSU, X509_V3 } from './namespaces.js';

// A certificate carried in the wsse:Security header as a BinarySecurityToken (WS-Security X.509
// Token Profile 1.1 §3.1) and named by a direct reference to its wsu:Id: the form the Peppol AS4
// profile's messages use both for the signer's certificate and, with encryption, for the
// receiver's certificate the EncryptedKey is for (as phase4's recorded message shows).

const BASE64_BINARY = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

/** The token element (prefixes wsse and wsu in scope). */
export function binarySecurityToken(certificate: X509Certificate, id: string): XmlNode {
  return leaf('wsse:BinarySecurityToken', certificate.raw.toString('base64'), { EncodingType: BASE64_BINARY, ValueType: X509_V3, 'wsu:Id': id })!;
}

/** The certificate of the token a `#id` reference names among the Security header's tokens, or why there is none. */
export function tokenCertificate(security: Element, uri: string | null | undefined): X509Certificate | string {
  if (!uri?.startsWith('#')) return 'the reference names no BinarySecurityToken';
  const token = childrenNamed(security, WSSE, 'BinarySecurityToken').find((t) => t.getAttributeNS(WSU, 'Id') === uri.slice(1));
  if (!token) return `the token ${uri} is not in the wsse:Security header`;
  if (token.getAttribute('ValueType') !== X509_V3) return 'the BinarySecurityToken is not an X.509 v3 certificate';
  try {
    return certificateOf((token.textContent ?? '').replace(/\s/g, ''));
  } catch {
    return 'the BinarySecurityToken is not a certificate';
  }
}

// Access points send with the same few certificates: each is parsed once (parsing one costs as
// much as a message's signature check), the last 256 kept.
const parsed = new Map<string, X509Certificate>();

function certificateOf(base64: string): X509Certificate {
  let certificate = parsed.get(base64);
  if (certificate) return certificate;
  certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  if (parsed.size >= 256) parsed.delete(parsed.keys().next().value!);
  parsed.set(base64, certificate);
  return certificate;
}
