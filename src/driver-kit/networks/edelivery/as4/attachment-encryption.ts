import { constants, createCipheriv, publicEncrypt, randomBytes, type X509Certificate } from 'node:crypto';
import { el, leaf, type XmlNode } from '../../../../formats/xml/writer.js';
import { SHA256 } from './attachment-references.js';
import { binarySecurityToken } from './binary-security-token.js';
import { DS, X509_V3, XENC, XENC11 } from './namespaces.js';

// The payload encrypted to the receiving access point (Peppol AS4 profile 2.0 §5.2, on the
// WS-Security SOAP Messages with Attachments (SwA) Profile 1.1 §5.4): the attachment's content
// octets (the gzip SBDH, already signed) encrypted with a fresh AES-128-GCM key and IV, the key
// wrapped with RSA-OAEP (SHA-256 digest, MGF1 with SHA-256) to the receiver's certificate. The
// MIME part then carries the ciphertext as application/octet-stream (XML Encryption 1.1 §5.2.4:
// IV || ciphertext || tag); the wsse:Security header gains, before the signature so a receiver
// decrypts before it verifies, the receiver's certificate as a BinarySecurityToken, an
// xenc:EncryptedKey naming it by direct reference whose ReferenceList points to an
// xenc:EncryptedData, and that EncryptedData, whose CipherReference is the attachment's `cid:`
// with the Attachment-Ciphertext-Transform. Element order, attribute values and the key
// reference form are those of phase4's recorded user message (fixtures/as4/README.md).

export const AES128_GCM = 'http://www.w3.org/2009/xmlenc11#aes128-gcm';
export const RSA_OAEP = 'http://www.w3.org/2009/xmlenc11#rsa-oaep';
export const MGF1_SHA256 = 'http://www.w3.org/2009/xmlenc11#mgf1sha256';
/** SwA 1.1 §5.4.2: the EncryptedData encrypts the attachment's content only, not its MIME headers. */
export const SWA_CONTENT_ONLY = 'http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Content-Only';
/** SwA 1.1 §5.4.3: the CipherReference's output is the attachment's octets, the ciphertext itself. */
export const SWA_CIPHERTEXT_TRANSFORM = 'http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Ciphertext-Transform';
/** WS-Security 1.1 §7.3: a SecurityTokenReference to an EncryptedKey says so with this TokenType. */
export const ENCRYPTED_KEY_TOKEN_TYPE = 'http://docs.oasis-open.org/wss/oasis-wss-soap-message-security-1.1#EncryptedKey';
const WSSE11 = 'http://docs.oasis-open.org/wss/oasis-wss-wssecurity-secext-1.1.xsd';

/** GCM's sizes in XML Encryption 1.1 §5.2.4: a 96-bit IV before the ciphertext, a 128-bit tag after it. */
export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;
export const AES128_KEY_BYTES = 16;
/** OAEP as the profile names it: SHA-256 digest, and Node's MGF1 uses the same hash. */
export const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

/** The wsu:Id and Ids of what encryption adds: fixed, as a Peppol message carries one payload. */
export const ENCRYPTION_IDS = { token: 'receiver-token', key: 'encrypted-key', data: 'encrypted-payload' } as const;

export interface EncryptedAttachment {
  /** The elements for wsse:Security, in order, to go before the signature. */
  header: XmlNode[];
  /** The MIME part's new content. */
  ciphertext: Buffer;
}

/** `content` (the part `contentId`, of type `mimeType`) encrypted to `receiver` with a key and IV of its own. */
export function encryptAttachment(content: Buffer, contentId: string, mimeType: string, receiver: X509Certificate): EncryptedAttachment {
  const key = randomBytes(AES128_KEY_BYTES);
  const iv = randomBytes(GCM_IV_BYTES);
  const cipher = createCipheriv('aes-128-gcm', key, iv);
  const ciphertext = Buffer.concat([iv, cipher.update(content), cipher.final(), cipher.getAuthTag()]);
  const wrapped = publicEncrypt({ key: receiver.publicKey, ...OAEP }, key);

  const encryptedKey = el(
    'xenc:EncryptedKey',
    { 'xmlns:xenc': XENC, Id: ENCRYPTION_IDS.key },
    el('xenc:EncryptionMethod', { Algorithm: RSA_OAEP }, el('ds:DigestMethod', { 'xmlns:ds': DS, Algorithm: SHA256 }), el('xenc11:MGF', { 'xmlns:xenc11': XENC11, Algorithm: MGF1_SHA256 })),
    el('ds:KeyInfo', { 'xmlns:ds': DS }, el('wsse:SecurityTokenReference', undefined, el('wsse:Reference', { URI: `#${ENCRYPTION_IDS.token}`, ValueType: X509_V3 }))),
    el('xenc:CipherData', undefined, leaf('xenc:CipherValue', wrapped.toString('base64'))),
    el('xenc:ReferenceList', undefined, el('xenc:DataReference', { URI: `#${ENCRYPTION_IDS.data}` })),
  );
  const encryptedData = el(
    'xenc:EncryptedData',
    { 'xmlns:xenc': XENC, Id: ENCRYPTION_IDS.data, MimeType: mimeType, Type: SWA_CONTENT_ONLY },
    el('xenc:EncryptionMethod', { Algorithm: AES128_GCM }),
    el(
      'ds:KeyInfo',
      { 'xmlns:ds': DS },
      el('wsse:SecurityTokenReference', { 'xmlns:wsse11': WSSE11, 'wsse11:TokenType': ENCRYPTED_KEY_TOKEN_TYPE }, el('wsse:Reference', { URI: `#${ENCRYPTION_IDS.key}` })),
    ),
    el(
      'xenc:CipherData',
      undefined,
      el('xenc:CipherReference', { URI: `cid:${contentId}` }, el('xenc:Transforms', undefined, el('ds:Transform', { 'xmlns:ds': DS, Algorithm: SWA_CIPHERTEXT_TRANSFORM }))),
    ),
  );
  return { header: [binarySecurityToken(receiver, ENCRYPTION_IDS.token), encryptedKey, encryptedData], ciphertext };
}
