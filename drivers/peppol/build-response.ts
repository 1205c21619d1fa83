import type { ApplicationResponseDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { PeppolSettings } from './settings.js';
import type { Identifier } from '../../src/formats/en16931/model.js';
import type { UblApplicationResponse } from '../../src/formats/ubl/model.js';
import { companyIdScheme, deriveEndpoint } from '../../src/formats/en16931/electronic-address.js';
import { PEPPOL_INVOICE_RESPONSE } from './identifiers.js';
import { checkScheme } from '../../src/formats/en16931/parties.js';
import { NEEDS_REASON, RESPONSE_CODES, responseStatusOf, STATUS_ACTIONS, STATUS_REASONS } from './response-codes.js';

type Party = ApplicationResponseDocument['sender_party'];

/** The Peppol Invoice Response for an SPI application response, or only issues. */
export function responseModel(doc: ApplicationResponseDocument, ctx: DocumentContext<PeppolSettings>, issues: IssueList): UblApplicationResponse | undefined {
  const r = doc.document_response.response;
  const status = responseStatusOf(r.status);
  if (!status) {
    issues.invalid('PEPPOL-080', 'document_response.response.status', `must be one of ${Object.keys(RESPONSE_CODES).join(', ')} (got "${r.status}")`);
  }
  const code = status ? RESPONSE_CODES[status] : undefined;
  const statuses = code ? clarifications(code, r, issues) : [];
  // The sender is this adapter's business entity: its configured address wins.
  const sender = responseParty(doc.sender_party, 'sender_party', ctx.entity.party.electronic_address, ctx.entity.party.address.country, issues);
  const receiver = responseParty(doc.receiver_party, 'receiver_party', undefined, doc.country, issues);
  if (!code || !sender || !receiver || issues.hasErrors) return undefined;
  return {
    ...PEPPOL_INVOICE_RESPONSE,
    id: doc.id,
    issueDate: doc.issue_date,
    sender,
    receiver,
    response: { code, statuses },
    documentReference: { id: doc.document_response.document_reference.id, typeCode: doc.document_response.document_reference.document_type_code ?? '380' },
  };
}

/**
 * Clarifications: CA, UQ and RE need a reason code (PEPPOL-T111-R001); the SPI carries only a
 * note, so the reason is OTH ("other") with the note as its text unless the platform sent a
 * `reason_code` (extension). An action code is written only when sent.
 */
function clarifications(code: string, r: ApplicationResponseDocument['document_response']['response'], issues: IssueList): UblApplicationResponse['response']['statuses'] {
  const path = 'document_response.response';
  if (r.reason_code && !STATUS_REASONS.has(r.reason_code)) issues.invalid('PEPPOL-081', `${path}.reason_code`, `must be an OPStatusReason code (${[...STATUS_REASONS].join(', ')})`);
  if (r.action_code && !STATUS_ACTIONS.has(r.action_code)) issues.invalid('PEPPOL-081', `${path}.action_code`, `must be an OPStatusAction code (${[...STATUS_ACTIONS].join(', ')})`);
  if (r.reason_code === 'PPD' && code !== 'PD') issues.invalid('PEPPOL-085', `${path}.reason_code`, 'PPD (partially paid) is only allowed with status PAID (PEPPOL-T111-R005)');
  if (code === 'PD' && r.reason_code === 'PPD' && !r.note) issues.missing('PEPPOL-085', `${path}.note`, 'a partial payment needs the note saying what was paid (PEPPOL-T111-R004)');
  const reasonCode = r.reason_code ?? (NEEDS_REASON.has(code) || r.note ? 'OTH' : undefined);
  if (reasonCode === 'OTH' && !r.note) issues.warn('PEPPOL-084', `${path}.note`, 'should explain the response: the clarification is "other" without text (PEPPOL-T111-R002)');
  const out: UblApplicationResponse['response']['statuses'] = [];
  if (reasonCode) out.push({ reasonCode, listId: 'OPStatusReason', reason: r.note });
  if (r.action_code) out.push({ reasonCode: r.action_code, listId: 'OPStatusAction' });
  return out;
}

function responseParty(p: Party, path: string, configured: Identifier | undefined, country: string, issues: IssueList): UblApplicationResponse['sender'] | undefined {
  const name = p.legal_entity.registration_name;
  if (!name) issues.missing('PEPPOL-083', `${path}.legal_entity.registration_name`, 'is required');
  const company = p.legal_entity.company_id;
  const vatLike = company && /^[A-Z]{2}/i.test(company) ? [company] : [];
  const endpoint = p.electronic_address ?? configured ?? deriveEndpoint({ vatIds: vatLike, companyId: company, country });
  if (!endpoint) issues.missing('PEPPOL-082', `${path}.electronic_address`, 'no Peppol electronic address: send electronic_address {scheme, id} or a VAT number as legal_entity.company_id');
  if (!name || !endpoint || !checkScheme(endpoint, path, issues)) return undefined;
  const scheme = company ? companyIdScheme(company, country) : undefined;
  return { endpoint, registrationName: name, identification: company && scheme ? { id: company, scheme } : undefined };
}
