import { createHash } from 'node:crypto';
import { escapeText } from '../../src/formats/xml/writer.js';
import { DUPLICATE } from './aeat-response.js';
import { madridTimestamp } from './madrid-time.js';
import { identityKey, recordIdentity, type RecordIdentity } from './record-identity.js';
import { SOAPENV } from './soap-request.js';
import type { SoapAnswer, SoapExchange } from '../../src/platform/http/soap-exchange.js';

// The sandbox's AEAT: what answers an entity's records when it has no certificate. It takes a
// RegFactuSistemaFacturacion request as the AEAT's service would and answers in the AEAT's
// RespuestaSuministro shape: a CSV for the submission, TiempoEsperaEnvio, and a line per record,
// Correcto, or Incorrecto 3000 with RegistroDuplicado for a record it already holds (held in
// memory: after a restart a record sent again is simply Correcto again). It does not check
// what the AEAT checks; the official rules run over the goldens and the chain tests.

const RESP = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const INFO = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
/** The sandbox answers sooner than the AEAT's 60 seconds, so a demo does not wait a minute between sends. */
export const SANDBOX_WAIT_SECONDS = 5;

export class AeatSimulator implements SoapExchange {
  readonly name = 'sandbox';
  /** Record key → the id of the request that brought it first (IdPeticionRegistroDuplicado). */
  private readonly held = new Map<string, string>();
  private submissions = 0;

  constructor(
    private readonly clock: () => Date,
    private readonly waitSeconds = SANDBOX_WAIT_SECONDS,
  ) {}

  async post(xml: string): Promise<SoapAnswer> {
    const nif = /<sum1:NIF>([^<]*)<\/sum1:NIF>/.exec(xml)?.[1];
    const name = /<sum1:NombreRazon>([^<]*)<\/sum1:NombreRazon>/.exec(xml)?.[1] ?? '';
    const records = [...xml.matchAll(/<sum:RegistroFactura>([\s\S]*?)<\/sum:RegistroFactura>/g)].map((m) => recordIdentity(m[1]!));
    if (!nif || records.length === 0 || records.some((r) => !r)) return { status: 500, body: fault('soapenv:Client', 'Codigo[4102].El XML no cumple el esquema.') };
    this.submissions += 1;
    const now = madridTimestamp(this.clock());
    const requestId = now.slice(0, 19).replace(/\D/g, '') + String(this.submissions % 10_000).padStart(4, '0');
    const duplicates = (records as RecordIdentity[]).map((r) => {
      const key = identityKey(r);
      const first = this.held.get(key);
      if (!first) this.held.set(key, requestId);
      return first;
    });
    const lines = (records as RecordIdentity[]).map((r, i) => line(r, duplicates[i]));
    const csv = 'A-' + createHash('sha256').update(`${now}|${this.submissions}|${xml.length}`).digest('hex').slice(0, 14).toUpperCase();
    const estado = duplicates.every((d) => d === undefined) ? 'Correcto' : duplicates.includes(undefined) ? 'ParcialmenteCorrecto' : 'Incorrecto';
    const body =
      `<tikR:RespuestaRegFactuSistemaFacturacion>` +
      `<tikR:CSV>${csv}</tikR:CSV>` +
      `<tikR:DatosPresentacion><tik:NIFPresentador>${nif}</tik:NIFPresentador><tik:TimestampPresentacion>${now}</tik:TimestampPresentacion></tikR:DatosPresentacion>` +
      `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${name}</tik:NombreRazon><tik:NIF>${nif}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>` +
      `<tikR:TiempoEsperaEnvio>${this.waitSeconds}</tikR:TiempoEsperaEnvio>` +
      `<tikR:EstadoEnvio>${estado}</tikR:EstadoEnvio>` +
      lines.join('') +
      `</tikR:RespuestaRegFactuSistemaFacturacion>`;
    return { status: 200, body: envelope(body) };
  }

  close(): void {}
}

/** A record's answer line: Correcto, or Incorrecto 3000 naming the request that brought it first. */
function line(r: RecordIdentity, duplicateOf: string | undefined): string {
  const id = `<tikR:IDFactura><tik:IDEmisorFactura>${r.nif}</tik:IDEmisorFactura><tik:NumSerieFactura>${escapeText(r.numSerie)}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${r.fecha}</tik:FechaExpedicionFactura></tikR:IDFactura>`;
  const state = duplicateOf
    ? `<tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro><tikR:CodigoErrorRegistro>${DUPLICATE}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>` +
      `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>${duplicateOf}</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
    : '<tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro>';
  return `<tikR:RespuestaLinea>${id}<tikR:Operacion><tik:TipoOperacion>${r.operation}</tik:TipoOperacion></tikR:Operacion>${state}</tikR:RespuestaLinea>`;
}

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAPENV}" xmlns:tikR="${RESP}" xmlns:tik="${INFO}"><env:Header/><env:Body Id="Body">${body}</env:Body></env:Envelope>\n`;

const fault = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAPENV}"><env:Body><env:Fault><faultcode>${code}</faultcode><faultstring>${escapeText(message)}</faultstring></env:Fault></env:Body></env:Envelope>\n`;
