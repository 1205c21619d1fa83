// SPI application-response statuses → UNCL4343 subset used by the Peppol Invoice Response
// (T111). The platform also sends labels ("Accepted", "Under query"): they are matched
// case-insensitively with spaces as underscores.

export const RESPONSE_CODES = {
  MESSAGE_ACKNOWLEDGEMENT: 'AB',
  IN_PROCESS: 'IP',
  UNDER_QUERY: 'UQ',
  CONDITIONALLY_ACCEPTED: 'CA',
  REJECTED: 'RE',
  ACCEPTED: 'AP',
  PAID: 'PD',
} as const;

export type ResponseStatus = keyof typeof RESPONSE_CODES;

/** Codes that must carry a clarification reason (PEPPOL-T111-R001). */
export const NEEDS_REASON = new Set(['CA', 'UQ', 'RE']);

/** OPStatusReason: why (PEPPOL-T111-R007). PPD = partially paid, only with PD (R005). */
export const STATUS_REASONS = new Set(['NON', 'REF', 'LEG', 'REC', 'QUA', 'DEL', 'PRI', 'QTY', 'ITM', 'PAY', 'UNR', 'FIN', 'PPD', 'OTH']);

/** OPStatusAction: what the seller should do (PEPPOL-T111-R006). */
export const STATUS_ACTIONS = new Set(['NOA', 'PIN', 'NIN', 'CNF', 'CNP', 'CNA', 'OTH']);

export function responseStatusOf(raw: string): ResponseStatus | undefined {
  const key = raw.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return key in RESPONSE_CODES ? (key as ResponseStatus) : undefined;
}
