import type { FieldSpec } from '../../src/spi/driver.js';
import { ciiInvoiceFields } from '../../src/formats/en16931/cii-fields.js';
import { WRITTEN_TYPE_CODES } from '../../src/formats/en16931/type-codes.js';
import { ublInvoiceFields } from '../../src/formats/en16931/ubl-fields.js';

// The EN 16931 rows of both syntaxes, each for its own document types (the Factur-X PDF embeds
// the CII), and the rows of the buyer's lifecycle message.

const RESPONSE: FieldSpec[] = [
  ['MDT-105 ProcessConditionCode', 'document_response.response.status', 'Status (204 Prise en charge, 205 Approuvée, 206 Approuvée partiellement, 207 En litige, 210 Refusée, 211 Paiement transmis)', 'Mandatory'],
  ['MDT-113 ReasonCode', 'document_response.response.reason_code', 'Reason: a French code (TX_TVA_ERR …) or a Peppol clarification code; required for 206, 207, 210', 'Conditional'],
  ['MDT-114 Reason', 'document_response.response.note', 'Reason text', 'Optional'],
  ['MDT-121 RequestedActionCode', 'document_response.response.action_code', 'Requested action (NOA, PIN, NIN, CNF, CNP, CNA, OTH)', 'Optional'],
  ['MDT-87 IssuerAssignedID', 'document_response.document_reference.id', 'Number of the invoice answered', 'Mandatory'],
  ['MDT-91 TypeCode', 'document_response.document_reference.document_type_code', 'Its type code (380 when absent)', 'Optional'],
  ['MDG-35 FormattedIssueDateTime', 'document_response.document_reference.issue_date', 'Its issue date', 'Mandatory'],
  ['MDT-38 IssuerTradeParty.GlobalID', 'sender_party.legal_entity.company_id', "The buyer's SIREN (or French VAT number)", 'Mandatory'],
  ['MDT-57 RecipientTradeParty.GlobalID', 'receiver_party.legal_entity.company_id', "The seller's SIREN (or French VAT number)", 'Mandatory'],
  ['MDT-73 RecipientTradeParty.URIID', 'receiver_party.electronic_address.id', "The seller's directory address (0225); its SIREN when not sent", 'Optional'],
].map(([path, spi, name, inclusion]) => ({
  path: `CrossDomainAcknowledgementAndResponse.${path}`,
  spi,
  field_name: name!,
  data_type: 'string' as const,
  inclusion_type: inclusion as FieldSpec['inclusion_type'],
  documentTypes: ['cdar-applicationresponse'],
}));

const facturx = (rows: FieldSpec[]) => rows.map((r) => ({ ...r, documentTypes: (r.documentTypes ?? []).map((t) => t.replace(/^cii-/, 'facturx-')) }));

// 380 and 381 only: the French codes beyond them change what BR-FR-* ask (drivers/ctc-fr/README.md).
export const CTC_FR_FIELDS: readonly FieldSpec[] = Object.freeze([
  ...ublInvoiceFields(WRITTEN_TYPE_CODES),
  ...ciiInvoiceFields(WRITTEN_TYPE_CODES),
  ...facturx(ciiInvoiceFields(WRITTEN_TYPE_CODES)),
  ...RESPONSE,
]);
