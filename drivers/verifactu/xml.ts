import { el, leaf, serialize, type Child, type XmlNode } from '../../src/formats/xml/writer.js';
import { huella } from './huella.js';
import type { AltaRecord, AnulacionRecord, ChainLink, Detalle, Generated, GeneratedRecord, InvoiceId, Recipient } from './model.js';
import type { SistemaInformatico } from './settings.js';

// A VERIFACTU record as the XML of the AEAT's SuministroInformacion schema (a `sum1:RegistroAlta`
// or `sum1:RegistroAnulacion` element, the unit the SOAP request carries in RegistroFactura),
// linked to the issuer's previous record: `Encadenamiento` names it (or says PrimerRegistro S)
// and `Huella` hashes this record's fields with the previous Huella. Pure.

export const SUM1 = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

export interface LinkedRecord {
  xml: string;
  /** What the issuer's next record chains to. */
  link: ChainLink;
}

export function linkRecord(record: GeneratedRecord, previous: ChainLink | undefined): LinkedRecord {
  // A record is never generated before the one it follows (concurrent submissions are chained in commit order).
  const generado = previous && previous.generado > record.generado && sameOffset(previous.generado, record.generado) ? previous.generado : record.generado;
  const r = { ...record, generado };
  const fingerprint =
    r.kind === 'alta'
      ? huella({ IDEmisorFactura: r.id.nif, NumSerieFactura: r.id.numSerie, FechaExpedicionFactura: r.id.fecha, TipoFactura: r.tipoFactura, CuotaTotal: r.cuotaTotal, ImporteTotal: r.importeTotal, Huella: previous?.huella ?? '', FechaHoraHusoGenRegistro: generado })
      : huella({ IDEmisorFacturaAnulada: r.id.nif, NumSerieFacturaAnulada: r.id.numSerie, FechaExpedicionFacturaAnulada: r.id.fecha, Huella: previous?.huella ?? '', FechaHoraHusoGenRegistro: generado });
  const root = r.kind === 'alta' ? altaEl(r, previous, fingerprint) : anulacionEl(r, previous, fingerprint);
  return { xml: serialize(root), link: { ...r.id, huella: fingerprint, generado } };
}

/** Timestamps compare as text only within one offset (a DST change between two records keeps the record's own). */
function sameOffset(a: string, b: string): boolean {
  return a.slice(-6) === b.slice(-6);
}

const s = (name: string) => `sum1:${name}`;

function altaEl(r: AltaRecord & Generated, previous: ChainLink | undefined, fingerprint: string): XmlNode {
  return el(
    s('RegistroAlta'),
    { 'xmlns:sum1': SUM1 },
    leaf(s('IDVersion'), '1.0'),
    el(s('IDFactura'), undefined, leaf(s('IDEmisorFactura'), r.id.nif), leaf(s('NumSerieFactura'), r.id.numSerie), leaf(s('FechaExpedicionFactura'), r.id.fecha)),
    leaf(s('NombreRazonEmisor'), r.nombreRazonEmisor),
    leaf(s('TipoFactura'), r.tipoFactura),
    leaf(s('TipoRectificativa'), r.tipoRectificativa),
    r.rectificadas && r.rectificadas.length > 0 && el(s('FacturasRectificadas'), undefined, r.rectificadas.map((f) => invoiceIdEl('IDFacturaRectificada', f))),
    leaf(s('FechaOperacion'), r.fechaOperacion),
    leaf(s('DescripcionOperacion'), r.descripcion),
    r.destinatarios.length > 0 && el(s('Destinatarios'), undefined, r.destinatarios.map(recipientEl)),
    el(s('Desglose'), undefined, r.desglose.map(detalleEl)),
    leaf(s('CuotaTotal'), r.cuotaTotal),
    leaf(s('ImporteTotal'), r.importeTotal),
    sealEls(r, previous, fingerprint),
  );
}

function anulacionEl(r: AnulacionRecord & Generated, previous: ChainLink | undefined, fingerprint: string): XmlNode {
  return el(
    s('RegistroAnulacion'),
    { 'xmlns:sum1': SUM1 },
    leaf(s('IDVersion'), '1.0'),
    el(s('IDFactura'), undefined, leaf(s('IDEmisorFacturaAnulada'), r.id.nif), leaf(s('NumSerieFacturaAnulada'), r.id.numSerie), leaf(s('FechaExpedicionFacturaAnulada'), r.id.fecha)),
    sealEls(r, previous, fingerprint),
  );
}

/** What every record ends with: its link to the previous record, the software, the time and the Huella. */
function sealEls(r: GeneratedRecord, previous: ChainLink | undefined, fingerprint: string): XmlNode[] {
  return [
    chainEl(previous),
    sistemaEl(r.sistema),
    leaf(s('FechaHoraHusoGenRegistro'), r.generado)!,
    leaf(s('TipoHuella'), '01')!,
    leaf(s('Huella'), fingerprint)!,
  ];
}

function invoiceIdEl(name: string, f: InvoiceId): XmlNode {
  return el(s(name), undefined, leaf(s('IDEmisorFactura'), f.nif), leaf(s('NumSerieFactura'), f.numSerie), leaf(s('FechaExpedicionFactura'), f.fecha));
}

function chainEl(previous: ChainLink | undefined): XmlNode {
  const inner: Child = previous
    ? el(s('RegistroAnterior'), undefined, leaf(s('IDEmisorFactura'), previous.nif), leaf(s('NumSerieFactura'), previous.numSerie), leaf(s('FechaExpedicionFactura'), previous.fecha), leaf(s('Huella'), previous.huella))
    : leaf(s('PrimerRegistro'), 'S');
  return el(s('Encadenamiento'), undefined, inner);
}

function recipientEl(p: Recipient): XmlNode {
  return el(
    s('IDDestinatario'),
    undefined,
    leaf(s('NombreRazon'), p.nombreRazon),
    leaf(s('NIF'), p.nif),
    p.idOtro && el(s('IDOtro'), undefined, leaf(s('CodigoPais'), p.idOtro.codigoPais), leaf(s('IDType'), p.idOtro.idType), leaf(s('ID'), p.idOtro.id)),
  );
}

function detalleEl(d: Detalle): XmlNode {
  return el(
    s('DetalleDesglose'),
    undefined,
    leaf(s('Impuesto'), '01'),
    leaf(s('ClaveRegimen'), d.claveRegimen),
    leaf(s('CalificacionOperacion'), d.calificacion),
    leaf(s('OperacionExenta'), d.exenta),
    leaf(s('TipoImpositivo'), d.tipoImpositivo),
    leaf(s('BaseImponibleOimporteNoSujeto'), d.base),
    leaf(s('CuotaRepercutida'), d.cuota),
  );
}

function sistemaEl(x: SistemaInformatico): XmlNode {
  return el(
    s('SistemaInformatico'),
    undefined,
    leaf(s('NombreRazon'), x.nombre_razon),
    leaf(s('NIF'), x.nif),
    leaf(s('NombreSistemaInformatico'), x.nombre),
    leaf(s('IdSistemaInformatico'), x.id),
    leaf(s('Version'), x.version),
    leaf(s('NumeroInstalacion'), x.numero_instalacion),
    leaf(s('TipoUsoPosibleSoloVerifactu'), x.tipo_uso_posible_solo_verifactu ?? 'S'),
    leaf(s('TipoUsoPosibleMultiOT'), x.tipo_uso_posible_multi_ot ?? 'N'),
    leaf(s('IndicadorMultiplesOT'), x.indicador_multiples_ot ?? 'N'),
  );
}
