import type { X509Certificate } from 'node:crypto';

// What a receiver lookup ends in, typed so the caller maps each to its status without reading
// messages: NOT_REGISTERED and INVALID_METADATA are final (asking again gives the same answer
// until someone changes the registration), SMP_UNAVAILABLE is a retry (the DNS or the SMP did
// not answer, nothing was learnt).

export const PEPPOL_AS4_V2 = 'peppol-transport-as4-v2_0';

/** Where and to whom a document for the receiver goes. */
export interface ReceiverEndpoint {
  url: string;
  /** The receiving access point's certificate, from the signed metadata. */
  certificate: X509Certificate;
  transportProfile: string;
  /** ServiceExpirationDate, when the metadata gives one: the cache never keeps the endpoint past it. */
  expiresAt?: Date | undefined;
}

export type LookupOutcome =
  | { kind: 'FOUND'; endpoint: ReceiverEndpoint }
  | { kind: 'NOT_REGISTERED'; final: true; reason: string }
  | { kind: 'SMP_UNAVAILABLE'; final: false; reason: string }
  | { kind: 'INVALID_METADATA'; final: true; reason: string };

export const notRegistered = (reason: string): LookupOutcome => ({ kind: 'NOT_REGISTERED', final: true, reason });
export const smpUnavailable = (reason: string): LookupOutcome => ({ kind: 'SMP_UNAVAILABLE', final: false, reason });
export const invalidMetadata = (reason: string): LookupOutcome => ({ kind: 'INVALID_METADATA', final: true, reason });
