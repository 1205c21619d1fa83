import { fieldTable, type FieldRow } from '../../src/driver-kit/field-table.js';
import type { FieldSpec } from '../../src/spi/driver.js';

// The SDI field table: each row is an element of the FatturaPA 1.2.2 file (the path
// data_input_fields reports, `target` of an override mapping) and the SPI field that feeds it.

const H = 'FatturaElettronica.FatturaElettronicaHeader';
const B = 'FatturaElettronica.FatturaElettronicaBody';
const CREDIT = ['fatturapa-creditnote'];

const ROWS: FieldRow[] = [
  [`${H}.DatiTrasmissione.ProgressivoInvio`, undefined, 'Transmission progressive', 'string', 'Mandatory', "The adapter's sequence per transmitter (5 characters, base 36), also the file name's"],
  [`${H}.DatiTrasmissione.FormatoTrasmissione`, 'transaction_type', 'Format', 'string', 'Mandatory', 'FPA12 for B2G (a public body), FPR12 for B2B and B2C'],
  [`${H}.DatiTrasmissione.CodiceDestinatario`, 'accounting_customer_party.electronic_address.id', 'Recipient code', 'string', 'Mandatory', 'EAS 0201: codice univoco ufficio (6 characters, B2G); 0205: SDI recipient code (7); EM: a PEC address (0000000 + PECDestinatario); none: 0000000, or XXXXXXX for a buyer abroad'],
  [`${H}.CedentePrestatore.DatiAnagrafici.IdFiscaleIVA.IdCodice`, 'accounting_supplier_party.tax_scheme[0].id', 'Seller partita IVA', 'string', 'Mandatory', 'IT + 11 digits, check digit verified'],
  [`${H}.CedentePrestatore.DatiAnagrafici.Anagrafica.Denominazione`, 'accounting_supplier_party.legal_entity.registration_name', 'Seller name', 'string', 'Mandatory', 'At most 80 characters, Latin-1 (other characters are transliterated)'],
  [`${H}.CedentePrestatore.DatiAnagrafici.RegimeFiscale`, undefined, 'Tax regime', 'string', 'Mandatory', 'drivers.SDI.entities.<id>.regime_fiscale (RF01)'],
  [`${H}.CedentePrestatore.Sede.CAP`, 'accounting_supplier_party.address.zip', 'Seller CAP', 'string', 'Mandatory', 'Five digits'],
  [`${H}.CessionarioCommittente.DatiAnagrafici.IdFiscaleIVA.IdCodice`, 'accounting_customer_party.tax_scheme[0].id', 'Buyer VAT number', 'string', 'Conditional', 'An Italian buyer: its partita IVA or its codice fiscale; a buyer abroad: its VAT or tax number (99999999999 when it has none)'],
  [`${H}.CessionarioCommittente.DatiAnagrafici.CodiceFiscale`, 'accounting_customer_party.legal_entity.company_id', 'Buyer codice fiscale', 'string', 'Conditional', 'A private person (16 characters, check letter verified) or a company (11 digits)'],
  [`${H}.CessionarioCommittente.DatiAnagrafici.Anagrafica.Denominazione`, 'accounting_customer_party.legal_entity.registration_name', 'Buyer name', 'string', 'Mandatory'],
  [`${H}.CessionarioCommittente.Sede.Nazione`, 'accounting_customer_party.address.country', 'Buyer country', 'string', 'Mandatory', 'Abroad: CAP 00000 unless 5 digits, no Provincia, XXXXXXX'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.TipoDocumento`, 'type', 'Document type', 'string', 'Mandatory', 'TD01 invoice, TD04 credit note'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.Divisa`, 'currency_code', 'Currency', 'string', 'Mandatory'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.Data`, 'issue_date', 'Issue date', 'date', 'Mandatory'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.Numero`, 'id', 'Invoice number', 'string', 'Mandatory', 'At most 20 ASCII characters'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.DatiBollo.ImportoBollo`, undefined, 'Stamp duty', 'number', 'Conditional', '2.00 (BolloVirtuale SI) when amounts without VAT (N1, N2.x, N3.5, N3.6, N4) exceed 77.47'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento`, 'amount', 'Total', 'number', 'Mandatory'],
  [`${B}.DatiGenerali.DatiGeneraliDocumento.Causale`, 'note', 'Description', 'string', 'Optional', 'In pieces of 200 characters'],
  [`${B}.DatiGenerali.DatiOrdineAcquisto.IdDocumento`, 'order_reference', 'Order', 'string', 'Optional'],
  [`${B}.DatiGenerali.DatiFattureCollegate.IdDocumento`, 'billing_reference[].invoice_document_reference.id', 'Corrected invoice', 'string', 'Mandatory', undefined, CREDIT],
  [`${B}.DatiBeniServizi.DettaglioLinee.Descrizione`, 'lines[].description', 'Line description', 'string', 'Mandatory', 'At most 1000 characters'],
  [`${B}.DatiBeniServizi.DettaglioLinee.Quantita`, 'lines[].quantity', 'Quantity', 'number', 'Mandatory'],
  [`${B}.DatiBeniServizi.DettaglioLinee.PrezzoUnitario`, 'lines[].unit_price', 'Unit price', 'number', 'Mandatory'],
  [`${B}.DatiBeniServizi.DettaglioLinee.PrezzoTotale`, 'lines[].amount', 'Line amount', 'number', 'Mandatory'],
  [`${B}.DatiBeniServizi.DettaglioLinee.AliquotaIVA`, 'lines[].classified_tax_category[].percentage', 'VAT rate', 'number', 'Mandatory', '22, 10, 5 or 4; 0.00 with a Natura'],
  [`${B}.DatiBeniServizi.DettaglioLinee.Natura`, 'lines[].classified_tax_category[].exemption_reason_code', 'Nature', 'string', 'Conditional', 'From the VATEX code or the category: E N4, K N3.2, G N3.1, AE N6.9, O N2.1/N2.2 (drivers.SDI.natura overrides)'],
  [`${B}.DatiBeniServizi.DatiRiepilogo.RiferimentoNormativo`, 'tax_total.tax_sub_totals[].exemption_reason', 'Legal reference', 'string', 'Conditional', 'The exemption reason, else the article of the Natura'],
  [`${B}.DatiPagamento.DettaglioPagamento.IBAN`, 'payment_means[].payee_financial_account.id', 'IBAN', 'string', 'Optional', 'ModalitaPagamento MP05 (bank transfer)'],
  [`${B}.DatiPagamento.DettaglioPagamento.DataScadenzaPagamento`, 'due_date', 'Due date', 'date', 'Conditional'],
];

export const SDI_FIELDS: readonly FieldSpec[] = fieldTable(ROWS, 'https://www.fatturapa.gov.it/it/norme-e-regole/documentazione-fattura-elettronica/formato-fatturapa/');
