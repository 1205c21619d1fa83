import { childText } from './dom.js';
import { parseLightElement } from '../xml/light-tree.js';
import { childrenNamed, elementsOf } from '../xml/dom-children.js';
import { documentTypeIdFor, payloadRootOf, scanPayload, UBL_VERSION } from './document-type-id.js';
import { wellFormednessProblem } from '../xml/well-formedness.js';
import { checkFacts, checkParticipant } from './fact-checks.js';
import { DOCUMENT_TYPE_SCHEME, HEADER_VERSION, PARTICIPANT_SCHEME, PROCESS_SCHEME, PROCESS_SCHEMES, SBDH_NAMESPACE, SCOPE, type EnvelopeFacts, type MlsType, type ReadEnvelope } from './facts.js';
import { SbdhError } from './sbdh-error.js';

// Reading a Peppol Business Message Envelope as a receiving access point does before it trusts
// it: every mandatory part there once, participants of the Peppol scheme, and a document type
// that is the payload's own (its root and CustomizationID), so routing by the header can never
// disagree with the document. The business document comes back as the text that was sent, not
// re-serialized, so a signature or a byte comparison over it still holds.

const NS = SBDH_NAMESPACE;
/** A time zone is mandatory in CreationDateAndTime (Z or an offset). */
const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** The facts and the business document of a StandardBusinessDocument; throws SbdhError with a code on anything the specification does not allow. */
export function readSbdh(xml: string): ReadEnvelope {
  // The header is parsed (small); the business document, most of the text, is checked to be
  // well-formed and scanned for its identity, not built into a DOM (xml/root-scan.ts).
  const { headerXml, businessDocument } = split(xml);
  const parsed = parseLightElement(headerXml);
  if ('problem' in parsed) throw new SbdhError('SBDH-001', `the envelope is not well-formed XML: ${parsed.problem}`);
  const { root } = parsed;
  if (root.namespaceURI !== NS || root.localName !== 'StandardBusinessDocument') throw new SbdhError('SBDH-001', `the root element {${root.namespaceURI ?? ''}}${root.localName} is not an SBDH StandardBusinessDocument`);
  const [header, ...rest] = elementsOf(root);
  if (!header || header.namespaceURI !== NS || header.localName !== 'StandardBusinessDocumentHeader') throw new SbdhError('SBDH-001', 'the envelope does not begin with a StandardBusinessDocumentHeader');
  if (rest.length !== 0) throw new SbdhError('SBDH-006', 'the envelope carries an element inside its header\'s parent before the header ends');
  const malformed = wellFormednessProblem(businessDocument, true);
  if (malformed) throw new SbdhError('SBDH-006', `the business document is not well-formed XML: ${malformed}`);
  const scan = scanPayload(businessDocument, declarationsOf(root));
  if (scan.namespace === NS) throw new SbdhError('SBDH-006', 'the envelope carries an SBDH element where its business document belongs');
  const version = childText(header, NS, 'HeaderVersion');
  if (version !== HEADER_VERSION) throw new SbdhError('SBDH-002', `HeaderVersion is ${version === undefined ? 'missing' : `"${version}"`}, not ${HEADER_VERSION}`);
  const identification = one(header, 'DocumentIdentification', 'SBDH-001');
  const scopes = scopesOf(one(header, 'BusinessScope', 'SBDH-004'));
  const created = required(identification, 'CreationDateAndTime');
  if (!ZONED.test(created)) throw new SbdhError('SBDH-007', `CreationDateAndTime "${created}" is not a date and time with its time zone`);

  const documentType = mandatoryScope(scopes, SCOPE.documentType, DOCUMENT_TYPE_SCHEME);
  const mlsTo = scopes.get(SCOPE.mlsTo);
  if (mlsTo && mlsTo.scheme !== PARTICIPANT_SCHEME) throw new SbdhError('SBDH-004', `the MLS_TO scope's Identifier is ${mlsTo.scheme ?? 'missing'}, not ${PARTICIPANT_SCHEME}`);
  const processScheme = scopes.get(SCOPE.process)?.scheme ?? PROCESS_SCHEME;
  if (!PROCESS_SCHEMES.includes(processScheme)) throw new SbdhError('SBDH-004', `the ${SCOPE.process} scope's Identifier is ${processScheme}, not one of ${PROCESS_SCHEMES.join(', ')}`);
  const facts: EnvelopeFacts = {
    sender: participant(header, 'Sender'),
    receiver: participant(header, 'Receiver'),
    documentTypeId: documentType,
    processId: mandatoryScope(scopes, SCOPE.process),
    ...(processScheme !== PROCESS_SCHEME ? { processScheme } : {}),
    countryC1: mandatoryScope(scopes, SCOPE.countryC1),
    instanceIdentifier: required(identification, 'InstanceIdentifier'),
    creationDateAndTime: new Date(created),
    ...(mlsTo ? { mlsTo: mlsTo.value } : {}),
    ...(scopes.has(SCOPE.mlsType) ? { mlsType: scopes.get(SCOPE.mlsType)!.value as MlsType } : {}),
  };
  checkFacts(facts);

  const payload = payloadRootOf(scan);
  const said = { Standard: required(identification, 'Standard'), Type: required(identification, 'Type'), TypeVersion: required(identification, 'TypeVersion') };
  const is = { Standard: payload.namespace, Type: payload.localName, TypeVersion: UBL_VERSION };
  for (const key of Object.keys(said) as (keyof typeof said)[]) {
    if (said[key] !== is[key]) throw new SbdhError('SBDH-005', `DocumentIdentification/${key} is "${said[key]}", the business document's is "${is[key]}"`);
  }
  const derived = documentTypeIdFor(payload);
  if (documentType !== derived) throw new SbdhError('SBDH-005', `the DOCUMENTID scope ${documentType} is not the business document's document type ${derived}`);
  return { facts, businessDocument };
}

