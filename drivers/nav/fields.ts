import { fieldTable, type FieldRow } from '../../src/driver-kit/field-table.js';
import type { FieldSpec } from '../../src/spi/driver.js';

// The NAV field table: each row is an element of InvoiceData (the path data_input_fields
// reports, `target` of an override mapping) and the SPI field that feeds it.

const I = 'InvoiceData.invoiceMain.invoice';
const H = `${I}.invoiceHead`;
const L = `${I}.invoiceLines.line`;
const CREDIT = ['nav-creditnote'];

const ROWS: FieldRow[] = [
  ['InvoiceData.invoiceNumber', 'id', 'Invoice number', 'string', 'Mandatory', 'At most 50 characters; a cancellation (VOIDED) is reported under drivers.NAV.storno_number ({number}-STORNO)'],
  ['InvoiceData.invoiceIssueDate', 'issue_date', 'Issue date', 'date', 'Mandatory'],
  [`${I}.invoiceReference.originalInvoiceNumber`, 'billing_reference[].invoice_document_reference.id', 'Modified invoice', 'string', 'Mandatory', 'Exactly one invoice, reported through this adapter; the modification index and line references come from its chain', CREDIT],
  [`${H}.supplierInfo.supplierTaxNumber.taxpayerId`, 'accounting_supplier_party.legal_entity.company_id', 'Seller tax number', 'string', 'Mandatory', 'The adószám 12345678-2-41 (three parts), or the VAT number HU12345678 (taxpayer id only); the check digit is verified'],
  [`${H}.supplierInfo.supplierName`, 'accounting_supplier_party.legal_entity.registration_name', 'Seller name', 'string', 'Mandatory'],
  [`${H}.supplierInfo.supplierAddress.simpleAddress.postalCode`, 'accounting_supplier_party.address.zip', 'Seller postal code', 'string', 'Mandatory'],
  [`${H}.customerInfo.customerVatStatus`, 'transaction_type', 'Customer VAT status', 'string', 'Mandatory', 'PRIVATE_PERSON for a B2C buyer without a tax number (nothing else about it is reported), DOMESTIC for a Hungarian tax number, OTHER otherwise'],
  [`${H}.customerInfo.customerVatData.customerTaxNumber.taxpayerId`, 'accounting_customer_party.tax_scheme[0].id', 'Buyer tax number', 'string', 'Conditional', 'A Hungarian tax number; an EU VAT number becomes communityVatNumber, any other thirdStateTaxId'],
  [`${H}.customerInfo.customerName`, 'accounting_customer_party.legal_entity.registration_name', 'Buyer name', 'string', 'Conditional', 'Not reported for a private person'],
  [`${H}.invoiceDetail.invoiceDeliveryDate`, 'tax_date', 'Date of supply', 'date', 'Mandatory', 'The issue date when absent'],
  [`${H}.invoiceDetail.currencyCode`, 'currency_code', 'Currency', 'string', 'Mandatory'],
  [`${H}.invoiceDetail.exchangeRate`, 'tax_exchange_rate.calculation_rate', 'Exchange rate', 'number', 'Conditional', 'HUF per unit of the currency; 1 for HUF. Every amount is also reported in HUF at this rate'],
  [`${H}.invoiceDetail.paymentMethod`, 'payment_means[].code', 'Payment method', 'string', 'Optional', 'TRANSFER, CASH, CARD or OTHER'],
  [`${H}.invoiceDetail.paymentDate`, 'due_date', 'Due date', 'date', 'Optional'],
  [`${H}.invoiceDetail.invoiceAppearance`, undefined, 'Invoice appearance', 'string', 'Mandatory', 'drivers.NAV.invoice_appearance (ELECTRONIC)'],
  [`${H}.invoiceDetail.additionalInvoiceData.dataValue`, 'note', 'Note', 'string', 'Optional', 'X00001_MEGJEGYZES, at most 512 characters'],
  [`${L}.lineDescription`, 'lines[].description', 'Item name', 'string', 'Mandatory', 'At most 512 characters'],
  [`${L}.quantity`, 'lines[].quantity', 'Quantity', 'number', 'Mandatory', 'Negative in a modification or cancellation (a difference)'],
  [`${L}.unitOfMeasure`, 'lines[].unit_code', 'Unit', 'string', 'Mandatory', 'UN/ECE Rec 20 mapped to NAV units (C62 PIECE, KGM KILOGRAM, HUR HOUR …); others OWN with unitOfMeasureOwn'],
  [`${L}.unitPrice`, 'lines[].unit_price', 'Unit price', 'number', 'Mandatory'],
  [`${L}.lineAmountsNormal.lineNetAmountData.lineNetAmount`, 'lines[].amount', 'Line net amount', 'number', 'Mandatory', 'Also in HUF (lineNetAmountHUF)'],
  [`${L}.lineAmountsNormal.lineVatRate.vatPercentage`, 'lines[].classified_tax_category[].percentage', 'VAT rate', 'number', 'Conditional', '27, 18 or 5 % (S); E vatExemption (case from drivers.NAV.exemption_case, TAM), K KBAET, G EAM, AE domestic reverse charge or vatOutOfScope EUFAD37/HO, O vatOutOfScope ATK'],
  [`${L}.lineAmountsNormal.lineVatRate.vatExemption.reason`, 'lines[].classified_tax_category[].exemption_reason', 'Exemption reason', 'string', 'Conditional', 'The VAT Act\'s section when absent'],
  [`${I}.invoiceSummary.summaryNormal.invoiceVatAmountHUF`, 'tax_total.tax_amount', 'VAT in HUF', 'number', 'Mandatory', 'Each VAT group converted at the exchange rate'],
];

export const NAV_FIELDS: readonly FieldSpec[] = fieldTable(ROWS, 'https://github.com/nav-gov-hu/Online-Invoice');
