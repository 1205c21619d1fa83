import { gzipSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import type { X509Certificate } from 'node:crypto';
import { withCodePointC14n } from '../../../../formats/xml/code-point-c14n.js';
import { el, leaf, serialize } from '../../../../formats/xml/writer.js';
import { SHA256, withAttachmentReferences } from './attachment-references.js';
import { relatedContentType, writeMultipart } from './mime-multipart.js';
import { EB, SOAP12, WSSE, WSU, X509_V3 } from './namespaces.js';
import { PARTICIPANT_TYPE, type UserMessageFacts } from './user-message-facts.js';

// The AS4 user message a sending access point posts (Peppol AS4 profile 2.0 on ebMS 3.0 and
// AS4): a SOAP 1.2 envelope whose header carries eb:Messaging and the WS-Security signature, an
// empty Body, and one MIME attachment, the SBDH gzip-compressed (the profile's only payload
// form; PartProperties MimeType and CompressionType tell the receiver how to read it back).
// Signed with the sender's certificate as a BinarySecurityToken, RSA-SHA256 over SHA-256 digests
// of eb:Messaging, the Body (exclusive c14n) and the attachment (SwA content transform). Not yet
// encrypted (the next increment). Pure: ids, boundary and time are the caller's.

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const BASE64_BINARY = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';
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

/** The signed multipart/related message carrying `sbdh`. */
export function userMessage(facts: UserMessageFacts, sbdh: string, signer: As4Signer, packaging: Packaging): As4Http {
  const payload = gzipSync(Buffer.from(sbdh, 'utf8'));
  const envelope = signedEnvelope(envelopeXml(facts, packaging.payloadContentId, signer), signer, new Map([[packaging.payloadContentId, payload]]));
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
        ['Content-Type', 'application/gzip'],
        ['Content-Transfer-Encoding', 'binary'],
        ['Content-ID', `<${packaging.payloadContentId}>`],
        ['MimeType', 'application/xml'],
      ],
      body: payload,
    },
  ]);
  return { contentType: relatedContentType(packaging.boundary, packaging.rootContentId), body };
}

function envelopeXml(f: UserMessageFacts, payloadContentId: string, signer: As4Signer): string {
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
          leaf('wsse:BinarySecurityToken', signer.certificate.raw.toString('base64'), { EncodingType: BASE64_BINARY, ValueType: X509_V3, 'wsu:Id': IDS.token }),
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
        privateKey: signer.privateKeyPem,
        signatureAlgorithm: RSA_SHA256,
        canonicalizationAlgorithm: EXC_C14N,
        idMode: 'wssecurity',
        getKeyInfoContent: () => `<wsse:SecurityTokenReference xmlns:wsse="${WSSE}"><wsse:Reference URI="#${IDS.token}" ValueType="${X509_V3}"/></wsse:SecurityTokenReference>`,
      }),
    ),
    attachments,
  );
  for (const id of [IDS.messaging, IDS.body]) sig.addReference({ xpath: `//*[@*[local-name(.)='Id']='${id}']`, transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: "//*[local-name(.)='Security']", action: 'append' } });
  return sig.getSignedXml();
}
