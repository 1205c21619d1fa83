import type { ApplicationResponseDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { CtcFrSettings } from './settings.js';
import type { CdarMessage } from './cdar-model.js';
import { FR_ADDRESS_SCHEME } from './french-invoice.js';
import { isSiren, sirenOfCompanyId, sirenOfVat } from '../../src/code-lists/tax-ids/french-ids.js';
import { ACTION_CODES, FRENCH_REASON_OF, LIFECYCLE, RESPONSE_STATUS_CODES } from './lifecycle.js';

// An SPI application response as the buyer's lifecycle message (CDAR) about the seller's
// invoice: the business entity is the buyer (BY) issuing the status; the seller receives it at
// its directory address; its platform passes it on (and to the portal where the law says).

type ResponseParty = ApplicationResponseDocument['sender_party'];

export function responseModel(doc: ApplicationResponseDocument, ctx: DocumentContext<CtcFrSettings>, issues: IssueList): CdarMessage | undefined {
  const r = doc.document_response.response;
  const ref = doc.document_response.document_reference;
  const spiStatus = r.status.trim().toUpperCase().replace(/[\s-]+/g, '_');
  const code = RESPONSE_STATUS_CODES[spiStatus];
  if (!code) {
    issues.invalid('120', 'document_response.response.status', `a buyer's French status answers ${Object.keys(RESPONSE_STATUS_CODES).join(', ')} (got "${r.status}"); receipt (MESSAGE_ACKNOWLEDGEMENT) is the platforms' 202 and 203`);
  }
  const status = code ? LIFECYCLE.get(code)! : undefined;
  const reason = status && reasonOf(r.reason_code, status.reasons, status.code, issues);
  if (r.action_code && !ACTION_CODES.has(r.action_code)) issues.invalid('123', 'document_response.response.action_code', `must be one of ${[...ACTION_CODES].join(', ')} (BR-FR-CDV-CL-10)`);
  if (!ref.issue_date) issues.missing('124', 'document_response.document_reference.issue_date', "a lifecycle message names the invoice's issue date (MDG-35; BR-FR-CDV-11)");
  const buyer = sirenOf(doc.sender_party, ctx.entity.party.legal_entity.company_id, 'sender_party', issues);
  const seller = sirenOf(doc.receiver_party, undefined, 'receiver_party', issues);
  const sellerAddress = doc.receiver_party.electronic_address ?? (seller ? { scheme: FR_ADDRESS_SCHEME, id: seller } : undefined);
  if (!status || !buyer || !seller || !sellerAddress || !ref.issue_date || issues.hasErrors) return undefined;
  const typeCode = ref.document_type_code ?? '380';
  return {
    businessProcess: 'REGULATED',
    id: doc.id,
    // The time of day is render's clock (render.ts): examine has none.
    issuedAt: `${doc.issue_date}T00:00:00Z`,
    sender: { role: 'BY' },
    issuer: { globalId: { id: buyer, scheme: '0002' }, name: doc.sender_party.legal_entity.registration_name, role: 'BY' },
    recipients: [{ globalId: { id: seller, scheme: '0002' }, name: doc.receiver_party.legal_entity.registration_name, role: 'SE', address: sellerAddress }],
    invoice: {
      id: ref.id,
      typeCode,
      issueDate: ref.issue_date,
      seller: { id: seller, scheme: '0002' },
      status,
      reason: reason ? { code: reason, text: r.note } : undefined,
      action: r.action_code ? { code: r.action_code } : undefined,
    },
  };
}

/**
 * The reason (MDT-113): a French code, or a Peppol clarification code in French; a status that
 * needs one (BR-FR-CDV-15) and is given none says AUTRE where its list has it.
 */
function reasonOf(given: string | undefined, allowed: readonly string[] | undefined, code: string, issues: IssueList): string | undefined {
  const path = 'document_response.response.reason_code';
  if (!allowed) return given && (FRENCH_REASON_OF[given] ?? given);
  if (!given) {
    if (allowed.includes('AUTRE')) return 'AUTRE';
    issues.missing('121', path, `status ${code} needs its reason (BR-FR-CDV-15): one of ${allowed.join(', ')}`);
    return undefined;
  }
  const french = FRENCH_REASON_OF[given] ?? given;
  if (!allowed.includes(french)) issues.invalid('122', path, `${given} is not a reason of status ${code} (BR-FR-CDV-CL-09): one of ${allowed.join(', ')}`);
  return french;
}

function sirenOf(p: ResponseParty, configured: string | undefined, path: string, issues: IssueList): string | undefined {
  const id = p.legal_entity.company_id ?? configured;
  const siren = id ? (sirenOfCompanyId(id) ?? sirenOfVat(id)) : undefined;
  const fromAddress = p.electronic_address?.scheme === FR_ADDRESS_SCHEME ? p.electronic_address.id.slice(0, 9) : undefined;
  const found = siren ?? fromAddress;
  if (!found || !isSiren(found)) {
    issues.missing('125', `${path}.legal_entity.company_id`, 'a lifecycle message names the parties by SIREN (MDT-38, MDT-129): send the SIREN, the French VAT number or the 0225 electronic address');
    return undefined;
  }
  return found;
}