function one(parent: Element, name: string, code: 'SBDH-001' | 'SBDH-003' | 'SBDH-004'): Element {
  const found = childrenNamed(parent, NS, name);
  if (found.length !== 1) throw new SbdhError(code, `the header has ${found.length} ${name} elements, not one`);
  return found[0]!;
}

function required(parent: Element, name: string): string {
  const value = childText(parent, NS, name);
  if (!value) throw new SbdhError('SBDH-001', `${parent.localName} has no ${name}`);
  return value;
}

function participant(header: Element, role: 'Sender' | 'Receiver'): string {
  const identifier = childrenNamed(one(header, role, 'SBDH-003'), NS, 'Identifier')[0];
  const authority = identifier?.getAttribute('Authority') ?? '';
  if (!identifier || authority !== PARTICIPANT_SCHEME) throw new SbdhError('SBDH-003', `the ${role}'s Identifier has authority "${authority}", not ${PARTICIPANT_SCHEME}`);
  const value = identifier.textContent?.trim() ?? '';
  checkParticipant(role, value);
  return value;
}

interface Scope {
  value: string;
  scheme: string | undefined;
}

/** The scopes by Type; a Type twice is refused (each reserved key is unique in an envelope). */
function scopesOf(businessScope: Element): Map<string, Scope> {
  const out = new Map<string, Scope>();
  for (const s of childrenNamed(businessScope, NS, 'Scope')) {
    const type = childText(s, NS, 'Type') ?? '';
    if (out.has(type)) throw new SbdhError('SBDH-004', `the scope ${type} is there twice`);
    out.set(type, { value: childText(s, NS, 'InstanceIdentifier') ?? '', scheme: childText(s, NS, 'Identifier') });
  }
  return out;
}

/** A mandatory scope's value; its Identifier, when the scope has one, must be the scheme (absent means that scheme, since 1.1). */
function mandatoryScope(scopes: Map<string, Scope>, type: string, scheme?: string): string {
  const s = scopes.get(type);
  if (!s || !s.value) throw new SbdhError('SBDH-004', `the mandatory scope ${type} is missing`);
  if (scheme && s.scheme !== undefined && s.scheme !== scheme) throw new SbdhError('SBDH-004', `the ${type} scope's Identifier is ${s.scheme}, not ${scheme}`);
  return s.value;
}

/**
 * The envelope cut in two at its header's end: the envelope with the header only (closed with the
 * envelope's own end tag), and the business document's own text, from the header's end to the
 * envelope's closing tag, ending in one newline, as the writer put it there.
 */
function split(xml: string): { headerXml: string; businessDocument: string } {
  const headerEnd = /<\/([\w.-]+:)?StandardBusinessDocumentHeader\s*>/.exec(xml);
  // The envelope's end tag is the last one: looked for from the end, not matched across the whole text.
  const lastEndTag = xml.lastIndexOf('</');
  const tail = /^<\/([\w.-]+:)?StandardBusinessDocument\s*>\s*$/.exec(xml.slice(lastEndTag));
  const envelopeEnd = tail && lastEndTag >= 0 ? { index: lastEndTag, 0: tail[0] } : null;
  if (!headerEnd) throw new SbdhError('SBDH-001', 'the envelope has no StandardBusinessDocumentHeader');
  const bodyStart = headerEnd.index + headerEnd[0].length;
  if (!envelopeEnd || envelopeEnd.index < bodyStart) throw new SbdhError('SBDH-001', 'the envelope is not closed after its business document');
  const businessDocument = xml.slice(bodyStart, envelopeEnd.index).trim();
  if (!businessDocument) throw new SbdhError('SBDH-006', 'the envelope carries no business document after its header');
  return { headerXml: xml.slice(0, bodyStart) + envelopeEnd[0].trim(), businessDocument: `${businessDocument}\n` };
}

/** The namespace declarations on an element (what its content inherits). */
function declarationsOf(element: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of Array.from(element.attributes)) {
    if (a.name === 'xmlns') out.set('', a.value);
    else if (a.name.startsWith('xmlns:')) out.set(a.name.slice(6), a.value);
  }
  return out;
}
