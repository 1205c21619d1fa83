import type { SistemaInformatico } from './settings.js';

// A VERIFACTU invoicing record (registro de facturación) as plain data: what build.ts decided
// from the SPI document, which render.ts stamps with its generation time and xml.ts writes,
// linked to the issuer's previous record. Amounts are the strings the XML carries (two
// decimals), because the Huella hashes them as written.

export interface InvoiceId {
  /** IDEmisorFactura: the issuer's NIF. */
  nif: string;
  /** NumSerieFactura: series and number. */
  numSerie: string;
  /** FechaExpedicionFactura, dd-mm-yyyy. */
  fecha: string;
}

export interface Recipient {
  nombreRazon: string;
  nif?: string | undefined;
  idOtro?: { codigoPais: string; idType: string; id: string } | undefined;
}

export interface Detalle {
  claveRegimen: string;
  calificacion?: string | undefined;
  exenta?: string | undefined;
  tipoImpositivo?: string | undefined;
  base: string;
  cuota?: string | undefined;
}

export interface AltaRecord {
  kind: 'alta';
  id: InvoiceId;
  nombreRazonEmisor: string;
  tipoFactura: 'F1' | 'F2' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
  tipoRectificativa?: 'I' | undefined;
  rectificadas?: InvoiceId[] | undefined;
  fechaOperacion?: string | undefined;
  descripcion: string;
  destinatarios: Recipient[];
  desglose: Detalle[];
  cuotaTotal: string;
  importeTotal: string;
  sistema: SistemaInformatico;
}

export interface AnulacionRecord {
  kind: 'anulacion';
  id: InvoiceId;
  sistema: SistemaInformatico;
}

/** A record as the document makes it: the clock decides nothing in it. */
export type VerifactuRecord = AltaRecord | AnulacionRecord;

/** What render stamps a record with from its clock. */
export interface Generated {
  /** FechaHoraHusoGenRegistro: when the record was generated, Spanish time with its offset. */
  generado: string;
}

/** A record as the chain links it and xml.ts writes it: generated. */
export type GeneratedRecord = VerifactuRecord & Generated;

/** The record a chain continues from: its invoice id and Huella (and when it was generated). */
export interface ChainLink extends InvoiceId {
  huella: string;
  generado: string;
}

/** What VERIFACTU writes of an examined document: its record, and the document type it is stored as. */
export interface VerifactuModel {
  record: VerifactuRecord;
  documentType: string;
}
