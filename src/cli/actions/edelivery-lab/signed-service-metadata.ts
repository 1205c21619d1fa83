import { SignedXml } from 'xml-crypto';
import { withCodePointC14n } from '../../../formats/xml/code-point-c14n.js';
import { escapeAttr, escapeText } from '../../../formats/xml/writer.js';
import type { Identity } from './lab-pki.js';

// SignedServiceMetadata as a Peppol SMP 1.x answers `GET /{participant}/services/{document type}`
// (the busdox namespaces service-metadata.ts reads): the participant, the document type, its
// processes (one document type may be received in several: OIOUBL's billing profiles) with their
// endpoints by transport profile, each with its address and the receiving access
// point's certificate; then signed as SMPs sign it (smp-signature.ts checks exactly this).

const SMP = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const IDS = 'http://busdox.org/transport/identifiers/1.0/';
const WSA = 'http://www.w3.org/2005/08/addressing';

export interface MetadataEndpoint {
  transportProfile: string;
  url: string;
  /** Base64 DER of the access point's certificate. */
  certificate: string;
  activation?: string | undefined;
  expiration?: string | undefined;
  description?: string | undefined;
}

export interface MetadataFor {
  participantId: string;
  documentTypeId: string;
  /** Full `scheme::value` process ids, each written with its own scheme (cenbii-procid-ubl, oioubl-procid-ubl). */
  processIds: readonly string[];
  endpoints: readonly MetadataEndpoint[];
}

/** `scheme::value` as an identifier element of the busdox identifiers namespace. */
function identifier(element: string, id: string): string {
  const at = id.indexOf('::');
  return `<ids:${element} scheme="${escapeAttr(id.slice(0, at))}">${escapeText(id.slice(at + 2))}</ids:${element}>`;
}

function endpointXml(e: MetadataEndpoint): string {
  return (
    `<Endpoint transportProfile="${escapeAttr(e.transportProfile)}"><wsa:EndpointReference><wsa:Address>${escapeText(e.url)}</wsa:Address></wsa:EndpointReference>` +
    '<RequireBusinessLevelSignature>false</RequireBusinessLevelSignature>' +
    (e.activation ? `<ServiceActivationDate>${escapeText(e.activation)}</ServiceActivationDate>` : '') +
    (e.expiration ? `<ServiceExpirationDate>${escapeText(e.expiration)}</ServiceExpirationDate>` : '') +
    `<Certificate>${e.certificate}</Certificate><ServiceDescription>${escapeText(e.description ?? 'Lab access point')}</ServiceDescription>` +
    `<TechnicalContactUrl>${escapeText(new URL(e.url).origin)}</TechnicalContactUrl></Endpoint>`
  );
}

/** The unsigned SignedServiceMetadata of one participant and document type. */
export function serviceMetadataXml(m: MetadataFor): string {
  return (
    `<SignedServiceMetadata xmlns="${SMP}" xmlns:ids="${IDS}" xmlns:wsa="${WSA}">` +
    '<ServiceMetadata><ServiceInformation>' +
    identifier('ParticipantIdentifier', m.participantId) +
    identifier('DocumentIdentifier', m.documentTypeId) +
    '<ProcessList>' +
    m.processIds.map((p) => `<Process>${identifier('ProcessIdentifier', p)}<ServiceEndpointList>${m.endpoints.map(endpointXml).join('')}</ServiceEndpointList></Process>`).join('') +
    '</ProcessList></ServiceInformation></ServiceMetadata></SignedServiceMetadata>'
  );
}

/** An enveloped signature as SMPs write it: RSA-SHA256, SHA-256 digest, exclusive c14n, one reference to the whole document, the certificate in KeyInfo. */
export function signAsSmp(xml: string, signer: Identity): string {
  const sig = withCodePointC14n(
    new SignedXml({
      privateKey: signer.privateKeyPem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      getKeyInfoContent: () => `<X509Data><X509Certificate>${signer.base64}</X509Certificate></X509Data>`,
    }),
  );
  sig.addReference({
    xpath: '/*',
    isEmptyUri: true,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}
