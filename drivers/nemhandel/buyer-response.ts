import type { Envelope } from '../../src/spi/transport.js';
import type { BuyerResponse } from '../../src/spi/buyer-response.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import type { ResponseParty } from '../../src/formats/ubl/model.js';
import { endpointOfParticipant } from './endpoint-schemes.js';
import { documentUuid, OIOUBL_CUSTOMIZATION, PROFILE_SCHEME, TECHNICAL_PROFILE_SCHEME, TECHNICAL_RESPONSE_PROFILE } from './identifiers.js';
import { oioublDialect } from './oioubl-dialect.js';
import { RESPONSE_CODES, responseStatusOf } from './response-codes.js';
import { RESPONSE_PROFILE } from './build-response.js';

// What the sandbox network's buyer answers to an OIOUBL document: an OIOUBL ApplicationResponse
// from the document's receiver to its sender about its number, as a NemHandel buyer would.
// OIOUBL has BusinessAccept, BusinessReject and TechnicalAccept; a configured or injected
// status it cannot say (under query, paid…) gets no response.

export function buyerResponse(envelope: Envelope, response: BuyerResponse, id: string, issueDate: string): { documentType: string; content: string } | undefined {
  const status = responseStatusOf(response.status);
  if (!status) return undefined;
  const technical = status === 'MESSAGE_ACKNOWLEDGEMENT';
  const sender = party(envelope.receiver);
  const content = renderApplicationResponse(
    {
      customizationId: OIOUBL_CUSTOMIZATION,
      profileId: technical ? TECHNICAL_RESPONSE_PROFILE : RESPONSE_PROFILE,
      id,
      issueDate,
      sender,
      receiver: party(envelope.sender),
      response: { referenceId: envelope.documentNumber, code: RESPONSE_CODES[status], description: response.note ?? (status === 'REJECTED' ? 'rejected by the sandbox buyer' : undefined), statuses: [] },
      documentReference: { id: envelope.documentNumber, typeCode: envelope.documentTypeCode === '381' ? 'CreditNote' : 'Invoice' },
    },
    oioublDialect({ uuid: documentUuid(sender.endpoint, 'ApplicationResponse', id), copyIndicator: false, profileScheme: technical ? TECHNICAL_PROFILE_SCHEME : PROFILE_SCHEME }),
  );
  return { documentType: 'oioubl-applicationresponse', content };
}

function party(p: Envelope['sender']): ResponseParty {
  const endpoint = endpointOfParticipant(p);
  const name = p.name ?? `${endpoint.scheme}:${endpoint.id}`;
  return { endpoint, registrationName: name, identification: endpoint, name, companyId: endpoint.scheme === 'DK:CVR' ? endpoint : { id: endpoint.id, scheme: 'ZZZ' } };
}
