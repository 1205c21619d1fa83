import { createHash } from 'node:crypto';

// The "huella" (fingerprint) of a VERIFACTU record, as the AEAT's "Detalle de las
// especificaciones técnicas para generación de la huella o hash de los registros de
// facturación" defines it: the named fields, in this order, as `name=value` joined by `&`
// (values trimmed, written exactly as in the XML; an empty previous Huella for the first record
// of a chain), SHA-256 over the UTF-8 bytes, upper-case hexadecimal.

export interface AltaHashFields {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's Huella; empty for the first record of the issuer. */
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

export interface AnulacionHashFields {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

const ALTA: readonly (keyof AltaHashFields)[] = ['IDEmisorFactura', 'NumSerieFactura', 'FechaExpedicionFactura', 'TipoFactura', 'CuotaTotal', 'ImporteTotal', 'Huella', 'FechaHoraHusoGenRegistro'];
const ANULACION: readonly (keyof AnulacionHashFields)[] = ['IDEmisorFacturaAnulada', 'NumSerieFacturaAnulada', 'FechaExpedicionFacturaAnulada', 'Huella', 'FechaHoraHusoGenRegistro'];

/** The exact string that is hashed. */
export function huellaInput(fields: AltaHashFields | AnulacionHashFields): string {
  const names: readonly string[] = 'TipoFactura' in fields ? ALTA : ANULACION;
  const values = fields as unknown as Record<string, string>;
  return names.map((n) => `${n}=${(values[n] ?? '').trim()}`).join('&');
}

export function huella(fields: AltaHashFields | AnulacionHashFields): string {
  return createHash('sha256').update(huellaInput(fields), 'utf8').digest('hex').toUpperCase();
}
