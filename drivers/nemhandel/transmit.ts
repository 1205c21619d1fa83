import type { Envelope } from '../../src/driver/transport.js';
import { transmitByEnvelope } from '../../src/driver/transmit-envelope.js';
import type { Artifact } from '../../src/driver/types.js';
import { envelopeOf as ublEnvelopeOf } from '../peppol/transmit.js';
import { networkParticipant } from './endpoint-schemes.js';

// Addressing an OIOUBL document: the parties are the EndpointIDs the rendered XML carries (read
// back from what is sent, as PEPPOL does), given to the network as NemHandel's eDelivery
// participants (ICD schemes: 0088 GLN, 0184 CVR…).

export const transmit = transmitByEnvelope(envelopeOf);

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  const e = ublEnvelopeOf(artifact, documentId);
  const participant = (p: Envelope['sender']) => ({ ...networkParticipant(p), name: p.name }) as Envelope['sender'];
  return { ...e, model: 'NEMHANDEL', sender: participant(e.sender), receiver: participant(e.receiver) };
}
