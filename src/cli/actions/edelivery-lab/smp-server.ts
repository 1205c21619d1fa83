import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PEPPOL_AS4_V2 } from '../../../driver-kit/networks/edelivery/lookup-outcome.js';
import { splitParticipantId } from '../../../driver-kit/networks/edelivery/participant-dns-name.js';
import type { Identity } from './lab-pki.js';
import type { ServiceRegistration } from './peppol-services.js';
import { serviceMetadataXml, signAsSmp } from './signed-service-metadata.js';

// The lab's SMP on 127.0.0.1: the read interface of Peppol SMP 1.x, `GET
// /{participant}/services/{document type}` with both identifiers percent-encoded whole, answered
// with each registered participant's SignedServiceMetadata, signed once at start; 404 for what is
// not registered. Participant identifiers compare case-insensitively (Policy for use of
// Identifiers, POLICY 2), document types exactly. No ServiceGroup listing and no write
// interface: the lab registers from its command line.

export interface SmpRegistration {
  participantId: string;
  as4Url: string;
  accessPoint: Identity;
  services: readonly ServiceRegistration[];
}

export interface RunningSmp {
  port: number;
  url: string;
  close(): Promise<void>;
}

const key = (participantId: string, documentTypeId: string) => {
  const { scheme, value } = splitParticipantId(participantId);
  return `${scheme.toLowerCase()}::${value.toLowerCase()}\n${documentTypeId}`;
};

/** Every registration's signed metadata, by participant and document type. */
export function signedPages(registrations: readonly SmpRegistration[], signer: Identity): Map<string, string> {
  const pages = new Map<string, string>();
  for (const r of registrations) {
    // One page per document type, listing every process it is received in (an SMP answers per document type).
    const processes = new Map<string, string[]>();
    for (const s of r.services) processes.set(s.documentTypeId, [...(processes.get(s.documentTypeId) ?? []), s.processId]);
    const endpoint = { transportProfile: PEPPOL_AS4_V2, url: r.as4Url, certificate: r.accessPoint.base64 };
    for (const [documentTypeId, processIds] of processes) {
      pages.set(key(r.participantId, documentTypeId), signAsSmp(serviceMetadataXml({ participantId: r.participantId, documentTypeId, processIds, endpoints: [endpoint] }), signer));
    }
  }
  return pages;
}

/** The page a request path asks for, if the path is `/{participant}/services/{document type}`. */
function pageOf(pages: Map<string, string>, rawPath: string): string | undefined {
  const parts = rawPath.split('?')[0]!.split('/');
  if (parts.length !== 4 || parts[0] !== '' || parts[2] !== 'services') return undefined;
  try {
    return pages.get(key(decodeURIComponent(parts[1]!), decodeURIComponent(parts[3]!)));
  } catch {
    // Not percent-encoding, or not scheme::value: nothing registered has that name.
    return undefined;
  }
}

export async function startSmpServer(registrations: readonly SmpRegistration[], signer: Identity, port = 0): Promise<RunningSmp> {
  const pages = signedPages(registrations, signer);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('the lab SMP is read-only\n');
      return;
    }
    const page = pageOf(pages, req.url ?? '');
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not registered in this lab\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
