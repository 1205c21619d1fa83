import { createDecipheriv, privateDecrypt, type X509Certificate } from 'node:crypto';
import { childrenNamed } from '../../../../formats/xml/dom-children.js';
import { SHA256 } from './attachment-references.js';
import { AES128_GCM, AES128_KEY_BYTES, GCM_IV_BYTES, GCM_TAG_BYTES, MGF1_SHA256, OAEP, RSA_OAEP, SWA_CIPHERTEXT_TRANSFORM, SWA_CONTENT_ONLY } from './attachment-encryption.js';
import { tokenCertificate } from './binary-security-token.js';
import { privateKeyOf } from './private-key.js';
import { EbmsError } from './ebms-error.js';
import { DS, SOAP12, WSSE, XENC, XENC11 } from './namespaces.js';
import { parseEnvelope, type ParsedEnvelope } from './parse-envelope.js';

// The receiving access point's side of attachment-encryption.ts: the wsse:Security header's
// xenc:EncryptedData (one per attachment, by CipherReference `cid:`) and the xenc:EncryptedKey
// whose ReferenceList names each, read first (readEncryption, which takes no key), then held to
// the Peppol AS4 profile's algorithms and to our certificate, the key unwrapped with our private
// key and each attachment's IV || ciphertext || tag decrypted with AES-128-GCM. Whatever cannot
// be decrypted so is refused as EBMS:0102 (FailedDecryption); an attachment that is not
// encrypted at all as EBMS:0103 (see decryptAttachments). The signature is checked afterwards,
// over the plaintext, by ws-security.ts.

export interface DecryptWith {
  privateKeyPem: string;
  /** Our certificate: the EncryptedKey must name it. */
  certificate: X509Certificate;
}

/** One encrypted attachment as its header elements describe it, before any key is used. */
export interface EncryptedPart {
  contentId: string;
  /** The EncryptedData's Type and EncryptionMethod, and its CipherReference's transforms. */
  type: string | null;
  dataAlgorithm: string | null;
  transforms: (string | null)[];
  /** The original part's media type (the EncryptedData's MimeType). */
  mimeType: string | null;
  key: {
    algorithm: string | null;
    /** DigestMethod and MGF, null when absent (XML Encryption 1.1's defaults would be SHA-1). */
    digest: string | null;
    mgf: string | null;
    /** The certificate the key is wrapped to (the BinarySecurityToken the EncryptedKey references), or why it cannot be read. */
    recipient: X509Certificate | string;
    wrapped: Buffer;
  };
}

const failed = (message: string) => new EbmsError('EBMS:0102', message);
const only = (parent: Element | undefined, ns: string, name: string): Element | undefined => (parent ? childrenNamed(parent, ns, name) : [])[0];

/** The encrypted parts the Security header declares; throws EBMS:0102 when one is malformed or has no EncryptedKey. */
export function readEncryption(security: Element): EncryptedPart[] {
  const keys = childrenNamed(security, XENC, 'EncryptedKey');
  const parts: EncryptedPart[] = [];
  for (const data of childrenNamed(security, XENC, 'EncryptedData')) {
    const id = data.getAttribute('Id');
    const reference = only(only(data, XENC, 'CipherData'), XENC, 'CipherReference');
    const uri = reference?.getAttribute('URI') ?? '';
    if (!uri.startsWith('cid:')) throw failed(`the EncryptedData ${id ?? ''} references no attachment (CipherReference cid:)`);
    const forData = keys.filter((k) => childrenNamed(only(k, XENC, 'ReferenceList') ?? k, XENC, 'DataReference').some((r) => id && r.getAttribute('URI') === `#${id}`));
    if (forData.length !== 1) throw failed(`${forData.length === 0 ? 'no' : 'more than one'} EncryptedKey carries the key of the EncryptedData for ${uri}`);
    const key = forData[0]!;
    const method = only(key, XENC, 'EncryptionMethod');
    const tokenReference = only(only(only(key, DS, 'KeyInfo'), WSSE, 'SecurityTokenReference'), WSSE, 'Reference');
    const cipherValue = only(only(key, XENC, 'CipherData'), XENC, 'CipherValue');
    parts.push({
      contentId: uri.slice(4),
      type: data.getAttribute('Type'),
      dataAlgorithm: only(data, XENC, 'EncryptionMethod')?.getAttribute('Algorithm') ?? null,
      transforms: childrenNamed(only(reference, XENC, 'Transforms') ?? reference!, DS, 'Transform').map((t) => t.getAttribute('Algorithm')),
      mimeType: data.getAttribute('MimeType'),
      key: {
        algorithm: method?.getAttribute('Algorithm') ?? null,
        digest: only(method, DS, 'DigestMethod')?.getAttribute('Algorithm') ?? null,
        mgf: only(method, XENC11, 'MGF')?.getAttribute('Algorithm') ?? null,
        recipient: tokenReference ? tokenCertificate(security, tokenReference.getAttribute('URI')) : 'the EncryptedKey references no BinarySecurityToken',
        wrapped: Buffer.from((cipherValue?.textContent ?? '').replace(/\s/g, ''), 'base64'),
      },
    });
  }
  return parts;
}

