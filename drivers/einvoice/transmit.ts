import { transmitByEnvelope } from '../../src/driver-kit/transmit-envelope.js';
import { en16931Envelope } from '../../src/formats/en16931/envelope.js';

/** EINVOICE's documents are addressed by what they say (src/formats/en16931/envelope.ts) and sent as they are. */
export const transmit = transmitByEnvelope((artifact, documentId) => en16931Envelope('EINVOICE', artifact, documentId));
