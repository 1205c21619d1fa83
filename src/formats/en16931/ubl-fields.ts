import type { FieldSpec } from '../../spi/driver.js';
import { expandRows, VAT_SCHEME, type Row } from './field-rows.js';
import { typeCodeRow, type TypeCodes } from './type-codes.js';

// The UBL field table of an EN 16931 invoice and credit note: each row is a place in the UBL
// document (the `target` of an override mapping, the `path` data_input_fields reports) and the
// SPI field that feeds it. PEPPOL, EINVOICE, CTC_FR and NEMHANDEL share it, each with its
// format's document type codes.

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

/** The invoice (`ubl-invoice`) and credit note (`ubl-creditnote`) rows; `codes`: the type codes the format allows. */
export function ublInvoiceFields(codes: TypeCodes): FieldSpec[] {
  return [
    ...expandRows(
      [
        typeCodeRow('Invoice.cbc:InvoiceTypeCode', 'Invoice type code', codes, 'invoice'),
        ['Invoice.cbc:DueDate', 'due_date', 'Payment due date', 'date', 'Conditional'],
        ...MAIN,
      ],
      'ubl-invoice',
      'Invoice',
      'InvoiceLine',
      'InvoicedQuantity',
    ),
    // UBL 2.1 credit notes have no DueDate: the due date travels with the payment means.
    ...expandRows(
      [
        typeCodeRow('CreditNote.cbc:CreditNoteTypeCode', 'Credit note type code', codes, 'creditNote'),
        ['CreditNote.cac:PaymentMeans.cbc:PaymentDueDate', 'due_date', 'Payment due date', 'date', 'Conditional'],
        ...MAIN,
      ],
      'ubl-creditnote',
      'CreditNote',
      'CreditNoteLine',
      'CreditedQuantity',
    ),
  ];
}
