import type { ApplicationResponseDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { NemhandelSettings } from './settings.js';
import { deriveEndpoint } from '../../src/formats/en16931/electronic-address.js';
import type { Identifier } from '../../src/formats/en16931/model.js';
import { compactId } from '../../src/code-lists/identifier.js';
import type { ResponseParty, UblApplicationResponse } from '../../src/formats/ubl/model.js';
import { oioublIdentifier, vatEndpoint } from './endpoint-schemes.js';
import { documentUuid, OIOUBL_CUSTOMIZATION, PROFILE_SCHEME, TECHNICAL_PROFILE_SCHEME, TECHNICAL_RESPONSE_PROFILE } from './identifiers.js';
import { RESPONSE_CODES, referencedTypeOf, responseStatusOf } from './response-codes.js';

// An SPI application response as the OIOUBL business response (ApplicationResponse): accepted
// → BusinessAccept, rejected → BusinessReject, message acknowledgement → TechnicalAccept (with
// the technical-response profile, F-APR057/058). The note is the response's Description.

/** The profile of business responses: simple billing with a response. */
export const RESPONSE_PROFILE = 'Procurement-BilSimR-1.0';

export interface OioublResponse {
  ubl: UblApplicationResponse;
  uuid: string;
  profileScheme: string;
}

type Party = ApplicationResponseDocument['sender_party'];

export function responseModel(doc: ApplicationResponseDocument, ctx: DocumentContext<NemhandelSettings>, issues: IssueList): OioublResponse | undefined {
  const r = doc.document_response.response;
  const status = responseStatusOf(r.status);
  if (!status) {
    issues.invalid('120', 'document_response.response.status', `OIOUBL answers an invoice with ${Object.keys(RESPONSE_CODES).join(', ')} (got "${r.status}"); the other statuses have no OIOUBL response code`);
  }
  if (status === 'REJECTED' && !r.note) issues.warn('121', 'document_response.response.note', 'should say why the invoice is rejected: it is the response\'s Description');
  const sender = responseParty(doc.sender_party, 'sender_party', ctx.entity.party.electronic_address, ctx.entity.party.address.country, issues);
  const receiver = responseParty(doc.receiver_party, 'receiver_party', undefined, doc.country, issues);
  if (!status || !sender || !receiver || issues.hasErrors) return undefined;
  const code = RESPONSE_CODES[status];
  const ref = doc.document_response.document_reference;
  const technical = status === 'MESSAGE_ACKNOWLEDGEMENT';
  return {
    profileScheme: technical ? TECHNICAL_PROFILE_SCHEME : PROFILE_SCHEME,
    uuid: documentUuid(sender.endpoint, 'ApplicationResponse', doc.id),
    ubl: {
      customizationId: OIOUBL_CUSTOMIZATION,
      profileId: technical ? TECHNICAL_RESPONSE_PROFILE : RESPONSE_PROFILE,
      id: doc.id,
      issueDate: doc.issue_date,
      sender,
      receiver,
      response: { referenceId: ref.id, code, description: r.note, statuses: [] },
      documentReference: { id: ref.id, typeCode: referencedTypeOf(ref.document_type_code) },
    },
  };
}

function responseParty(p: Party, path: string, configured: Identifier | undefined, country: string, issues: IssueList): ResponseParty | undefined {
  const name = p.legal_entity.registration_name;
  if (!name) issues.missing('122', `${path}.legal_entity.registration_name`, 'is required');
  const company = p.legal_entity.company_id && compactId(p.legal_entity.company_id);
  const given = p.electronic_address ?? configured;
  const derived = company ? (/^[A-Z]{2}/.test(company) ? vatEndpoint(company) : deriveEndpoint({ vatIds: [], companyId: company, country })) : undefined;
  const endpoint = given ? oioublIdentifier(given) : derived && (derived.scheme?.includes(':') ? derived : oioublIdentifier(derived));
  if (!endpoint) {
    issues.missing('123', `${path}.electronic_address`, 'no OIOUBL endpoint: send electronic_address with 0088 (GLN), 0184 (CVR), 0198 (SE) or 0096 (P-number), or a CVR or VAT number as legal_entity.company_id');
  }
  if (!name || !endpoint) return undefined;
  const cvr = endpoint.scheme === 'DK:CVR' ? endpoint : undefined;
  return { endpoint, registrationName: name, identification: endpoint, name, companyId: cvr ?? (company ? { id: company, scheme: 'ZZZ' } : undefined) };
}
