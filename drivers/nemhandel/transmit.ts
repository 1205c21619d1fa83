import type { Envelope } from '../../src/spi/transport.js';
import { transmitByEnvelope } from '../../src/driver-kit/transmit-envelope.js';
import type { Artifact } from '../../src/spi/driver.js';
import { endpointEnvelope } from '../../src/formats/ubl/endpoint-envelope.js';
import { networkParticipant } from './endpoint-schemes.js';

// Addressing an OIOUBL document: the parties are the EndpointIDs the rendered XML carries (read
// back from what is sent, as PEPPOL's are), given to the network as NemHandel's eDelivery
// participants (ICD schemes: 0088 GLN, 0184 CVR…).

export const transmit = transmitByEnvelope(envelopeOf);

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  const e = endpointEnvelope(artifact, documentId, 'NEMHANDEL');
  const participant = (p: Envelope['sender']) => ({ ...networkParticipant(p), name: p.name }) as Envelope['sender'];
  return { ...e, sender: participant(e.sender), receiver: participant(e.receiver) };
}
