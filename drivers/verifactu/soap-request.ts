import { escapeText } from '../../src/formats/xml/writer.js';
import { SUM1 } from './xml.js';

// The AEAT's RegFactuSistemaFacturacion request (SuministroLR.xsd) in its SOAP 1.1 envelope:
// the issuer (ObligadoEmision) and up to 1,000 records, each the stored record XML as it was
// chained, so what is sent is byte for byte what was hashed and kept.

export const SUM = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const SOAPENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const MAX_RECORDS_PER_REQUEST = 1000;

export interface RequestHeader {
  nombreRazon: string;
  nif: string;
}

export function soapRequest(header: RequestHeader, records: readonly string[]): string {
  if (records.length === 0 || records.length > MAX_RECORDS_PER_REQUEST) throw new Error(`a request carries 1 to ${MAX_RECORDS_PER_REQUEST} records (got ${records.length})`);
  const body = records.map((r) => `      <sum:RegistroFactura>\n${embed(r, '        ')}\n      </sum:RegistroFactura>\n`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<soapenv:Envelope xmlns:soapenv="${SOAPENV}" xmlns:sum="${SUM}" xmlns:sum1="${SUM1}">\n` +
    '  <soapenv:Header/>\n' +
    '  <soapenv:Body>\n' +
    '    <sum:RegFactuSistemaFacturacion>\n' +
    '      <sum:Cabecera>\n' +
    '        <sum1:ObligadoEmision>\n' +
    `          <sum1:NombreRazon>${escapeText(header.nombreRazon)}</sum1:NombreRazon>\n` +
    `          <sum1:NIF>${escapeText(header.nif)}</sum1:NIF>\n` +
    '        </sum1:ObligadoEmision>\n' +
    '      </sum:Cabecera>\n' +
    body +
    '    </sum:RegFactuSistemaFacturacion>\n' +
    '  </soapenv:Body>\n' +
    '</soapenv:Envelope>\n'
  );
}

/** A stored record without its XML declaration and its own sum1 declaration (the envelope declares it), indented. */
function embed(record: string, indent: string): string {
  return record
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .replace(` xmlns:sum1="${SUM1}"`, '')
    .trimEnd()
    .split('\n')
    .map((line) => indent + line)
    .join('\n');
}
