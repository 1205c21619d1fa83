// One error for every envelope the SBDH code refuses, written or read: a stable code a receiver
// can answer with (the AS4 receiver maps it to the profile's error later) and a message saying
// what is wrong. Never thrown for a bug of ours: only for an envelope or payload that is not right.

export type SbdhErrorCode =
  /** Not XML, or not a StandardBusinessDocument in the SBDH namespace. */
  | 'SBDH-001'
  /** HeaderVersion is not 1.0. */
  | 'SBDH-002'
  /** Not exactly one Sender and one Receiver, or one without the authority iso6523-actorid-upis or a scheme:value id. */
  | 'SBDH-003'
  /** A mandatory scope (DOCUMENTID, PROCESSID, COUNTRY_C1) missing or repeated, or a scope with a wrong identifier scheme. */
  | 'SBDH-004'
  /** The document type (DOCUMENTID, Standard, Type, TypeVersion) does not match the payload's root and CustomizationID. */
  | 'SBDH-005'
  /** No business document after the header, or more than one. */
  | 'SBDH-006'
  /** A value out of its domain: the C1 country, MLS_TYPE, the creation time without a time zone, an empty instance identifier. */
  | 'SBDH-007';

export class SbdhError extends Error {
  constructor(
    readonly code: SbdhErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'SbdhError';
  }
}
