import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { invalidMetadata, notRegistered, type LookupOutcome, type ReceiverEndpoint } from './lookup-outcome.js';
import { splitParticipantId } from './participant-dns-name.js';
import { childrenNamed } from '../../../formats/xml/dom-children.js';

// Reading the signed content of SignedServiceMetadata (Peppol SMP 1.4.0, namespace
// busdox.org/serviceMetadata/publishing/1.0): either a Redirect to another SMP, or the
// ServiceInformation of one participant and document type, whose processes list endpoints by
// transport profile. The endpoint's address is WS-Addressing's EndpointReference/Address (Peppol
// SMP 1.x; OASIS BDXR SMP 1.0 calls it EndpointURI, which Peppol does not use).

const SMP = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const IDS = 'http://busdox.org/transport/identifiers/1.0/';
const WSA = 'http://www.w3.org/2005/08/addressing';

export interface Redirect {
  href: string;
  /** The subject unique identifier of the certificate the target SMP must sign with. */
  certificateUid: string;
}

export interface Wanted {
  participantId: string;
  documentTypeId: string;
  processId: string;
  transportProfile: string;
  now: Date;
}

const first = (parent: Element, ns: string, name: string): Element | undefined => childrenNamed(parent, ns, name)[0];
const textOf = (el: Element | undefined): string | undefined => el?.textContent?.trim() || undefined;
const identifier = (el: Element | undefined): string | undefined => (el ? `${el.getAttribute('scheme') ?? ''}::${textOf(el) ?? ''}` : undefined);

/** xs:dateTime, read as UTC when it names no offset; undefined when absent, NaN-safe. */
function dateTime(el: Element | undefined): Date | undefined | 'invalid' {
  const text = textOf(el);
  if (!text) return undefined;
  const at = new Date(/(Z|[+-]\d\d:\d\d)$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(at.getTime()) ? 'invalid' : at;
}

/** The redirect, the endpoint, or why neither. */
export function readServiceMetadata(signedXml: string, wanted: Wanted): Redirect | ReceiverEndpoint | LookupOutcome {
  const root = new DOMParser().parseFromString(signedXml, 'text/xml').documentElement as unknown as Element | null;
  if (!root || root.namespaceURI !== SMP || root.localName !== 'SignedServiceMetadata') return invalidMetadata('the document is not an SMP SignedServiceMetadata');
  const metadata = first(root, SMP, 'ServiceMetadata');
  if (!metadata) return invalidMetadata('SignedServiceMetadata has no ServiceMetadata');
  const redirect = first(metadata, SMP, 'Redirect');
  if (redirect) {
    const href = redirect.getAttribute('href');
    const certificateUid = textOf(first(redirect, SMP, 'CertificateUID'));
    if (!href || !certificateUid) return invalidMetadata('a Redirect without href or CertificateUID');
    return { href, certificateUid };
  }
  const info = first(metadata, SMP, 'ServiceInformation');
  if (!info) return invalidMetadata('ServiceMetadata has neither ServiceInformation nor Redirect');
  // The metadata must be about what was asked: a signed answer for another participant or
  // document type is not an answer (participant values compare case-insensitively, POLICY 2).
  const participant = identifier(first(info, IDS, 'ParticipantIdentifier'));
  const asked = splitParticipantId(wanted.participantId);
  if (!participant || participant.toLowerCase() !== `${asked.scheme}::${asked.value}`.toLowerCase()) return invalidMetadata(`the metadata is about ${participant ?? 'no participant'}, not ${wanted.participantId}`);
  const documentType = identifier(first(info, IDS, 'DocumentIdentifier'));
  if (documentType !== wanted.documentTypeId) return invalidMetadata(`the metadata is about document type ${documentType ?? 'none'}, not ${wanted.documentTypeId}`);
  const processes = childrenNamed(first(info, SMP, 'ProcessList') ?? info, SMP, 'Process');
  const process = processes.find((p) => identifier(first(p, IDS, 'ProcessIdentifier')) === wanted.processId);
  if (!process) return notRegistered(`${wanted.participantId} receives ${wanted.documentTypeId} but not in process ${wanted.processId}`);
  const endpoints = childrenNamed(first(process, SMP, 'ServiceEndpointList') ?? process, SMP, 'Endpoint');
  const endpoint = endpoints.find((e) => e.getAttribute('transportProfile') === wanted.transportProfile);
  if (!endpoint) return notRegistered(`${wanted.participantId} has no ${wanted.transportProfile} endpoint for ${wanted.processId}`);
  return endpointOf(endpoint, wanted.now);
}

function endpointOf(endpoint: Element, now: Date): ReceiverEndpoint | LookupOutcome {
  const reference = first(endpoint, WSA, 'EndpointReference');
  const url = textOf(reference && first(reference, WSA, 'Address'));
  if (!url) return invalidMetadata('the endpoint has no EndpointReference/Address');
  const activation = dateTime(first(endpoint, SMP, 'ServiceActivationDate'));
  const expiration = dateTime(first(endpoint, SMP, 'ServiceExpirationDate'));
  if (activation === 'invalid' || expiration === 'invalid') return invalidMetadata('the endpoint\'s activation or expiration date is not a date');
  if (activation && now < activation) return invalidMetadata(`the endpoint is active from ${activation.toISOString()}`);
  if (expiration && now >= expiration) return invalidMetadata(`the endpoint expired at ${expiration.toISOString()}`);
  const base64 = textOf(first(endpoint, SMP, 'Certificate'))?.replace(/\s/g, '');
  if (!base64) return invalidMetadata('the endpoint has no Certificate');
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    return invalidMetadata('the endpoint\'s Certificate is not a DER X.509 certificate');
  }
  return { url, certificate, transportProfile: endpoint.getAttribute('transportProfile')!, ...(expiration && { expiresAt: expiration }) };
}
