import type { X509Certificate } from 'node:crypto';
import { httpRequest, PostNetworkError } from '../../../platform/http/post.js';
import type { CallMeter } from '../../../spi/network-calls.js';
import { invalidMetadata, notRegistered, smpUnavailable, type LookupOutcome, type ReceiverEndpoint } from './lookup-outcome.js';
import { readServiceMetadata, type Redirect, type Wanted } from './service-metadata.js';
import { verifySmpSignature } from './smp-signature.js';

// The SMP's read interface (Peppol SMP 1.4.0): GET {smp}/{participant}/services/{document type},
// both identifiers written scheme::value and percent-encoded whole (`::` as %3A%3A, `#` as %23).
// Every answer is verified before it is read, a redirecting one included; a Redirect is followed
// once (the specification allows one degree) and the target must sign with the certificate the
// redirect names. SMP 1.4.0 makes HTTPS mandatory: plain http only when the caller says so, which
// tests on 127.0.0.1 do.

export interface SmpClientOptions {
  /** The SMP CA certificates an SMP's signing certificate must be issued by. */
  trustAnchors: readonly X509Certificate[];
  timeoutMs: number;
  /** Tests only: accept http:// SMP addresses. */
  allowHttp?: boolean | undefined;
  /** Counts each GET (a redirect's target too) as the network's `smp_lookup` call. */
  meter?: CallMeter | undefined;
}

// A service metadata document is small; one that is not is not read whole.
const MAX_METADATA_BYTES = 1024 * 1024;

export function serviceMetadataUrl(smpBase: string, participantId: string, documentTypeId: string): string {
  return `${smpBase.replace(/\/+$/, '')}/${encodeURIComponent(participantId)}/services/${encodeURIComponent(documentTypeId)}`;
}

/** The endpoint the SMP at `smpBase` publishes for what is wanted, or why there is none. */
export async function fetchEndpoint(smpBase: string, wanted: Wanted, options: SmpClientOptions): Promise<ReceiverEndpoint | LookupOutcome> {
  const first = await fetchVerified(serviceMetadataUrl(smpBase, wanted.participantId, wanted.documentTypeId), wanted, options);
  if (!('href' in first)) return first;
  const second = await fetchVerified(first.href, wanted, options, first);
  return 'href' in second ? invalidMetadata(`a second redirect (to ${second.href}): SMP 1.4.0 allows one`) : second;
}

async function fetchVerified(url: string, wanted: Wanted, options: SmpClientOptions, redirectedBy?: Redirect): Promise<Redirect | ReceiverEndpoint | LookupOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return invalidMetadata(`the SMP address ${url} is not a URL`);
  }
  if (target.protocol !== 'https:' && !(options.allowHttp && target.protocol === 'http:')) return invalidMetadata(`the SMP address ${url} is not https`);
  let answer;
  try {
    answer = await httpRequest(target, { method: 'GET', headers: { accept: 'application/xml, text/xml' }, timeoutMs: options.timeoutMs, keepBytes: MAX_METADATA_BYTES, meter: options.meter });
  } catch (err) {
    if (err instanceof PostNetworkError) return smpUnavailable(`the SMP at ${target.origin} did not answer: ${err.message}`);
    throw err;
  }
  if (answer.status === 404) return notRegistered(`the SMP knows no ${wanted.documentTypeId} for ${wanted.participantId} (404)`);
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408) return smpUnavailable(`the SMP at ${target.origin} answered ${answer.status}`);
  if (answer.status !== 200) return invalidMetadata(`the SMP at ${target.origin} answered ${answer.status}`);
  const verified = verifySmpSignature(answer.body, options.trustAnchors, wanted.now);
  if ('problem' in verified) return invalidMetadata(verified.problem);
  if (redirectedBy && !namesCertificate(redirectedBy.certificateUid, verified.certificate)) {
    return invalidMetadata(`the redirect named certificate ${redirectedBy.certificateUid}, the target signed with ${verified.certificate.subject.replace(/\n/g, ', ')}`);
  }
  return readServiceMetadata(verified.signedXml, wanted);
}

// SMP 1.x calls CertificateUID the certificate's "subject unique identifier" without fixing its
// form; SMPs write the subject's distinguished name (either order) or its common name.
function namesCertificate(uid: string, certificate: X509Certificate): boolean {
  const rdns = certificate.subject.split('\n').filter(Boolean);
  const forms = [rdns.join(', '), rdns.join(','), [...rdns].reverse().join(', '), [...rdns].reverse().join(','), ...rdns.filter((r) => r.startsWith('CN=')).map((r) => r.slice(3))];
  return forms.includes(uid.trim());
}
