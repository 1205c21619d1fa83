import type { FieldSpec } from '../../spi/driver.js';
import { expandRows, VAT_SCHEME, type Row } from './field-rows.js';
import { typeCodeRow, type TypeCodes } from './type-codes.js';

// The CII field table of an EN 16931 invoice and credit note (both rsm:CrossIndustryInvoice,
// told apart by the document type the SPI names): each row is a place in the CII document and the SPI field that
// feeds it, as the UBL table does for UBL.

const AGREEMENT = '{R}.rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement';
const SETTLEMENT = '{R}.rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement';
const LINE = '{R}.rsm:SupplyChainTradeTransaction.ram:IncludedSupplyChainTradeLineItem{L}';

const PARTY = (role: 'Seller' | 'Buyer', spi: string): Row[] => {
  const p = `${AGREEMENT}.ram:${role}TradeParty`;
  const a = `${p}.ram:PostalTradeAddress`;
  return [
    [`${p}.ram:Name`, `${spi}.legal_entity.registration_name`, `${role} name`, 'string', 'Mandatory'],
    [`${p}.ram:GlobalID`, `${spi}.identifier.id`, `${role} identifier`, 'string', 'Optional'],
    [`${p}.ram:GlobalID.@schemeID`, `${spi}.identifier.scheme`, `${role} identifier scheme (ISO 6523 ICD)`, 'string', 'Optional'],
    [`${p}.ram:SpecifiedLegalOrganization.ram:ID`, `${spi}.legal_entity.company_id`, `${role} legal registration identifier`, 'string', 'Optional'],
    [`${p}.ram:SpecifiedLegalOrganization.ram:TradingBusinessName`, `${spi}.name`, `${role} trading name`, 'string', 'Optional'],
    [`${a}.ram:PostcodeCode`, `${spi}.address.zip`, `${role} post code`, 'string', 'Optional'],
    [`${a}.ram:LineOne`, `${spi}.address.line_1`, `${role} address line 1`, 'string', 'Optional'],
    [`${a}.ram:LineTwo`, `${spi}.address.line_2`, `${role} address line 2`, 'string', 'Optional'],
    [`${a}.ram:LineThree`, `${spi}.address.line_3`, `${role} address line 3`, 'string', 'Optional'],
    [`${a}.ram:CityName`, `${spi}.address.city`, `${role} city`, 'string', 'Optional'],
    [`${a}.ram:CountryID`, `${spi}.address.country`, `${role} country code`, 'string', 'Mandatory'],
    [`${a}.ram:CountrySubDivisionName`, `${spi}.address.division`, `${role} country subdivision`, 'string', 'Optional'],
    [`${p}.ram:URIUniversalCommunication.ram:URIID`, `${spi}.electronic_address.id`, `${role} electronic address`, 'string', 'Conditional', 'Derived from the VAT or registration number when not mapped'],
    [`${p}.ram:URIUniversalCommunication.ram:URIID.@schemeID`, `${spi}.electronic_address.scheme`, `${role} electronic address scheme (EAS)`, 'string', 'Conditional'],
    [`${p}.ram:SpecifiedTaxRegistration.ram:ID`, `${spi}.tax_scheme[0].id`, `${role} VAT identifier`, 'string', 'Conditional'],
  ];
};

