import type { FieldSpec } from '../../src/spi/driver.js';
import { expandRows, type Row } from '../../src/formats/en16931/field-rows.js';
import { ublInvoiceFields } from '../../src/formats/en16931/ubl-fields.js';
import { PEPPOL_TYPE_CODES } from './type-codes.js';

// The PEPPOL field table: the EN 16931 UBL rows of invoices and credit notes
// (src/formats/en16931/ubl-fields.ts) with Peppol's type codes, and the Invoice Response's own.

const STATUSES: readonly string[] = ['ACCEPTED', 'REJECTED', 'MESSAGE_ACKNOWLEDGEMENT', 'IN_PROCESS', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID'];

const RESPONSE: Row[] = [
  ['ApplicationResponse.cbc:ID', 'id', 'Response identifier', 'string', 'Mandatory'],
  ['ApplicationResponse.cbc:IssueDate', 'issue_date', 'Response issue date', 'date', 'Mandatory'],
  ...(['Sender', 'Receiver'] as const).flatMap((who): Row[] => {
    const p = `ApplicationResponse.cac:${who}Party`;
    const spi = `${who.toLowerCase()}_party`;
    return [
      [`${p}.cbc:EndpointID`, `${spi}.electronic_address.id`, `${who} electronic address`, 'string', 'Mandatory', 'Derived from company_id when not mapped'],
      [`${p}.cbc:EndpointID.@schemeID`, `${spi}.electronic_address.scheme`, `${who} electronic address scheme (EAS)`, 'string', 'Conditional'],
      [`${p}.cac:PartyIdentification.cbc:ID`, `${spi}.legal_entity.company_id`, `${who} identifier`, 'string', 'Optional'],
      [`${p}.cac:PartyLegalEntity.cbc:RegistrationName`, `${spi}.legal_entity.registration_name`, `${who} name`, 'string', 'Mandatory'],
    ];
  }),
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:ResponseCode', 'document_response.response.status', 'Response status', 'string', 'Mandatory', undefined, STATUSES],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cac:Status.cbc:StatusReason', 'document_response.response.note', 'Clarification', 'string', 'Conditional'],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:Description', 'document_response.response.note', 'Clarification (alias of StatusReason)', 'string', 'Optional'],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cac:Status.cbc:StatusReasonCode', 'document_response.response.reason_code', 'Clarification code (OPStatusReason)', 'string', 'Conditional', 'OTH when not mapped and the status needs one'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:ID', 'document_response.document_reference.id', 'Referenced invoice', 'string', 'Mandatory'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:DocumentTypeCode', 'document_response.document_reference.document_type_code', 'Referenced document type code', 'string', 'Optional'],
];

export const PEPPOL_FIELDS: readonly FieldSpec[] = Object.freeze([...ublInvoiceFields(PEPPOL_TYPE_CODES), ...expandRows(RESPONSE, 'ubl-applicationresponse', 'ApplicationResponse')]);
