import { gzipSync } from 'node:zlib';
import type { X509Certificate } from 'node:crypto';
import { encryptAttachment } from './attachment-encryption.js';
import { el, leaf, type XmlNode } from '../../../../formats/xml/writer.js';
import { relatedContentType, writeMultipart } from './mime-multipart.js';
import { PARTICIPANT_TYPE, type UserMessageFacts } from './user-message-facts.js';
import { signedEnvelope, type As4Signer } from './signed-envelope.js';
import type { ReceiptPart } from './receipt.js';

// The AS4 user message a sending access point posts (Peppol AS4 profile 2.0 on ebMS 3.0 and
// AS4): a SOAP 1.2 envelope whose header carries eb:Messaging and the WS-Security signature, an
// empty Body, and one MIME attachment, the SBDH gzip-compressed (the profile's only payload
// form; PartProperties MimeType and CompressionType tell the receiver how to read it back).
// Signed with the sender's certificate as a BinarySecurityToken, RSA-SHA256 over SHA-256 digests
// of eb:Messaging, the Body (exclusive c14n) and the attachment (SwA content transform), by
// signed-envelope.ts, which signs our receipts and error signals the same way; then the
// attachment encrypted to the receiving access point's certificate (attachment-encryption.ts):
// the signature's digest is over the compressed plaintext, the MIME part carries the ciphertext.
// Pure but for the encryption's random key and IV: ids, boundary and time are the caller's.

export { RSA_SHA256, IDS, type As4Signer } from './signed-envelope.js';

export interface Packaging {
  boundary: string;
  /** Content-IDs (without angle brackets) of the envelope and of the payload. */
  rootContentId: string;
  payloadContentId: string;
}

export interface As4Http {
  contentType: string;
  body: Buffer;
}

export interface SentUserMessage extends As4Http {
  /** The parts the signature covers, with their digests: what the receipt must repeat (receipt-check.ts). */
  signedParts: ReceiptPart[];
}

/** The signed multipart/related message carrying `sbdh`, encrypted for the receiving access point's certificate `encryptFor`. */
export function userMessage(facts: UserMessageFacts, sbdh: string, signer: As4Signer, packaging: Packaging, encryptFor: X509Certificate): SentUserMessage {
  const payload = gzipSync(Buffer.from(sbdh, 'utf8'));
  const encrypted = encryptAttachment(payload, packaging.payloadContentId, 'application/gzip', encryptFor);
  // The encryption's elements are not signed, so writing them before signing is the same message
  // as inserting them after; they precede the signature, as a receiver decrypts first.
  const { xml: envelope, references } = signedEnvelope(userMessageXml(facts, packaging.payloadContentId), signer, new Map([[packaging.payloadContentId, payload]]), encrypted.header);
  const body = writeMultipart(packaging.boundary, [
    {
      headers: [
        ['Content-Type', 'application/soap+xml; charset=UTF-8'],
        ['Content-Transfer-Encoding', 'binary'],
        ['Content-ID', `<${packaging.rootContentId}>`],
      ],
      body: Buffer.from(envelope, 'utf8'),
    },
    {
      headers: [
        // SwA 1.1 §5.4.2: an encrypted part is application/octet-stream (EncryptedData's MimeType keeps application/gzip).
        ['Content-Type', 'application/octet-stream'],
        ['Content-Transfer-Encoding', 'binary'],
        ['Content-ID', `<${packaging.payloadContentId}>`],
        ['MimeType', 'application/xml'],
      ],
      body: encrypted.ciphertext,
    },
  ]);
  const signedParts = references.map(({ uri, digestAlgorithm, digestValue }) => ({ uri, digestAlgorithm, digestValue }));
  return { contentType: relatedContentType(packaging.boundary, packaging.rootContentId), body, signedParts };
}

function userMessageXml(f: UserMessageFacts, payloadContentId: string): XmlNode {
  const party = (name: string, p: UserMessageFacts['from']) => el(`eb:${name}`, undefined, leaf('eb:PartyId', p.id, { type: p.type }), leaf('eb:Role', p.role));
  const property = (name: string, value: string, type?: string) => leaf('eb:Property', value, { name, type });
  return el(
    'eb:UserMessage',
    undefined,
    el('eb:MessageInfo', undefined, leaf('eb:Timestamp', f.timestamp.toISOString()), leaf('eb:MessageId', f.messageId)),
    el('eb:PartyInfo', undefined, party('From', f.from), party('To', f.to)),
    el(
      'eb:CollaborationInfo',
      undefined,
      leaf('eb:AgreementRef', f.agreementRef),
      leaf('eb:Service', f.service.value, { type: f.service.type }),
      leaf('eb:Action', f.action),
      leaf('eb:ConversationId', f.conversationId),
    ),
    el('eb:MessageProperties', undefined, property('originalSender', f.originalSender, PARTICIPANT_TYPE), property('finalRecipient', f.finalRecipient, PARTICIPANT_TYPE)),
    el(
      'eb:PayloadInfo',
      undefined,
      el('eb:PartInfo', { href: `cid:${payloadContentId}` }, el('eb:PartProperties', undefined, property('MimeType', 'application/xml'), property('CompressionType', 'application/gzip'))),
    ),
  );
}
