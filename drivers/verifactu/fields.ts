import { fieldTable, type FieldRow } from '../../src/driver-kit/field-table.js';
import type { FieldSpec } from '../../src/spi/driver.js';

// The VERIFACTU field table: each row is an element of the AEAT record (the path
// data_input_fields reports, `target` of an override mapping) and the SPI field that feeds it.
// {A} is the RegistroAlta, shared by both document types; the anulación takes its IDFactura
// from the same fields.

const A = 'RegistroAlta';
const CREDIT = ['verifactu-creditnote'];

const ROWS: FieldRow[] = [
  [`${A}.IDFactura.IDEmisorFactura`, undefined, 'Issuer NIF', 'string', 'Mandatory', "The business entity's Spanish NIF (legal_entity.company_id, or its ES VAT number without the prefix)"],
  [`${A}.IDFactura.NumSerieFactura`, 'id', 'Invoice series and number', 'string', 'Mandatory', 'At most 60 printable ASCII characters'],
  [`${A}.IDFactura.FechaExpedicionFactura`, 'issue_date', 'Issue date', 'date', 'Mandatory', 'Written dd-mm-yyyy'],
  [`${A}.NombreRazonEmisor`, undefined, 'Issuer name', 'string', 'Mandatory', "The business entity's registration name"],
  [`${A}.TipoFactura`, 'type', 'Invoice type', 'string', 'Mandatory', 'F1 invoice, F2 simplified (buyer without tax identifier), R1–R5 rectificativa (credit note; R1 unless configured)'],
  [`${A}.TipoRectificativa`, undefined, 'Kind of correction', 'string', 'Conditional', 'I (by differences) for every credit note', CREDIT],
  [`${A}.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura`, 'billing_reference[].invoice_document_reference.id', 'Corrected invoice number', 'string', 'Mandatory', undefined, CREDIT],
  [`${A}.FacturasRectificadas.IDFacturaRectificada.FechaExpedicionFactura`, 'billing_reference[].invoice_document_reference.issue_date', 'Corrected invoice date', 'date', 'Mandatory', undefined, CREDIT],
  [`${A}.FechaOperacion`, 'tax_date', 'Date of the operation', 'date', 'Optional', 'Written when it differs from the issue date'],
  [`${A}.DescripcionOperacion`, 'note', 'Description of the operation', 'string', 'Mandatory', "The note, else the first line's description, else drivers.VERIFACTU.default_description"],
  [`${A}.Destinatarios.IDDestinatario.NombreRazon`, 'accounting_customer_party.legal_entity.registration_name', 'Buyer name', 'string', 'Conditional', 'The registration name, else the name'],
  [`${A}.Destinatarios.IDDestinatario.NIF`, 'accounting_customer_party.tax_scheme[0].id', 'Buyer NIF or VAT number', 'string', 'Conditional', 'A Spanish NIF (ES prefix removed), else IDOtro with IDType 02 (EU VAT number) or 04; absent makes the invoice F2'],
  [`${A}.Destinatarios.IDDestinatario.IDOtro.CodigoPais`, 'accounting_customer_party.address.country', 'Buyer country', 'string', 'Conditional'],
  [`${A}.Desglose.DetalleDesglose.CalificacionOperacion`, 'tax_total.tax_sub_totals[].category', 'VAT qualification', 'string', 'Mandatory', 'S/Z → S1, AE → S2; E → OperacionExenta E1 (configurable), K → E5, G → E2; O → N2'],
  [`${A}.Desglose.DetalleDesglose.TipoImpositivo`, 'tax_total.tax_sub_totals[].percentage', 'VAT rate', 'number', 'Conditional'],
  [`${A}.Desglose.DetalleDesglose.BaseImponibleOimporteNoSujeto`, 'tax_total.tax_sub_totals[].taxable_amount', 'Taxable base', 'number', 'Mandatory', 'Negative on a credit note'],
  [`${A}.Desglose.DetalleDesglose.CuotaRepercutida`, 'tax_total.tax_sub_totals[].tax_amount', 'VAT amount', 'number', 'Conditional', 'Negative on a credit note'],
  [`${A}.CuotaTotal`, 'tax_total.tax_amount', 'Total VAT', 'number', 'Mandatory', 'The sum of the sub totals'],
  [`${A}.ImporteTotal`, 'amount', 'Invoice total', 'number', 'Mandatory'],
  [`${A}.FechaHoraHusoGenRegistro`, undefined, 'Record generation time', 'string', 'Mandatory', "The adapter's clock, Spanish time with its offset"],
  [`${A}.Huella`, undefined, 'Record fingerprint', 'string', 'Mandatory', "SHA-256 of the record's fields and the issuer's previous Huella (the AEAT hash chain)"],
];

export const VERIFACTU_FIELDS: readonly FieldSpec[] = fieldTable(ROWS, 'https://sede.agenciatributaria.gob.es/Sede/iva/sistemas-informaticos-facturacion-verifactu/informacion-tecnica.html');
