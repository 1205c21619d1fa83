import { transmitByEnvelope } from '../../src/driver-kit/transmit-envelope.js';
import { endpointEnvelope } from '../../src/formats/ubl/endpoint-envelope.js';

// A Peppol document is addressed by the EndpointIDs it carries (src/formats/ubl/endpoint-envelope.ts).
export const transmit = transmitByEnvelope((artifact, documentId) => endpointEnvelope(artifact, documentId, 'PEPPOL'));