const MAIN: Row[] = [
  ['{R}.rsm:ExchangedDocument.ram:ID', 'id', 'Invoice number', 'string', 'Mandatory'],
  ['{R}.rsm:ExchangedDocument.ram:IssueDateTime.udt:DateTimeString', 'issue_date', 'Issue date', 'date', 'Mandatory'],
  ['{R}.rsm:ExchangedDocument.ram:IncludedNote.ram:Content', 'note', 'Invoice note', 'string', 'Optional'],
  [`${AGREEMENT}.ram:BuyerReference`, 'buyer_reference', 'Buyer reference (the Leitweg-ID in German B2G)', 'string', 'Conditional'],
  ...PARTY('Seller', 'accounting_supplier_party'),
  ...PARTY('Buyer', 'accounting_customer_party'),
  [`${AGREEMENT}.ram:BuyerOrderReferencedDocument.ram:IssuerAssignedID`, 'order_reference', 'Purchase order reference', 'string', 'Conditional'],
  [`${SETTLEMENT}.ram:PaymentReference`, 'payment_means[0].payment_id', 'Remittance information', 'string', 'Optional'],
  [`${SETTLEMENT}.ram:InvoiceCurrencyCode`, 'currency_code', 'Invoice currency code', 'string', 'Mandatory'],
  [`${SETTLEMENT}.ram:SpecifiedTradeSettlementPaymentMeans.ram:PayeePartyCreditorFinancialAccount.ram:IBANID`, 'payment_means[0].payee_financial_account.id', 'Payment account identifier (IBAN)', 'string', 'Optional'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:CalculatedAmount`, 'tax_total.tax_sub_totals[].tax_amount', 'VAT category tax amount', 'number', 'Optional'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:TypeCode`, undefined, 'VAT breakdown tax type', 'string', 'Optional', 'Always VAT', VAT_SCHEME],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:ExemptionReason`, 'tax_total.tax_sub_totals[].exemption_reason', 'VAT exemption reason text', 'string', 'Conditional'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:BasisAmount`, 'tax_total.tax_sub_totals[].taxable_amount', 'VAT category taxable amount', 'number', 'Optional', 'Derived from the lines when no sub totals are mapped'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:CategoryCode`, 'tax_total.tax_sub_totals[].category', 'VAT category code', 'string', 'Optional'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:ExemptionReasonCode`, 'tax_total.tax_sub_totals[].exemption_reason_code', 'VAT exemption reason code (VATEX)', 'string', 'Conditional'],
  [`${SETTLEMENT}.ram:ApplicableTradeTax.ram:RateApplicablePercent`, 'tax_total.tax_sub_totals[].percentage', 'VAT category rate', 'number', 'Optional'],
  [`${SETTLEMENT}.ram:SpecifiedTradePaymentTerms.ram:DueDateDateTime.udt:DateTimeString`, 'due_date', 'Payment due date', 'date', 'Conditional'],
  [`${SETTLEMENT}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxBasisTotalAmount`, 'taxable_amount', 'Invoice total amount without VAT', 'number', 'Optional'],
  [`${SETTLEMENT}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxTotalAmount`, 'tax_total.tax_amount', 'Invoice total VAT amount', 'number', 'Mandatory'],
  [`${SETTLEMENT}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:GrandTotalAmount`, 'amount', 'Invoice total amount with VAT', 'number', 'Optional'],
  [`${SETTLEMENT}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:DuePayableAmount`, 'amount_due', 'Amount due for payment', 'number', 'Optional'],
  [`${SETTLEMENT}.ram:InvoiceReferencedDocument.ram:IssuerAssignedID`, 'billing_reference[].invoice_document_reference.id', 'Preceding invoice reference', 'string', 'Conditional'],
  [`${SETTLEMENT}.ram:InvoiceReferencedDocument.ram:FormattedIssueDateTime.qdt:DateTimeString`, 'billing_reference[].invoice_document_reference.issue_date', 'Preceding invoice issue date', 'date', 'Optional'],
  [`${LINE}.ram:AssociatedDocumentLineDocument.ram:LineID`, 'lines[].id', 'Invoice line identifier', 'string', 'Mandatory'],
  [`${LINE}.ram:SpecifiedTradeProduct.ram:SellerAssignedID`, 'lines[].item_code', "Item seller's identifier", 'string', 'Optional'],
  [`${LINE}.ram:SpecifiedTradeProduct.ram:Name`, 'lines[].description', 'Item name', 'string', 'Mandatory'],
  [`${LINE}.ram:SpecifiedLineTradeAgreement.ram:NetPriceProductTradePrice.ram:ChargeAmount`, 'lines[].unit_price', 'Item net price', 'number', 'Optional', 'amount / quantity when not mapped'],
  [`${LINE}.ram:SpecifiedLineTradeDelivery.ram:BilledQuantity`, 'lines[].quantity', 'Invoiced quantity', 'number', 'Mandatory'],
  [`${LINE}.ram:SpecifiedLineTradeDelivery.ram:BilledQuantity.@unitCode`, 'lines[].unit_code', 'Unit of measure', 'string', 'Optional', 'C62 (one) when not mapped'],
  [`${LINE}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:TypeCode`, undefined, 'Line tax type', 'string', 'Optional', 'Always VAT', VAT_SCHEME],
  [`${LINE}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:CategoryCode`, 'lines[].classified_tax_category[0].category', 'Line VAT category code', 'string', 'Mandatory', 'S, Z, E, AE, K, G, O, or "VAT" for standard rated'],
  [`${LINE}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:RateApplicablePercent`, 'lines[].classified_tax_category[0].percentage', 'Line VAT rate', 'number', 'Conditional'],
  [`${LINE}.ram:SpecifiedLineTradeSettlement.ram:SpecifiedTradeAllowanceCharge.ram:ActualAmount`, 'lines[].discount', 'Line discount', 'number', 'Optional'],
  [`${LINE}.ram:SpecifiedLineTradeSettlement.ram:SpecifiedTradeSettlementLineMonetarySummation.ram:LineTotalAmount`, 'lines[].amount', 'Line amount before the line discount', 'number', 'Mandatory'],
];

/** The invoice (`cii-invoice`) and credit note (`cii-creditnote`) rows; `codes`: the type codes the format allows. */
export function ciiInvoiceFields(codes: TypeCodes): FieldSpec[] {
  const typeCode = (kind: 'invoice' | 'creditNote'): Row => typeCodeRow('{R}.rsm:ExchangedDocument.ram:TypeCode', 'Document type code', codes, kind);
  return [
    ...expandRows([typeCode('invoice'), ...MAIN], 'cii-invoice', 'CrossIndustryInvoice'),
    ...expandRows([typeCode('creditNote'), ...MAIN], 'cii-creditnote', 'CrossIndustryInvoice'),
  ];
}
