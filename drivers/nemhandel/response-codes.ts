// The SPI's application-response statuses and OIOUBL's ResponseCode list
// (urn:oioubl:codelist:responsecode-1.1). OIOUBL answers a whole invoice with a business
// acceptance or rejection, or acknowledges it technically; the Peppol statuses in between
// (under query, conditionally accepted, in process, paid) have no OIOUBL code.

export const RESPONSE_CODES = {
  ACCEPTED: 'BusinessAccept',
  REJECTED: 'BusinessReject',
  MESSAGE_ACKNOWLEDGEMENT: 'TechnicalAccept',
} as const;

export type OioublResponseStatus = keyof typeof RESPONSE_CODES;

/** Inbound: every code of the list, as the SPI status it gives the invoice it answers. */
const STATUS_OF: Readonly<Record<string, string>> = {
  BusinessAccept: 'ACCEPTED',
  BusinessReject: 'REJECTED',
  TechnicalAccept: 'MESSAGE_ACKNOWLEDGEMENT',
  ProfileAccept: 'MESSAGE_ACKNOWLEDGEMENT',
  TechnicalReject: 'REJECTED',
  ProfileReject: 'REJECTED',
};

export function responseStatusOf(raw: string): OioublResponseStatus | undefined {
  const key = raw.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return key in RESPONSE_CODES ? (key as OioublResponseStatus) : undefined;
}

/** An OIOUBL response code as an SPI status; a code outside the list is a response being handled: IN_PROCESS. */
export function mapStatus(remote: string): string {
  return STATUS_OF[remote.trim()] ?? 'IN_PROCESS';
}

/** The document type code OIOUBL names a referenced document by (responsedocumenttypecode). */
export function referencedTypeOf(typeCode: string | undefined): string {
  return typeCode === '381' ? 'CreditNote' : 'Invoice';
}
