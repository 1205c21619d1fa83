import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';
import { documentTypeIdFor, payloadRootOf, scanPayload, UBL_VERSION } from './document-type-id.js';
import { checkFacts } from './fact-checks.js';
import { DOCUMENT_TYPE_SCHEME, HEADER_VERSION, PARTICIPANT_SCHEME, PROCESS_SCHEME, SBDH_NAMESPACE, SCOPE, type EnvelopeFacts } from './facts.js';
import { SbdhError } from './sbdh-error.js';

// The Peppol Business Message Envelope around a business document: the header through the one
// XML writer, then the document's own text, untouched, as the envelope's second child. Pure: the
// instance identifier and the creation time are the caller's.
//
// The envelope's elements take the prefix `sh`, not the default namespace: a business document
// whose unprefixed elements are in no namespace would otherwise inherit the SBDH's.

const P = 'sh';
const sh = (name: string) => `${P}:${name}`;

/** The business document's text without its XML declaration (and BOM), ending in one newline: how the envelope carries it. */
export function payloadText(businessDocumentXml: string): string {
  return `${businessDocumentXml.replace(/^\uFEFF?\s*(<\?xml\s[^?]*\?>)?\s*/, '').trimEnd()}\n`;
}

/** The StandardBusinessDocument: the SBDH of `facts`, then the business document. Throws SbdhError on facts the reader would refuse. */
export function sbdhFor(facts: EnvelopeFacts, businessDocumentXml: string): string {
  checkFacts(facts);
  const payload = payloadText(businessDocumentXml);
  // The payload's identity from its start (xml/root-scan.ts): the writer is handed documents this
  // adapter rendered; the receiver checks the whole payload is well-formed (read.ts).
  const root = payloadRootOf(scanPayload(payload));
  const derived = documentTypeIdFor(root);
  if (facts.documentTypeId !== derived) throw new SbdhError('SBDH-005', `the document type id ${facts.documentTypeId} is not the business document's (${derived})`);
  const header = el(
    sh('StandardBusinessDocumentHeader'),
    undefined,
    leaf(sh('HeaderVersion'), HEADER_VERSION),
    el(sh('Sender'), undefined, leaf(sh('Identifier'), facts.sender, { Authority: PARTICIPANT_SCHEME })),
    el(sh('Receiver'), undefined, leaf(sh('Identifier'), facts.receiver, { Authority: PARTICIPANT_SCHEME })),
    el(
      sh('DocumentIdentification'),
      undefined,
      leaf(sh('Standard'), root.namespace),
      leaf(sh('TypeVersion'), UBL_VERSION),
      leaf(sh('InstanceIdentifier'), facts.instanceIdentifier),
      leaf(sh('Type'), root.localName),
      leaf(sh('CreationDateAndTime'), utc(facts.creationDateAndTime)),
    ),
    el(
      sh('BusinessScope'),
      undefined,
      scope(SCOPE.documentType, facts.documentTypeId, DOCUMENT_TYPE_SCHEME),
      scope(SCOPE.process, facts.processId, facts.processScheme ?? PROCESS_SCHEME),
      scope(SCOPE.countryC1, facts.countryC1),
      facts.mlsTo !== undefined && scope(SCOPE.mlsTo, facts.mlsTo, PARTICIPANT_SCHEME),
      facts.mlsType !== undefined && scope(SCOPE.mlsType, facts.mlsType),
    ),
  );
  // The writer closes the envelope after the header; the business document goes just before that close.
  const envelope = serialize(el(sh('StandardBusinessDocument'), { [`xmlns:${P}`]: SBDH_NAMESPACE }, header));
  const close = `</${sh('StandardBusinessDocument')}>\n`;
  return envelope.slice(0, envelope.length - close.length) + payload + close;
}

function scope(type: string, value: string, scheme?: string): XmlNode {
  return el(sh('Scope'), undefined, leaf(sh('Type'), type), leaf(sh('InstanceIdentifier'), value), leaf(sh('Identifier'), scheme));
}

/** The time in UTC with its Z, without milliseconds when there are none (`2014-01-17T09:30:00Z`, as the specification writes it). */
function utc(time: Date): string {
  return time.toISOString().replace('.000Z', 'Z');
}
