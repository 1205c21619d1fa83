import type { SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import type { SoapExchange } from '../../src/platform/http/soap-exchange.js';
import type { FaceInvoiceState } from './face-state.js';
import { child, children, FACE_NS, faceRequest, param, parseFaceAnswer, text, type FaceOperation } from './face-soap.js';
import type { XmlTree } from '../../src/formats/xml/local-names.js';

// FACe's operations for suppliers, each one signed request and its answer. What went wrong is
// told apart for the transport: FaceUnavailable when FACe did not answer (network, timeout, 5xx,
// a server fault), to be tried again; FaceRefused when FACe answered with an error code or a
// client fault, which sending again does not change.

export class FaceUnavailable extends Error {}

/**
 * FACe's result codes that say "try later": 001 the generic error (communication with other
 * platforms), 201 @firma could not process the request, 317 the state cannot be read now, 402
 * the invoice could not be saved, 403 the common electronic register (REC) did not register it.
 */
const TRANSIENT = new Set(['001', '201', '317', '402', '403']);
/** 414 / 415: FACe already holds an invoice of this number (a repeat of a send whose answer was lost). */
const DUPLICATE = new Set(['414', '415']);

export class FaceRefused extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`FACe ${code}: ${description}`);
  }
}

export interface FaceClientOptions {
  exchange: SoapExchange;
  identity: SigningIdentity;
  clock: () => Date;
}

export interface Registration {
  registryNumber: string;
  /** FACe's answer as received, kept with the status. */
  answer: string;
  data: XmlTree;
  /** FACe already held this invoice (414/415): the registry number is the earlier send's. */
  duplicate?: boolean;
}

export class FaceClient {
  constructor(private readonly o: FaceClientOptions) {}

  get name(): string {
    return this.o.exchange.name;
  }

  /** enviarFactura: the signed Facturae (`fileName` ends in .xsig) and where FACe mails its notices. */
  async sendInvoice(email: string, xsig: string, fileName: string): Promise<Registration> {
    const parameters = `<request>${param('correo', email)}<factura>${param('factura', Buffer.from(xsig, 'utf8').toString('base64'))}${param('nombre', fileName)}${param('mime', 'application/xml')}</factura></request>`;
    let data: XmlTree;
    let answer: string;
    try {
      ({ data, answer } = await this.call('enviarFactura', parameters));
    } catch (err) {
      // The registry number FACe names in its duplicate message is the earlier send's: that send succeeded.
      const earlier = err instanceof FaceRefused && DUPLICATE.has(err.code) ? /registro\D*?([0-9][0-9/]{5,})/i.exec(err.description)?.[1] : undefined;
      if (earlier) return { registryNumber: earlier, answer: err instanceof FaceRefused ? err.message : '', data: {}, duplicate: true };
      throw err;
    }
    const registryNumber = text(child(data, 'factura'), 'numeroRegistro');
    if (!registryNumber) throw new FaceUnavailable('FACe answered enviarFactura without a numeroRegistro');
    return { registryNumber, answer, data };
  }

  /** consultarFactura: the invoice's processing and cancellation states. */
  async invoiceState(registryNumber: string): Promise<{ state: FaceInvoiceState; answer: string }> {
    const { data, answer } = await this.call('consultarFactura', param('numeroRegistro', registryNumber));
    const f = child(data, 'factura');
    const codeOf = (node: XmlTree | undefined) => ({ code: text(node, 'codigo') ?? '', description: text(node, 'descripcion') || undefined, reason: text(node, 'motivo') || undefined });
    const processing = codeOf(child(f, 'tramitacion'));
    if (!processing.code) throw new FaceUnavailable(`FACe answered consultarFactura for ${registryNumber} without a tramitacion code`);
    // No anulación in the answer (or an empty code) is "no cancellation requested", 4100.
    const cancellation = codeOf(child(f, 'anulacion'));
    return { state: { registryNumber: text(f, 'numeroRegistro') ?? registryNumber, processing, cancellation: { ...cancellation, code: cancellation.code || '4100' } }, answer };
  }

  /** anularFactura: asks the public body to cancel the invoice; FACe answers with a message. */
  async cancelInvoice(registryNumber: string, reason: string): Promise<{ message: string; answer: string }> {
    const { data, answer } = await this.call('anularFactura', `${param('numeroRegistro', registryNumber)}${param('motivo', reason)}`);
    return { message: text(child(data, 'factura'), 'mensaje') ?? '', answer };
  }

  /** consultarEstados: the states FACe knows, code → name. */
  async states(): Promise<{ code: string; name: string; description?: string | undefined }[]> {
    const { data } = await this.call('consultarEstados', '');
    return children(child(data, 'estados'), 'estado').map((e) => ({ code: text(e, 'codigo') ?? '', name: text(e, 'nombre') ?? '', description: text(e, 'descripcion') }));
  }

  private async call(operation: FaceOperation, parameters: string): Promise<{ data: XmlTree; answer: string }> {
    const request = faceRequest(operation, parameters, this.o.identity, this.o.clock());
    let status: number;
    let body: string;
    try {
      ({ status, body } = await this.o.exchange.post(request, `${FACE_NS}#${operation}`));
    } catch (err) {
      throw new FaceUnavailable(`FACe did not answer ${operation}: ${err instanceof Error ? err.message : String(err)}`);
    }
    let parsed: ReturnType<typeof parseFaceAnswer>;
    try {
      parsed = parseFaceAnswer(body);
    } catch (err) {
      throw new FaceUnavailable(`FACe answered ${operation} with HTTP ${status} and no readable SOAP answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (parsed.kind === 'fault') {
      if (parsed.client) throw new FaceRefused(parsed.code, parsed.message);
      throw new FaceUnavailable(`FACe fault ${parsed.code} on ${operation}: ${parsed.message}`);
    }
    if (TRANSIENT.has(parsed.code)) throw new FaceUnavailable(`FACe ${parsed.code} on ${operation}: ${parsed.description}`);
    if (parsed.code !== '0') throw new FaceRefused(parsed.code, parsed.description);
    return { data: parsed.data, answer: body };
  }
}

