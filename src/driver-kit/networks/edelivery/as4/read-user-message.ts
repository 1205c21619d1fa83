import { gunzipSync } from 'node:zlib';
import type { X509Certificate } from 'node:crypto';
import { readSbdh } from '../../../../formats/sbdh/read.js';
import { SbdhError } from '../../../../formats/sbdh/sbdh-error.js';
import type { ReadEnvelope } from '../../../../formats/sbdh/facts.js';
import { decryptAttachments, type DecryptWith } from './attachment-decryption.js';
import { EbmsError } from './ebms-error.js';
import { readMultipartRelated } from './mime-multipart.js';
import { EB } from './namespaces.js';
import { DOCUMENT_TYPE_SCHEME, PARTICIPANT_TYPE, type As4Party, type UserMessageFacts } from './user-message-facts.js';
import { verifyWsSecurity, type SignedReference } from './ws-security.js';
import { childrenNamed } from '../../../../formats/xml/dom-children.js';
import { parseEnvelope } from './parse-envelope.js';

// The receiving access point's first steps with an AS4 user message (Peppol AS4 profile 2.0):
// the MIME package, the attachments decrypted with our key (attachment-decryption.ts; with
// `decryptWith`, as Peppol encrypts every payload), the WS-Security signature over the header,
// the Body and every attachment's plaintext (each part must be signed and match its digest), the one payload gunzipped within a limit (a
// gzip bomb is refused, not inflated), then the SBDH read and held to the message properties: the
// original sender, final recipient, document type (action) and process (service) must be the
// envelope's, so routing by either can never disagree. Each refusal is an EbmsError with the
// ebMS code the receiver answers with (ebms-error.ts).

/** The most a payload may inflate to unless the caller says otherwise (Peppol documents are far smaller). */
export const DEFAULT_MAX_PAYLOAD_BYTES = 100 * 1024 * 1024;

export interface ReceivedUserMessage extends UserMessageFacts {
  sbdh: ReadEnvelope;
  /** The sending access point's certificate, which signed the message. */
  signer: X509Certificate;
  /** The signature's references as verified: what the receipt repeats (receipt-writer.ts). */
  references: SignedReference[];
}

export interface ReadOptions {
  anchors: readonly X509Certificate[];
  now: Date;
  maxPayloadBytes?: number;
  /** Our key and certificate: every attachment must then be encrypted to it (a Peppol receiver always gives it). */
  decryptWith?: DecryptWith;
}

const childrenOf = (parent: Element, name: string): Element[] => childrenNamed(parent, EB, name);

/** The one child of that name, or an EBMS:0009 refusal. */
function one(parent: Element, name: string): Element {
  const found = childrenOf(parent, name);
  if (found.length !== 1) throw new EbmsError('EBMS:0009', `eb:${parent.localName} has ${found.length} eb:${name}, not one`);
  return found[0]!;
}

function text(parent: Element, name: string): string {
  const value = one(parent, name).textContent?.trim();
  if (!value) throw new EbmsError('EBMS:0009', `eb:${name} is empty`);
  return value;
}

