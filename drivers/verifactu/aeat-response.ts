import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { child, children, parseLocal, text } from '../../src/formats/xml/local-names.js';

// The AEAT's answer to RegFactuSistemaFacturacion (RespuestaSuministro.xsd), read by local
// element names (the AEAT's prefixes vary between its environments and its examples), and a
// SOAP fault. What each record's line means for the SPI:
// - EstadoRegistro Correcto → SUCCESS;
// - AceptadoConErrores → SUCCESS, the AEAT's remark kept as a warning (processing details);
// - Incorrecto → FAILED with CodigoErrorRegistro and its description, except a record the AEAT
//   already holds (RegistroDuplicado, or error 3000 "Registro de facturación duplicado"), which
//   is the success of an earlier send of the same record (sends are repeated after a crash).

export type EstadoEnvio = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
export type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface ResponseLine {
  nif: string;
  numSerie: string;
  fecha: string;
  operacion?: string | undefined;
  estado: EstadoRegistro;
  codigo?: string | undefined;
  descripcion?: string | undefined;
  duplicado: boolean;
}

export type AeatAnswer =
  | { kind: 'response'; csv?: string | undefined; estadoEnvio: EstadoEnvio; tiempoEsperaEnvio: number; lines: ResponseLine[] }
  | { kind: 'fault'; code: string; message: string; client: boolean };

export interface LineOutcome {
  status: 'SUCCESS' | 'FAILED';
  errors?: SpiErrorItem[];
  warnings?: SpiErrorItem[];
}

/** The AEAT's "duplicate record" error code. */
export const DUPLICATE = '3000';
/** TiempoEsperaEnvio when an answer names none (seconds; the AEAT's usual value). */
export const DEFAULT_WAIT_SECONDS = 60;

/** Parses the SOAP envelope the AEAT answered; throws when it is neither a response nor a fault. */
export function parseAeatAnswer(xml: string): AeatAnswer {
  const body = child(child(parseLocal(xml), 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const code = text(fault, 'faultcode') ?? 'Server';
    return { kind: 'fault', code, message: text(fault, 'faultstring') ?? 'SOAP fault', client: /(^|:)Client/i.test(code) };
  }
  const r = child(body, 'RespuestaRegFactuSistemaFacturacion');
  const estadoEnvio = text(r, 'EstadoEnvio');
  if (!r || !isOneOf(estadoEnvio, ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'])) throw new Error('the answer is not a RespuestaRegFactuSistemaFacturacion');
  const wait = Number(text(r, 'TiempoEsperaEnvio'));
  const lines = children(r, 'RespuestaLinea').map((l): ResponseLine => {
    const id = child(l, 'IDFactura');
    const estado = text(l, 'EstadoRegistro');
    if (!isOneOf(estado, ['Correcto', 'AceptadoConErrores', 'Incorrecto'])) throw new Error(`unknown EstadoRegistro ${estado}`);
    const codigo = text(l, 'CodigoErrorRegistro');
    return {
      nif: text(id, 'IDEmisorFactura') ?? text(id, 'IDEmisorFacturaAnulada') ?? '',
      numSerie: text(id, 'NumSerieFactura') ?? text(id, 'NumSerieFacturaAnulada') ?? '',
      fecha: text(id, 'FechaExpedicionFactura') ?? text(id, 'FechaExpedicionFacturaAnulada') ?? '',
      operacion: text(child(l, 'Operacion'), 'TipoOperacion'),
      estado,
      codigo,
      descripcion: text(l, 'DescripcionErrorRegistro'),
      duplicado: !!child(l, 'RegistroDuplicado') || codigo === DUPLICATE,
    };
  });
  return { kind: 'response', csv: text(r, 'CSV'), estadoEnvio, tiempoEsperaEnvio: Number.isFinite(wait) && wait >= 0 ? wait : DEFAULT_WAIT_SECONDS, lines };
}

/** What one record's line means for its document. */
export function outcomeOf(line: ResponseLine): LineOutcome {
  // The SPI's codes are its own enum: the AEAT's code leads the message ("AEAT 1100: …").
  const item = (): SpiErrorItem => ({ code: 'INVALID_DATA', message: `AEAT ${line.codigo ?? line.estado}: ${line.descripcion ?? `the AEAT answered ${line.estado}`}` });
  if (line.estado === 'Correcto') return { status: 'SUCCESS' };
  if (line.estado === 'AceptadoConErrores') return { status: 'SUCCESS', warnings: [item()] };
  if (line.duplicado) return { status: 'SUCCESS' };
  return { status: 'FAILED', errors: [item()] };
}

function isOneOf<T extends string>(v: string | undefined, values: readonly T[]): v is T {
  return v !== undefined && (values as readonly string[]).includes(v);
}
