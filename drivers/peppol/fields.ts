import type { FieldSpec } from '../../src/driver/types.js';

// The PEPPOL field table: each row is a place in the Peppol BIS document (the `target` of an
// override mapping and the `path` data_input_fields reports) and the SPI field that feeds it.
// Invoice and credit note rows are written once with placeholders: {R} root, {L} line, {Q} quantity.
// A row without an SPI field is fixed by the format or by what the driver writes (the tax scheme
// is VAT, the invoice type 380): a mapping may name it, with its one accepted value.

type Row = [
  path: string,
  spi: string | undefined,
  name: string,
  type: FieldSpec['data_type'],
  inclusion: FieldSpec['inclusion_type'],
  description?: string,
  accepted?: readonly string[],
];

const VAT_SCHEME: readonly string[] = ['VAT'];

const PARTY = (role: 'Supplier' | 'Customer', spi: string): Row[] => {
  const p = `{R}.cac:Accounting${role}Party.cac:Party`;
  const who = role === 'Supplier' ? 'Seller' : 'Buyer';
  return [
    [`${p}.cbc:EndpointID`, `${spi}.electronic_address.id`, `${who} electronic address`, 'string', 'Mandatory', 'Derived from the VAT or registration number when not mapped'],
    [`${p}.cbc:EndpointID.@schemeID`, `${spi}.electronic_address.scheme`, `${who} electronic address scheme (EAS)`, 'string', 'Conditional'],
    [`${p}.cac:PartyIdentification.cbc:ID`, `${spi}.identifier.id`, `${who} identifier`, 'string', 'Optional'],
    [`${p}.cac:PartyIdentification.cbc:ID.@schemeID`, `${spi}.identifier.scheme`, `${who} identifier scheme (ISO 6523 ICD${role === 'Supplier' ? ', or SEPA' : ''})`, 'string', 'Optional'],
    [`${p}.cac:PartyName.cbc:Name`, `${spi}.name`, `${who} trading name`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cbc:StreetName`, `${spi}.address.line_1`, `${who} address line 1`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cbc:AdditionalStreetName`, `${spi}.address.line_2`, `${who} address line 2`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cac:AddressLine.cbc:Line`, `${spi}.address.line_3`, `${who} address line 3`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cbc:CityName`, `${spi}.address.city`, `${who} city`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cbc:PostalZone`, `${spi}.address.zip`, `${who} post code`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cbc:CountrySubentity`, `${spi}.address.division`, `${who} country subdivision`, 'string', 'Optional'],
    [`${p}.cac:PostalAddress.cac:Country.cbc:IdentificationCode`, `${spi}.address.country`, `${who} country code`, 'string', 'Mandatory'],
    [`${p}.cac:PartyTaxScheme.cbc:CompanyID`, `${spi}.tax_scheme[0].id`, `${who} VAT identifier`, 'string', 'Conditional'],
    [`${p}.cac:PartyTaxScheme.cac:TaxScheme.cbc:ID`, undefined, `${who} VAT identifier scheme`, 'string', 'Optional', 'Always VAT', VAT_SCHEME],
    [`${p}.cac:PartyLegalEntity.cbc:RegistrationName`, `${spi}.legal_entity.registration_name`, `${who} name`, 'string', 'Mandatory'],
    [`${p}.cac:PartyLegalEntity.cbc:CompanyID`, `${spi}.legal_entity.company_id`, `${who} legal registration identifier`, 'string', 'Optional'],
  ];
};

