import { fieldTable, type FieldRow } from '../../src/driver-kit/field-table.js';
import type { FieldSpec } from '../../src/spi/driver.js';

// The FACE field table: each row is an element of the Facturae 3.2.2 invoice (the path
// data_input_fields reports, `target` of an override mapping) and the SPI field that feeds it.

const I = 'Facturae.Invoices.Invoice';
const S = 'Facturae.Parties.SellerParty';
const B = 'Facturae.Parties.BuyerParty';
const CREDIT = ['facturae-creditnote'];

const ROWS: FieldRow[] = [
  [`${S}.TaxIdentification.TaxIdentificationNumber`, 'accounting_supplier_party.tax_scheme[0].id', 'Seller NIF', 'string', 'Mandatory', 'The Spanish NIF (ES prefix optional, check character verified); PersonTypeCode F or J follows from it'],
  [`${S}.LegalEntity.CorporateName`, 'accounting_supplier_party.legal_entity.registration_name', 'Seller name', 'string', 'Mandatory', 'At most 80 characters; a natural person (DNI/NIE) is written as Individual: name, first and second surname'],
  [`${S}.LegalEntity.AddressInSpain.PostCode`, 'accounting_supplier_party.address.zip', 'Seller post code', 'string', 'Mandatory', 'Five digits in Spain; the province follows from it when address.division is not given'],
  [`${B}.TaxIdentification.TaxIdentificationNumber`, 'accounting_customer_party.tax_scheme[0].id', 'Buyer NIF', 'string', 'Mandatory', "The public body's NIF"],
  [`${B}.AdministrativeCentres.AdministrativeCentre.CentreCode`, 'accounting_customer_party.administrative_centres[].code', 'DIR3 units', 'string', 'Mandatory', 'Extension key: role_code 01 Oficina contable, 02 Órgano gestor, 03 Unidad tramitadora, all three for B2G'],
  [`${B}.LegalEntity.CorporateName`, 'accounting_customer_party.legal_entity.registration_name', 'Buyer name', 'string', 'Mandatory'],
  ['Facturae.FileHeader.Batch.InvoiceCurrencyCode', 'currency_code', 'Currency', 'string', 'Mandatory'],
  [`${I}.InvoiceHeader.InvoiceNumber`, 'id', 'Invoice number', 'string', 'Mandatory', 'At most 20 characters'],
  [`${I}.InvoiceHeader.InvoiceClass`, 'type', 'Invoice class', 'string', 'Mandatory', 'OO for an invoice, OR (corrective) for a credit note'],
  [`${I}.InvoiceHeader.Corrective.InvoiceNumber`, 'billing_reference[].invoice_document_reference.id', 'Corrected invoice', 'string', 'Mandatory', 'One corrected invoice; ReasonCode and CorrectionMethod from drivers.FACE (16 and 02 by default)', CREDIT],
  [`${I}.InvoiceHeader.Corrective.TaxPeriod.StartDate`, 'billing_reference[].invoice_document_reference.issue_date', 'Corrected period', 'date', 'Optional', 'The corrected invoice\'s date, else the credit note\'s', CREDIT],
  [`${I}.InvoiceIssueData.IssueDate`, 'issue_date', 'Issue date', 'date', 'Mandatory'],
  [`${I}.InvoiceIssueData.OperationDate`, 'tax_date', 'Operation date', 'date', 'Optional', 'Written when it differs from the issue date'],
  [`${I}.InvoiceIssueData.ExchangeRateDetails.ExchangeRate`, 'tax_exchange_rate.calculation_rate', 'Exchange rate', 'number', 'Conditional', 'A non-EUR invoice: EUR per unit of its currency; each tax amount is also written in euros'],
  [`${I}.InvoiceIssueData.InvoiceDescription`, 'note', 'Description', 'string', 'Optional'],
  [`${I}.InvoiceIssueData.ReceiverTransactionReference`, 'order_reference', 'Order reference', 'string', 'Optional', 'Written when it has at most 20 characters'],
  [`${I}.InvoiceIssueData.FileReference`, 'buyer_reference', 'File reference (expediente)', 'string', 'Optional', 'Written when it has at most 20 characters'],
  [`${I}.TaxesOutputs.Tax.TaxRate`, 'tax_total.tax_sub_totals[].percentage', 'IVA rate', 'number', 'Mandatory', 'One Tax per rate; exempt, not subject and zero-rated lines share 0 %'],
  [`${I}.InvoiceTotals.InvoiceTotal`, 'amount', 'Invoice total', 'number', 'Mandatory', 'Negative on a corrective invoice'],
  [`${I}.Items.InvoiceLine.ItemDescription`, 'lines[].description', 'Item', 'string', 'Mandatory'],
  [`${I}.Items.InvoiceLine.Quantity`, 'lines[].quantity', 'Quantity', 'number', 'Mandatory'],
  [`${I}.Items.InvoiceLine.UnitPriceWithoutTax`, 'lines[].price', 'Unit price', 'number', 'Mandatory', 'Up to 8 decimals'],
  [`${I}.Items.InvoiceLine.GrossAmount`, 'lines[].amount', 'Line amount', 'number', 'Mandatory'],
  [`${I}.Items.InvoiceLine.SpecialTaxableEvent.SpecialTaxableEventReason`, 'lines[].classified_tax_category[].exemption_reason', 'Exemption reason', 'string', 'Conditional', '01 exempt (E, K, G), 02 not subject (O); the reason, else drivers.FACE.exemption_reasons'],
  [`${I}.PaymentDetails.Installment.InstallmentDueDate`, 'due_date', 'Due date', 'date', 'Conditional', 'An invoice with an amount due'],
  [`${I}.PaymentDetails.Installment.AccountToBeCredited.IBAN`, 'payment_means[].payee_financial_account.id', 'IBAN', 'string', 'Optional'],
];

export const FACE_FIELDS: readonly FieldSpec[] = fieldTable(ROWS, 'https://www.facturae.gob.es/formato/Paginas/version-3-2.aspx');