/** The message's facts, its SBDH and its signer; throws EbmsError. */
export function readUserMessage(contentType: string, body: Buffer, options: ReadOptions): ReceivedUserMessage {
  const mime = readMultipartRelated(contentType, body);
  if ('problem' in mime) throw new EbmsError('EBMS:0009', mime.problem);
  if (!/^application\/soap\+xml\s*(;|$)/i.test(mime.root.headers.get('content-type') ?? '')) throw new EbmsError('EBMS:0009', 'the root part is not application/soap+xml');
  // Parsed once, for the decryption and the signature alike.
  const envelope = parseEnvelope(mime.root.body.toString('utf8'));
  if ('problem' in envelope) throw new EbmsError('EBMS:0009', `the message is not XML: ${envelope.problem}`);
  const received = new Map([...mime.attachments].map(([id, part]) => [id, part.body] as const));
  const attachments = options.decryptWith ? decryptAttachments(envelope, received, options.decryptWith) : received;
  const verified = verifyWsSecurity(envelope, options.anchors, options.now, attachments);
  if ('problem' in verified) throw new EbmsError('EBMS:0101', verified.problem);

  const user = one(verified.messaging, 'UserMessage');
  const info = one(user, 'MessageInfo');
  const parties = one(user, 'PartyInfo');
  const collaboration = one(user, 'CollaborationInfo');
  const service = one(collaboration, 'Service');
  const properties = propertiesOf(one(user, 'MessageProperties'), true);
  const facts: UserMessageFacts = {
    messageId: text(info, 'MessageId'),
    timestamp: new Date(text(info, 'Timestamp')),
    conversationId: text(collaboration, 'ConversationId'),
    from: partyOf(one(parties, 'From')),
    to: partyOf(one(parties, 'To')),
    agreementRef: text(collaboration, 'AgreementRef'),
    service: { type: service.getAttribute('type') ?? '', value: text(collaboration, 'Service') },
    action: text(collaboration, 'Action'),
    originalSender: participant(properties, 'originalSender'),
    finalRecipient: participant(properties, 'finalRecipient'),
  };
  if (Number.isNaN(facts.timestamp.getTime())) throw new EbmsError('EBMS:0009', 'eb:Timestamp is not a date and time');

  const sbdhXml = payloadOf(user, attachments, options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES);
  let sbdh: ReadEnvelope;
  try {
    sbdh = readSbdh(sbdhXml);
  } catch (err) {
    if (err instanceof SbdhError) throw new EbmsError('EBMS:0004', `the SBDH is refused: ${err.message}`);
    throw err;
  }
  const agree: [string, string, string][] = [
    ['originalSender', facts.originalSender, sbdh.facts.sender],
    ['finalRecipient', facts.finalRecipient, sbdh.facts.receiver],
    ['Action', facts.action, `${DOCUMENT_TYPE_SCHEME}::${sbdh.facts.documentTypeId}`],
    ['Service', facts.service.value, sbdh.facts.processId],
  ];
  for (const [name, message, envelope] of agree) {
    // Participant ids compare case-insensitively (Peppol Policy for use of Identifiers 4.4.0, POLICY 3); the others exactly.
    const same = name.startsWith('original') || name.startsWith('final') ? message.toLowerCase() === envelope.toLowerCase() : message === envelope;
    if (!same) throw new EbmsError('EBMS:0004', `the message's ${name} ${message} is not the SBDH's ${envelope}`);
  }
  return { ...facts, sbdh, signer: verified.certificate, references: verified.references };
}

function partyOf(el: Element): As4Party {
  const id = one(el, 'PartyId');
  return { id: text(el, 'PartyId'), type: id.getAttribute('type') ?? '', role: text(el, 'Role') };
}

/** eb:Property elements by name, each once; with `typed`, their type too. */
function propertiesOf(parent: Element, typed: boolean): Map<string, { value: string; type: string | null }> {
  const found = new Map<string, { value: string; type: string | null }>();
  for (const p of childrenOf(parent, 'Property')) {
    const name = p.getAttribute('name') ?? '';
    if (found.has(name)) throw new EbmsError('EBMS:0009', `the property ${name} is there twice`);
    found.set(name, { value: p.textContent?.trim() ?? '', type: typed ? p.getAttribute('type') : null });
  }
  return found;
}

function participant(properties: ReturnType<typeof propertiesOf>, name: string): string {
  const p = properties.get(name);
  if (!p?.value) throw new EbmsError('EBMS:0009', `the message property ${name} is missing`);
  if (p.type !== PARTICIPANT_TYPE) throw new EbmsError('EBMS:0009', `the message property ${name} is not of type ${PARTICIPANT_TYPE}`);
  return p.value;
}

/** The SBDH: the one part the PayloadInfo references, gunzipped within the limit. */
function payloadOf(user: Element, attachments: ReadonlyMap<string, Buffer>, maxBytes: number): string {
  const parts = childrenOf(one(user, 'PayloadInfo'), 'PartInfo');
  if (parts.length !== 1 || attachments.size !== 1) throw new EbmsError('EBMS:0009', `the message carries ${attachments.size} attachments and references ${parts.length}; Peppol sends one`);
  const href = parts[0]!.getAttribute('href') ?? '';
  const content = href.startsWith('cid:') ? attachments.get(href.slice(4)) : undefined;
  if (!content) throw new EbmsError('EBMS:0009', `the PartInfo ${href} references no attachment`);
  const props = propertiesOf(one(parts[0]!, 'PartProperties'), false);
  if (props.get('CompressionType')?.value !== 'application/gzip') throw new EbmsError('EBMS:0303', 'the payload is not declared gzip-compressed (CompressionType application/gzip)');
  if (props.get('MimeType')?.value !== 'application/xml') throw new EbmsError('EBMS:0009', 'the payload\'s MimeType is not application/xml');
  let inflated: Buffer;
  try {
    inflated = gunzipSync(content, { maxOutputLength: maxBytes });
  } catch (err) {
    const tooLarge = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new EbmsError('EBMS:0303', tooLarge ? `the payload inflates past ${maxBytes} bytes` : 'the payload does not decompress as gzip');
  }
  return inflated.toString('utf8');
}
