import { PEPPOL_INVOICE_RESPONSE } from './identifiers.js';
import { NEEDS_REASON, RESPONSE_CODES } from './response-codes.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import type { UblApplicationResponse } from '../../src/formats/ubl/model.js';
import type { Envelope } from '../../src/spi/transport.js';
import type { Driver } from '../../src/spi/driver.js';
import type { BuyerResponse } from '../../src/spi/buyer-response.js';

/**
 * The Peppol Invoice Response (T111) the sandbox's buyer sends back: from the document's
 * receiver to its sender, about its number. RE, UQ and CA must say why (PEPPOL-T111-R001):
 * without a reason code the clarification is OTH with the note as text.
 */
export const buyerResponse: NonNullable<Driver['buyerResponse']> = (envelope, response, id, issueDate) => ({ documentType: 'ubl-applicationresponse', content: buyerResponseXml(envelope, response, id, issueDate) });

function buyerResponseXml(envelope: Envelope, response: BuyerResponse, id: string, issueDate: string): string {
  const code = RESPONSE_CODES[response.status];
  const statuses: UblApplicationResponse['response']['statuses'] = [];
  const reasonCode = response.reason_code ?? (NEEDS_REASON.has(code) || response.note ? 'OTH' : undefined);
  if (reasonCode) statuses.push({ reasonCode, listId: 'OPStatusReason', reason: response.note ?? defaultNote(response.status) });
  if (response.action_code) statuses.push({ reasonCode: response.action_code, listId: 'OPStatusAction' });
  return renderApplicationResponse({
    ...PEPPOL_INVOICE_RESPONSE,
    id,
    issueDate,
    sender: party(envelope.receiver),
    receiver: party(envelope.sender),
    response: { code, statuses },
    documentReference: { id: envelope.documentNumber, typeCode: envelope.documentTypeCode ?? '380' },
  });
}

function party(p: Envelope['sender']): UblApplicationResponse['sender'] {
  return { endpoint: { scheme: p.scheme, id: p.id }, registrationName: p.name ?? `${p.scheme}:${p.id}` };
}

function defaultNote(status: BuyerResponse['status']): string {
  return `${status.toLowerCase().replace(/_/g, ' ')} by the sandbox buyer`;
}