const MAIN: Row[] = [
  ['{R}.cbc:ID', 'id', 'Invoice number', 'string', 'Mandatory'],
  ['{R}.cbc:IssueDate', 'issue_date', 'Issue date', 'date', 'Mandatory'],
  ['{R}.cbc:TaxPointDate', 'tax_date', 'VAT point date', 'date', 'Optional'],
  ['{R}.cbc:Note', 'note', 'Invoice note', 'string', 'Optional'],
  ['{R}.cbc:DocumentCurrencyCode', 'currency_code', 'Invoice currency code', 'string', 'Mandatory'],
  ['{R}.cbc:BuyerReference', 'buyer_reference', 'Buyer reference', 'string', 'Conditional', 'The invoice number when neither a buyer nor an order reference is given'],
  ['{R}.cac:OrderReference.cbc:ID', 'order_reference', 'Purchase order reference', 'string', 'Conditional'],
  ['{R}.cac:BillingReference.cac:InvoiceDocumentReference.cbc:ID', 'billing_reference[].invoice_document_reference.id', 'Preceding invoice reference', 'string', 'Conditional'],
  ['{R}.cac:BillingReference', 'billing_reference[].invoice_document_reference.id', 'Preceding invoice reference (the aggregate, by its invoice number)', 'string', 'Conditional'],
  ['{R}.cac:BillingReference.cac:InvoiceDocumentReference.cbc:IssueDate', 'billing_reference[].invoice_document_reference.issue_date', 'Preceding invoice issue date', 'date', 'Optional'],
  ...PARTY('Supplier', 'accounting_supplier_party'),
  ...PARTY('Customer', 'accounting_customer_party'),
  ['{R}.cac:PaymentMeans.cbc:PaymentID', 'payment_means[0].payment_id', 'Remittance information', 'string', 'Optional'],
  ['{R}.cac:PaymentMeans.cac:PayeeFinancialAccount.cbc:ID', 'payment_means[0].payee_financial_account.id', 'Payment account identifier (IBAN)', 'string', 'Optional'],
  ['{R}.cac:PaymentMeans.cac:PaymentMandate.cbc:ID', 'payment_means[0].payment_mandate.id', 'Mandate reference', 'string', 'Optional'],
  ['{R}.cac:TaxTotal.cbc:TaxAmount', 'tax_total.tax_amount', 'Invoice total VAT amount', 'number', 'Mandatory'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cbc:TaxableAmount', 'tax_total.tax_sub_totals[].taxable_amount', 'VAT category taxable amount', 'number', 'Optional', 'Derived from the lines when no sub totals are mapped'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cbc:TaxAmount', 'tax_total.tax_sub_totals[].tax_amount', 'VAT category tax amount', 'number', 'Optional'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cac:TaxCategory.cbc:ID', 'tax_total.tax_sub_totals[].category', 'VAT category code', 'string', 'Optional'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cac:TaxCategory.cbc:Percent', 'tax_total.tax_sub_totals[].percentage', 'VAT category rate', 'number', 'Optional'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cac:TaxCategory.cbc:TaxExemptionReasonCode', 'tax_total.tax_sub_totals[].exemption_reason_code', 'VAT exemption reason code (VATEX)', 'string', 'Conditional'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cac:TaxCategory.cbc:TaxExemptionReason', 'tax_total.tax_sub_totals[].exemption_reason', 'VAT exemption reason text', 'string', 'Conditional'],
  ['{R}.cac:TaxTotal.cac:TaxSubtotal.cac:TaxCategory.cac:TaxScheme.cbc:ID', undefined, 'VAT breakdown tax scheme', 'string', 'Optional', 'Always VAT', VAT_SCHEME],
  ['{R}.cac:LegalMonetaryTotal.cbc:TaxExclusiveAmount', 'taxable_amount', 'Invoice total amount without VAT', 'number', 'Optional'],
  ['{R}.cac:LegalMonetaryTotal.cbc:TaxInclusiveAmount', 'amount', 'Invoice total amount with VAT', 'number', 'Optional'],
  ['{R}.cac:LegalMonetaryTotal.cbc:PayableAmount', 'amount_due', 'Amount due for payment', 'number', 'Optional'],
  ['{R}.cac:{L}.cbc:ID', 'lines[].id', 'Invoice line identifier', 'string', 'Mandatory'],
  ['{R}.cac:{L}.cbc:{Q}', 'lines[].quantity', 'Invoiced quantity', 'number', 'Mandatory'],
  ['{R}.cac:{L}.cbc:{Q}.@unitCode', 'lines[].unit_code', 'Unit of measure', 'string', 'Optional', 'C62 (one) when not mapped'],
  ['{R}.cac:{L}.cbc:LineExtensionAmount', 'lines[].amount', 'Line amount before the line discount', 'number', 'Mandatory'],
  ['{R}.cac:{L}.cac:AllowanceCharge.cbc:Amount', 'lines[].discount', 'Line discount', 'number', 'Optional'],
  ['{R}.cac:{L}.cac:Item.cbc:Name', 'lines[].description', 'Item name', 'string', 'Mandatory'],
  ['{R}.cac:{L}.cac:Item.cac:SellersItemIdentification.cbc:ID', 'lines[].item_code', "Item seller's identifier", 'string', 'Optional'],
  ['{R}.cac:{L}.cac:Item.cac:ClassifiedTaxCategory.cbc:ID', 'lines[].classified_tax_category[0].category', 'Line VAT category code', 'string', 'Mandatory', 'S, Z, E, AE, K, G, O, or "VAT" for standard rated'],
  ['{R}.cac:{L}.cac:Item.cac:ClassifiedTaxCategory.cbc:Percent', 'lines[].classified_tax_category[0].percentage', 'Line VAT rate', 'number', 'Conditional'],
  ['{R}.cac:{L}.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID', undefined, 'Line tax scheme', 'string', 'Optional', 'Always VAT', VAT_SCHEME],
  ['{R}.cac:{L}.cac:Price.cbc:PriceAmount', 'lines[].unit_price', 'Item net price', 'number', 'Optional', 'amount / quantity when not mapped'],
];

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
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:ResponseCode', 'document_response.response.status', 'Response status', 'string', 'Mandatory'],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cac:Status.cbc:StatusReason', 'document_response.response.note', 'Clarification', 'string', 'Conditional'],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:Description', 'document_response.response.note', 'Clarification (alias of StatusReason)', 'string', 'Optional'],
  ['ApplicationResponse.cac:DocumentResponse.cac:Response.cac:Status.cbc:StatusReasonCode', 'document_response.response.reason_code', 'Clarification code (OPStatusReason)', 'string', 'Conditional', 'OTH when not mapped and the status needs one'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:ID', 'document_response.document_reference.id', 'Referenced invoice', 'string', 'Mandatory'],
  ['ApplicationResponse.cac:DocumentResponse.cac:DocumentReference.cbc:DocumentTypeCode', 'document_response.document_reference.document_type_code', 'Referenced document type code', 'string', 'Optional'],
];