/**
 * The attachments' plaintexts by Content-ID; throws EbmsError. Every attachment must be
 * encrypted: the Peppol AS4 profile 2.0 (§5.2, "Message Encryption") requires the payload
 * encrypted to the receiving access point, so a plaintext attachment is a message that does not
 * meet the agreed security policy, which ebMS 3.0 Core §6.7.2 answers with EBMS:0103
 * (PolicyNoncompliance) rather than a failed decryption.
 */
export function decryptAttachments(envelope: string | ParsedEnvelope, attachments: ReadonlyMap<string, Buffer>, decryptWith: DecryptWith): Map<string, Buffer> {
  const parsed = typeof envelope === 'string' ? parseEnvelope(envelope) : envelope;
  if ('problem' in parsed) throw new EbmsError('EBMS:0009', `the message is not XML: ${parsed.problem}`);
  const securities = childrenNamed(only(parsed.root, SOAP12, 'Header') ?? parsed.root, WSSE, 'Security');
  if (parsed.root.namespaceURI !== SOAP12 || securities.length !== 1) throw new EbmsError('EBMS:0009', 'the message is not a SOAP 1.2 envelope with one wsse:Security header');
  const parts = new Map<string, EncryptedPart>();
  for (const part of readEncryption(securities[0]!)) {
    if (!attachments.has(part.contentId)) throw failed(`the EncryptedData references cid:${part.contentId}, which is not in the message`);
    if (parts.has(part.contentId)) throw failed(`two EncryptedData reference cid:${part.contentId}`);
    parts.set(part.contentId, part);
  }
  const plaintexts = new Map<string, Buffer>();
  for (const [id, content] of attachments) {
    const part = parts.get(id);
    if (!part) throw new EbmsError('EBMS:0103', `the attachment cid:${id} is not encrypted; the Peppol AS4 profile requires the payload encrypted`);
    plaintexts.set(id, decryptPart(part, content, decryptWith));
  }
  return plaintexts;
}

function decryptPart(part: EncryptedPart, content: Buffer, decryptWith: DecryptWith): Buffer {
  const { key } = part;
  if (key.algorithm !== RSA_OAEP || key.digest !== SHA256 || key.mgf !== MGF1_SHA256) {
    throw failed(`the key is wrapped with ${key.algorithm} (digest ${key.digest}, MGF ${key.mgf}), not the profile's RSA-OAEP with SHA-256 and MGF1 with SHA-256`);
  }
  if (part.dataAlgorithm !== AES128_GCM) throw failed(`cid:${part.contentId} is encrypted with ${part.dataAlgorithm}, not the profile's AES-128-GCM`);
  if (part.type !== SWA_CONTENT_ONLY || part.transforms.length !== 1 || part.transforms[0] !== SWA_CIPHERTEXT_TRANSFORM) {
    throw failed(`cid:${part.contentId} is not encrypted as SwA Attachment-Content-Only with the Attachment-Ciphertext-Transform`);
  }
  if (typeof key.recipient === 'string') throw failed(`the EncryptedKey's certificate: ${key.recipient}`);
  if (!key.recipient.raw.equals(decryptWith.certificate.raw)) {
    throw failed(`the key is encrypted for another certificate (${key.recipient.subject.replace(/\n/g, ', ')}, serial ${key.recipient.serialNumber}), not ours`);
  }
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt({ key: privateKeyOf(decryptWith.privateKeyPem), ...OAEP }, key.wrapped);
  } catch {
    throw failed('the key does not unwrap with our private key');
  }
  if (aesKey.length !== AES128_KEY_BYTES) throw failed(`the unwrapped key has ${aesKey.length} bytes, not AES-128's ${AES128_KEY_BYTES}`);
  if (content.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw failed(`cid:${part.contentId} is shorter than an IV and a tag`);
  try {
    const decipher = createDecipheriv('aes-128-gcm', aesKey, content.subarray(0, GCM_IV_BYTES));
    decipher.setAuthTag(content.subarray(content.length - GCM_TAG_BYTES));
    return Buffer.concat([decipher.update(content.subarray(GCM_IV_BYTES, content.length - GCM_TAG_BYTES)), decipher.final()]);
  } catch {
    // GCM's tag: a changed byte of IV, ciphertext or tag, or a key that is not the sender's.
    throw failed(`cid:${part.contentId} does not decrypt (its authentication tag does not match)`);
  }
}
