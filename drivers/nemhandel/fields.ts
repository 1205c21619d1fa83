import type { FieldSpec } from '../../src/spi/driver.js';
import { expandRows, type Row } from '../../src/formats/en16931/field-rows.js';
import { WRITTEN_TYPE_CODES } from '../../src/formats/en16931/type-codes.js';
import { ublInvoiceFields } from '../../src/formats/en16931/ubl-fields.js';

// The NEMHANDEL field table: the EN 16931 UBL rows (OIOUBL is UBL 2.1 with the same places),
// re-labelled where OIOUBL spells a place its own way, and the business response's rows.

const DOCUMENT_TYPES: Readonly<Record<string, string>> = { 'ubl-invoice': 'oioubl-invoice', 'ubl-creditnote': 'oioubl-creditnote' };

/** What OIOUBL changes in a row of the EN 16931 table, by the end of its path. */
const CHANGES: readonly [suffix: string, change: Partial<FieldSpec>][] = [
  ['cbc:EndpointID.@schemeID', { description: 'EAS code: 0088 GLN, 0184 CVR, 0198 SE, 0096 P-number (written as OIOUBL GLN, DK:CVR, DK:SE, DK:P); a foreign VAT number is <country>:VAT' }],
  ['cac:PartyTaxScheme.cac:TaxScheme.cbc:ID', { description: 'Always 63 (Moms)', accepted_values: ['63'], default_value: '63' }],
  ['cac:TaxCategory.cac:TaxScheme.cbc:ID', { description: 'Always 63 (Moms)', accepted_values: ['63'], default_value: '63' }],
  ['cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID', { description: 'Always 63 (Moms)', accepted_values: ['63'], default_value: '63' }],
  ['cac:TaxCategory.cbc:ID', { description: 'S, Z, E, AE, K, G, O (written as StandardRated, ZeroRated, ReverseCharge)' }],
  ['cac:ClassifiedTaxCategory.cbc:ID', { description: 'S, Z, E, AE, K, G, O, or "VAT" for standard rated (written as StandardRated, ZeroRated, ReverseCharge)' }],
  ['cac:LegalMonetaryTotal.cbc:TaxExclusiveAmount', { spi: 'tax_total.tax_amount', field_name: 'Invoice total VAT amount (OIOUBL: TaxExclusiveAmount is the VAT)' }],
  ['cac:PaymentMeans.cbc:PaymentID', { description: 'A FIK code line (+71<reference+creditor<) makes the payment means FIK (93); otherwise the remittance information' }],
];

const RESPONSE: Row[] = [
  ['ApplicationResponse.cbc:ID', 'id', 'Response identifier', 'string', 'Mandatory'],
  ['ApplicationResponse.cbc:IssueDate', 'issue_date', 'Response issue date', 'date', 'Mandatory'],
  ...(['Sender', 'Receiver'] as const).flatMap((who): Row[] => {
    const p = `ApplicationResponse.cac:${who}Party`;
    const spi = `${who.toLowerCase()}_party`;
    return [
      [`${p}.cbc:EndpointID`, `${spi}.electronic_address.id`, `${who} endpoint`, 'string', 'Mandatory', 'Derived from company_id (CVR or VAT number) when not mapped'],
      [`${p}.cbc:EndpointID.@schemeID`, `${spi}.electronic_address.scheme`, `${who} endpoint scheme (EAS: 0088, 0184, 0198, 0096)`, 'string', 'Conditional'],
      [`${p}.cac:PartyLegalEntity.cbc:RegistrationName`, `${spi}.legal_entity.registration_name`, `${who} name`, 'string', 'Mandatory'],
      [`${p}.cac:PartyLegalEntity.cbc:CompanyID`, `${spi}.legal_entity.company_id`, `${who} CVR number`, 'string', 'Optional'],
    ];
  }),
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:ResponseCode', 'document_response.response.status', 'Response status', 'string', 'Mandatory', 'ACCEPTED → BusinessAccept, REJECTED → BusinessReject, MESSAGE_ACKNOWLEDGEMENT → TechnicalAccept', ['ACCEPTED', 'REJECTED', 'MESSAGE_ACKNOWLEDGEMENT']],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:Description', 'document_response.response.note', 'Why (the rejection reason)', 'string', 'Conditional'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:ID', 'document_response.document_reference.id', 'Referenced invoice or credit note', 'string', 'Mandatory'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:DocumentTypeCode', 'document_response.document_reference.document_type_code', 'Referenced document type (380 → Invoice, 381 → CreditNote)', 'string', 'Optional'],
];

function oioublRow(f: FieldSpec): FieldSpec {
  const documentTypes = f.documentTypes?.map((t) => DOCUMENT_TYPES[t] ?? t);
  if (f.path.endsWith('.cbc:BuyerReference')) {
    const root = f.path.split('.')[0];
    return { ...f, documentTypes, path: `${root}.cac:AccountingCustomerParty.cac:Party.cac:Contact.cbc:ID`, field_name: "Buyer's reference person (BT-10)", inclusion_type: 'Mandatory', description: 'buyer_reference, else order_reference, else n/a (a public buyer must give one of them)' };
  }
  const change = CHANGES.find(([suffix]) => f.path.endsWith(suffix))?.[1];
  return { ...f, documentTypes, ...change };
}

export const NEMHANDEL_FIELDS: readonly FieldSpec[] = Object.freeze([...ublInvoiceFields(WRITTEN_TYPE_CODES).map(oioublRow), ...expandRows(RESPONSE, 'oioubl-applicationresponse', 'ApplicationResponse')]);