const ACCEPTED: Record<string, readonly string[]> = {
  'ApplicationResponse.cac:DocumentResponse.cac:Response.cbc:ResponseCode': ['ACCEPTED', 'REJECTED', 'MESSAGE_ACKNOWLEDGEMENT', 'IN_PROCESS', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID'],
};

function expand(rows: Row[], documentType: string, root: string, line: string, qty: string): FieldSpec[] {
  return rows.map(([path, spi, field_name, data_type, inclusion_type, description, accepted]) => {
    const p = path.replace('{R}', root).replace('{L}', line).replace('{Q}', qty);
    const fixed = !spi && accepted?.length === 1 ? { default_value: accepted[0] } : {};
    const values = accepted ?? ACCEPTED[p];
    const perLine = path.includes('{L}') ? { perLine: true } : {};
    return { path: p, ...(spi ? { spi } : {}), field_name, data_type, inclusion_type, documentTypes: [documentType], accepted_values: values, ...(description ? { description } : {}), ...fixed, ...perLine };
  });
}

export const PEPPOL_FIELDS: readonly FieldSpec[] = Object.freeze([
  ...expand(
    [
      ['Invoice.cbc:InvoiceTypeCode', undefined, 'Invoice type code', 'string', 'Mandatory', '380: the commercial invoice the driver writes', ['380']],
      ['Invoice.cbc:DueDate', 'due_date', 'Payment due date', 'date', 'Conditional'],
      ...MAIN,
    ],
    'ubl-invoice',
    'Invoice',
    'InvoiceLine',
    'InvoicedQuantity',
  ),
  // UBL 2.1 credit notes have no DueDate: the due date travels with the payment means.
  ...expand(
    [
      ['CreditNote.cbc:CreditNoteTypeCode', undefined, 'Credit note type code', 'string', 'Mandatory', '381: the one credit note type Peppol BIS Billing 3 allows (PEPPOL-EN16931-P0101)', ['381']],
      ['CreditNote.cac:PaymentMeans.cbc:PaymentDueDate', 'due_date', 'Payment due date', 'date', 'Conditional'],
      ...MAIN,
    ],
    'ubl-creditnote',
    'CreditNote',
    'CreditNoteLine',
    'CreditedQuantity',
  ),
  ...expand(RESPONSE, 'ubl-applicationresponse', 'ApplicationResponse', '', ''),
]);
