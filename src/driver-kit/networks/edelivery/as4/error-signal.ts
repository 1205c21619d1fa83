import { el, leaf } from '../../../../formats/xml/writer.js';
import { EBMS_ERRORS, type EbmsError } from './ebms-error.js';
import { SOAP_CONTENT_TYPE, signedEnvelope, type As4Signer } from './signed-envelope.js';
import type { As4Http } from './user-message.js';

// The ebMS error signal a receiving access point answers with when it refuses a user message
// (ebMS 3.0 Core §6.2–6.3, the codes of §6.7 as ebms-error.ts lists them): eb:SignalMessage with
// its own MessageInfo and one eb:Error per refusal, carrying errorCode, severity, category,
// shortDescription and origin from the table, refToMessageInError when the refused message's
// MessageId could be read, eb:Description with what is wrong and, when a profile fixes one, an
// eb:ErrorDetail (Peppol's PEPPOL:NOT_SERVICED). Signed like our receipts (signed-envelope.ts):
// the Peppol AS4 profile signs every message an access point sends, and phase4 signs its errors
// whenever it can. Sent in the HTTP answer with status 200: the error is an ebMS signal, not a
// SOAP fault (phase4 answers 200 too). Pure: ids and time are the caller's.

/** The HTTP status the error signal is sent with. */
export const ERROR_SIGNAL_STATUS = 200;

export interface ErrorSignalFacts {
  /** The signal's own MessageId. */
  messageId: string;
  timestamp: Date;
  /** The refused message's MessageId, when it could be read. */
  refToMessageInError?: string;
  errors: readonly EbmsError[];
}

/** The signed error signal, as the body of the HTTP answer. */
export function errorSignal(facts: ErrorSignalFacts, signer: As4Signer): As4Http {
  if (facts.errors.length === 0) throw new Error('an error signal carries at least one eb:Error');
  const signal = el(
    'eb:SignalMessage',
    undefined,
    el('eb:MessageInfo', undefined, leaf('eb:Timestamp', facts.timestamp.toISOString()), leaf('eb:MessageId', facts.messageId)),
    ...facts.errors.map((error) => {
      const row = EBMS_ERRORS[error.code];
      return el(
        'eb:Error',
        {
          errorCode: error.code,
          severity: row.severity,
          category: row.category,
          shortDescription: row.shortDescription,
          origin: row.origin,
          refToMessageInError: facts.refToMessageInError,
        },
        leaf('eb:Description', error.description, { 'xml:lang': 'en' }),
        leaf('eb:ErrorDetail', error.detail),
      );
    }),
  );
  return { contentType: SOAP_CONTENT_TYPE, body: Buffer.from(signedEnvelope(signal, signer).xml, 'utf8') };
}
