import { fieldTable, type FieldRow } from '../../src/driver-kit/field-table.js';
import type { FieldSpec } from '../../src/spi/driver.js';

// The KSEF field table: each row is an element of the FA(3) invoice (the path data_input_fields
// reports, `target` of an override mapping) and the SPI field that feeds it.

const F = 'Faktura.Fa';
const CREDIT = ['ksef-creditnote'];

const ROWS: FieldRow[] = [
  ['Faktura.Naglowek.DataWytworzeniaFa', undefined, 'Generation time', 'string', 'Mandatory', "The adapter's clock when the document is rendered"],
  ['Faktura.Naglowek.SystemInfo', undefined, 'Invoicing system', 'string', 'Optional', 'drivers.KSEF.system_info (einvoicing-adapter)'],
  ['Faktura.Podmiot1.DaneIdentyfikacyjne.NIP', 'accounting_supplier_party.tax_scheme[0].id', 'Seller NIP', 'string', 'Mandatory', 'The VAT number PL + 10 digits, written without the prefix; the check digit is verified'],
  ['Faktura.Podmiot1.DaneIdentyfikacyjne.Nazwa', 'accounting_supplier_party.legal_entity.registration_name', 'Seller name', 'string', 'Mandatory'],
  ['Faktura.Podmiot1.Adres.AdresL1', 'accounting_supplier_party.address.line_1', 'Seller address', 'string', 'Mandatory', 'Street lines; AdresL2 is the post code and city'],
  ['Faktura.Podmiot2.DaneIdentyfikacyjne.NIP', 'accounting_customer_party.tax_scheme[0].id', 'Buyer NIP', 'string', 'Conditional', 'A Polish VAT number; an EU VAT number becomes KodUE + NrVatUE, another tax number KodKraju + NrID, none BrakID (B2C only)'],
  ['Faktura.Podmiot2.DaneIdentyfikacyjne.Nazwa', 'accounting_customer_party.legal_entity.registration_name', 'Buyer name', 'string', 'Mandatory'],
  ['Faktura.Podmiot2.Adres.KodKraju', 'accounting_customer_party.address.country', 'Buyer country', 'string', 'Mandatory', 'PL decides between domestic reverse charge (oo) and np II'],
  [`${F}.KodWaluty`, 'currency_code', 'Currency', 'string', 'Mandatory'],
  [`${F}.P_1`, 'issue_date', 'Issue date', 'date', 'Mandatory'],
  [`${F}.P_2`, 'id', 'Invoice number', 'string', 'Mandatory'],
  [`${F}.P_6`, 'tax_date', 'Date of supply', 'date', 'Optional', 'Written when it differs from the issue date'],
  [`${F}.P_13_1`, 'tax_total.tax_sub_totals[].taxable_amount', 'Net amount per rate group', 'number', 'Conditional', 'P_13_1 23/22 %, _2 8/7 %, _3 5 %, _4 4/3 %, _6_1 0 % domestic, _6_2 0 % WDT (K), _6_3 0 % export (G), _7 exempt (E), _8 np I (O), _9 np II (AE, foreign buyer), _10 oo (AE, Polish buyer)'],
  [`${F}.P_14_1`, 'tax_total.tax_sub_totals[].tax_amount', 'VAT per rate group', 'number', 'Conditional'],
  [`${F}.P_14_1W`, 'tax_exchange_rate.calculation_rate', 'VAT in PLN', 'number', 'Conditional', 'A non-PLN invoice: each taxed group\'s VAT (23, 8, 5, 4 %) × tax_exchange_rate, rounded to 0.01; none without Polish VAT (reverse charge, 0 %, exempt)'],
  [`${F}.P_15`, 'amount', 'Invoice total', 'number', 'Mandatory', 'Negative on a corrective invoice (the difference)'],
  [`${F}.Adnotacje.P_19A`, 'lines[].classified_tax_category[].exemption_reason', 'Exemption basis', 'string', 'Conditional', 'The Polish provision; a VATEX-EU code writes P_19B (the Directive)'],
  [`${F}.RodzajFaktury`, 'type', 'Invoice kind', 'string', 'Mandatory', 'VAT for an invoice, KOR for a credit note'],
  [`${F}.PrzyczynaKorekty`, 'note', 'Reason for the correction', 'string', 'Optional', 'The note (256 characters at most), else drivers.KSEF.correction_reason', CREDIT],
  [`${F}.DaneFaKorygowanej.NrFaKorygowanej`, 'billing_reference[].invoice_document_reference.id', 'Corrected invoice number', 'string', 'Mandatory', undefined, CREDIT],
  [`${F}.DaneFaKorygowanej.DataWystFaKorygowanej`, 'billing_reference[].invoice_document_reference.issue_date', 'Corrected invoice date', 'date', 'Mandatory', undefined, CREDIT],
  [`${F}.DaneFaKorygowanej.NrKSeFFaKorygowanej`, undefined, 'Corrected invoice KSeF number', 'string', 'Conditional', 'The KSeF number the adapter received for the corrected invoice; NrKSeFN (issued outside KSeF) when it cleared none', CREDIT],
  [`${F}.FaWiersz.P_7`, 'lines[].description', 'Item name', 'string', 'Mandatory', 'At most 512 characters'],
  [`${F}.FaWiersz.P_8B`, 'lines[].quantity', 'Quantity', 'number', 'Mandatory', 'Negative on a corrective invoice'],
  [`${F}.FaWiersz.P_9A`, 'lines[].price', 'Unit net price', 'number', 'Mandatory'],
  [`${F}.FaWiersz.P_11`, 'lines[].amount', 'Line net amount', 'number', 'Mandatory'],
  [`${F}.FaWiersz.P_12`, 'lines[].classified_tax_category[].percentage', 'VAT rate', 'string', 'Mandatory', '23, 8, 5 …; 0 KR, 0 WDT, 0 EX, zw, oo, np I, np II by category'],
  [`${F}.FaWiersz.KursWaluty`, 'tax_exchange_rate.calculation_rate', 'Exchange rate', 'number', 'Conditional', 'Taxed lines (23, 8, 5, 4 %) of a non-PLN invoice'],
  [`${F}.Platnosc.TerminPlatnosci.Termin`, 'due_date', 'Due date', 'date', 'Conditional'],
  [`${F}.Platnosc.RachunekBankowy.NrRB`, 'payment_means[].payee_financial_account.id', 'Bank account', 'string', 'Optional'],
  [`${F}.WarunkiTransakcji.Zamowienia.NrZamowienia`, 'order_reference', 'Order number', 'string', 'Optional'],
];

export const KSEF_FIELDS: readonly FieldSpec[] = fieldTable(ROWS, 'https://github.com/CIRFMF/ksef-docs');
