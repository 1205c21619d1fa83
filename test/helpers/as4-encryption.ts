import type { X509Certificate } from 'node:crypto';
import { encryptAttachment } from '../../src/driver-kit/networks/edelivery/as4/attachment-encryption.js';
import { readMultipartRelated, writeMultipart, type MimePart } from '../../src/driver-kit/networks/edelivery/as4/mime-multipart.js';
import { el, serialize } from '../../src/formats/xml/writer.js';

// Changing an encrypted AS4 user message the way an attacker or a faulty sender could: the
// encryption's header elements are not signed, so they can be replaced or removed, and parts
// added, without touching the signature. The tests expect the receiver to notice each.

export interface As4Message {
  contentType: string;
  body: Buffer;
}

/** The message's MIME parts: the envelope's text and the other parts in order. */
export function partsOf(message: As4Message): { envelope: string; root: MimePart; attachments: [string, MimePart][] } {
  const mime = readMultipartRelated(message.contentType, message.body);
  if ('problem' in mime) throw new Error(mime.problem);
  return { envelope: mime.root.body.toString('utf8'), root: mime.root, attachments: [...mime.attachments] };
}

/** The message written again with this envelope text and these attachments (Content-ID, content), each part keeping its headers when it had one. */
export function rebuilt(message: As4Message, boundary: string, envelope: string, attachments: readonly (readonly [string, Buffer])[]): As4Message {
  const { root, attachments: before } = partsOf(message);
  const headersOf = (p: MimePart) => [...p.headers].map(([n, v]) => [n, v] as const);
  const parts = attachments.map(([id, body]) => {
    const old = before.find(([oldId]) => oldId === id)?.[1];
    return { headers: old ? headersOf(old) : [['Content-Type', 'application/octet-stream'] as const, ['Content-ID', `<${id}>`] as const], body };
  });
  return { contentType: message.contentType, body: writeMultipart(boundary, [{ headers: headersOf(root), body: Buffer.from(envelope, 'utf8') }, ...parts]) };
}

/** The header elements encrypting `content` as `cid` to `to`, as text, their ids suffixed by `suffix` so they can sit beside others. */
export function encryptionXml(content: Buffer, cid: string, to: X509Certificate, suffix = ''): { xml: string; ciphertext: Buffer } {
  const { header, ciphertext } = encryptAttachment(content, cid, 'application/gzip', to);
  const text = serialize(el('wrapper', undefined, header));
  const xml = text.slice(text.indexOf('<wsse:BinarySecurityToken'), text.lastIndexOf('</wrapper>'));
  return { xml: xml.replace(/"#?(receiver-token|encrypted-key|encrypted-payload)"/g, (m) => `${m.slice(0, -1)}${suffix}"`), ciphertext };
}

/** The envelope's encryption elements (receiver's token, EncryptedKey, EncryptedData), as one span of text. */
export function encryptionSpan(envelope: string): { start: number; end: number } {
  const start = envelope.indexOf('<wsse:BinarySecurityToken');
  const end = envelope.indexOf('</xenc:EncryptedData>') + '</xenc:EncryptedData>'.length;
  if (start < 0 || end < start) throw new Error('the envelope has no encryption elements');
  return { start, end };
}
