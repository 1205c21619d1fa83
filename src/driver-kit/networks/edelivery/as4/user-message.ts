import { gzipSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import type { X509Certificate } from 'node:crypto';
import { encryptAttachment } from './attachment-encryption.js';
import { binarySecurityToken } from './binary-security-token.js';
import { privateKeyOf } from './private-key.js';
import { withCodePointC14n } from '../../../../formats/xml/code-point-c14n.js';
import { el, leaf, serialize, type XmlNode } from '../../../../formats/xml/writer.js';
import { SHA256, withAttachmentReferences } from './attachment-references.js';
import { relatedContentType, writeMultipart } from './mime-multipart.js';
import { EB, SOAP12, WSSE, WSU, X509_V3 } from './namespaces.js';
import { PARTICIPANT_TYPE, type UserMessageFacts } from './user-message-facts.js';

// The AS4 user message a sending access point posts (Peppol AS4 profile 2.0 on ebMS 3.0 and
// AS4): a SOAP 1.2 envelope whose header carries eb:Messaging and the WS-Security signature, an
// empty Body, and one MIME attachment, the SBDH gzip-compressed (the profile's only payload
// form; PartProperties MimeType and CompressionType tell the receiver how to read it back).
// Signed with the sender's certificate as a BinarySecurityToken, RSA-SHA256 over SHA-256 digests
// of eb:Messaging, the Body (exclusive c14n) and the attachment (SwA content transform); then the
// attachment encrypted to the receiving access point's certificate (attachment-encryption.ts):
// the signature's digest is over the compressed plaintext, the MIME part carries the ciphertext.
// Pure but for the encryption's random key and IV: ids, boundary and time are the caller's.

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
/** The wsu:Ids of the signed elements and the token: fixed, as one message holds each once. */
export const IDS = { messaging: 'messaging', body: 'body', token: 'token' } as const;

export interface As4Signer {
  certificate: X509Certificate;
  privateKeyPem: string;
}

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

/** The signed multipart/related message carrying `sbdh`, encrypted for the receiving access point's certificate `encryptFor`. */
export function userMessage(facts: UserMessageFacts, sbdh: string, signer: As4Signer, packaging: Packaging, encryptFor: X509Certificate): As4Http {
  const payload = gzipSync(Buffer.from(sbdh, 'utf8'));
  const encrypted = encryptAttachment(payload, packaging.payloadContentId, 'application/gzip', encryptFor);
  // The encryption's elements are not signed, so writing them before signing is the same message
  // as inserting them after; they precede the signature, as a receiver decrypts first.
  const envelope = signedEnvelope(envelopeXml(facts, packaging.payloadContentId, signer, encrypted.header), signer, new Map([[packaging.payloadContentId, payload]]));
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
  return { contentType: relatedContentType(packaging.boundary, packaging.rootContentId), body };
}

function envelopeXml(f: UserMessageFacts, payloadContentId: string, signer: As4Signer, encryption: XmlNode[]): string {
  const party = (name: string, p: UserMessageFacts['from']) => el(`eb:${name}`, undefined, leaf('eb:PartyId', p.id, { type: p.type }), leaf('eb:Role', p.role));
  const property = (name: string, value: string, type?: string) => leaf('eb:Property', value, { name, type });
  const userMessage = el(
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
  return serialize(
    el(
      'S12:Envelope',
      { 'xmlns:S12': SOAP12, 'xmlns:eb': EB, 'xmlns:wsu': WSU },
      el(
        'S12:Header',
        undefined,
        el(
          'wsse:Security',
          { 'xmlns:wsse': WSSE, 'S12:mustUnderstand': 'true' },
          encryption,
          binarySecurityToken(signer.certificate, IDS.token),
        ),
        el('eb:Messaging', { 'S12:mustUnderstand': 'true', 'wsu:Id': IDS.messaging }, userMessage),
      ),
      el('S12:Body', { 'wsu:Id': IDS.body }),
    ),
  );
}

/** The envelope with its ds:Signature appended to wsse:Security. */
function signedEnvelope(xml: string, signer: As4Signer, attachments: ReadonlyMap<string, Buffer>): string {
  const sig = withAttachmentReferences(
    withCodePointC14n(
      new SignedXml({
        privateKey: privateKeyOf(signer.privateKeyPem),
        signatureAlgorithm: RSA_SHA256,
        canonicalizationAlgorithm: EXC_C14N,
        idMode: 'wssecurity',
        getKeyInfoContent: () => `<wsse:SecurityTokenReference xmlns:wsse="${WSSE}"><wsse:Reference URI="#${IDS.token}" ValueType="${X509_V3}"/></wsse:SecurityTokenReference>`,
      }),
    ),
    attachments,
  );
  // Paths from the root, not `//*[@Id=…]`: xpath's descendant search was a third of the signing time.
  for (const path of ["/*/*[local-name(.)='Header']/*[local-name(.)='Messaging']", "/*/*[local-name(.)='Body']"]) sig.addReference({ xpath: path, transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: "/*/*[local-name(.)='Header']/*[local-name(.)='Security']", action: 'append' } });
  return sig.getSignedXml();
}
