import type { SoapAnswer, SoapExchange } from '../../src/platform/http/soap-exchange.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { child, children, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';
import { escapeText } from '../../src/formats/xml/writer.js';
import { FACE_NS } from './face-soap.js';

// The sandbox's FACe: the supplier web service's operations with its answers' shapes and result
// codes, for entities without a certificate. It checks what FACe checks first — the request's
// WS-Security signature (code 100), a Facturae with a valid signature (428, 408), one invoice per
// number and issuer (414) — registers the invoice (1200), and moves it along on each poll:
// accounted (2400), then paid (2500). A requested cancellation (4200) is accepted on the next
// poll (4300, invoice 3100). Nothing leaves the process.

interface Registered {
  registryNumber: string;
  issuer: string;
  number: string;
  processing: string;
  cancellation: string;
  polls: number;
  reason?: string | undefined;
}

const PROCESSING: Readonly<Record<string, string>> = {
  '1200': 'Registrada',
  '2400': 'Contabilizada la obligación reconocida',
  '2500': 'Pagada',
  '2600': 'Rechazada',
  '3100': 'Anulada',
};
const CANCELLATION: Readonly<Record<string, string>> = { '4100': 'No solicitada anulación', '4200': 'Solicitada anulación', '4300': 'Aceptada anulación', '4400': 'Rechazada anulación' };
/** The way an invoice goes in the sandbox, one step per `pollsPerState` polls. */
const NEXT: Readonly<Record<string, string>> = { '1200': '2400', '2400': '2500' };

export class FaceSimulator implements SoapExchange {
  readonly name = 'sandbox';
  private readonly invoices = new Map<string, Registered>();
  private sequence = 0;

  constructor(
    private readonly clock: () => Date,
    private readonly pollsPerState = 1,
  ) {}

  async post(xml: string): Promise<SoapAnswer> {
    let envelope: XmlTree;
    try {
      envelope = parseLocal(xml);
    } catch {
      return fault('soapenv:Client', 'La petición SOAP no está bien construida: no se encuentra el SOAP Envelope');
    }
    const problem = signatureProblem(xml);
    if (problem) return fault('soapenv:Client', `La firma de la petición SOAP no es válida (${problem})`);
    const body = child(child(envelope, 'Envelope'), 'Body');
    const [operation, request] = Object.entries(body ?? {}).find(([k]) => !k.startsWith('@')) ?? [];
    switch (operation) {
      case 'enviarFactura':
        return this.send(child(request, 'request'));
      case 'consultarFactura':
        return this.query(text(request, 'numeroRegistro'));
      case 'anularFactura':
        return this.cancel(text(request, 'numeroRegistro'), text(request, 'motivo'));
      case 'consultarEstados':
        return answer('consultarEstados', `<estados>${Object.entries({ ...PROCESSING, ...CANCELLATION })
          .map(([code, name]) => `<estado><nombre>${escapeText(name)}</nombre><codigo>${code}</codigo><descripcion>${escapeText(name)}</descripcion></estado>`)
          .join('')}</estados>`);
      default:
        return fault('soapenv:Client', `Operación desconocida: ${operation ?? '(ninguna)'}`);
    }
  }

  close(): void {}

  private send(request: XmlTree | undefined): SoapAnswer {
    const factura = child(request, 'factura');
    const content = text(factura, 'factura');
    if (!text(request, 'correo') || !content || !text(factura, 'nombre')) return result('enviarFactura', '310', 'Algún parámetro obligatorio aparece vacío');
    if (text(factura, 'mime') !== 'application/xml') return result('enviarFactura', '311', 'El MIME de la factura es incorrecto');
    const xsig = Buffer.from(content, 'base64').toString('utf8');
    let invoice: XmlTree | undefined;
    try {
      invoice = child(parseLocal(xsig), 'Facturae');
    } catch {
      invoice = undefined;
    }
    if (!invoice) return result('enviarFactura', '408', 'Formato de la factura es incorrecto');
    const problem = signatureProblem(xsig);
    if (problem) return result('enviarFactura', '428', `La firma de la factura es incorrecta (${problem})`);
    const issuer = text(child(child(child(invoice, 'Parties'), 'SellerParty'), 'TaxIdentification'), 'TaxIdentificationNumber') ?? '';
    const number = text(child(child(child(invoice, 'Invoices'), 'Invoice'), 'InvoiceHeader'), 'InvoiceNumber') ?? '';
    const earlier = [...this.invoices.values()].find((r) => r.issuer === issuer && r.number === number);
    if (earlier) return result('enviarFactura', '414', `Ya existe una factura con número ${number}, registrada con número de registro ${earlier.registryNumber}`);
    const now = this.clock();
    this.sequence += 1;
    const registryNumber = `${now.getUTCFullYear()}/${String(this.sequence).padStart(9, '0')}`;
    this.invoices.set(registryNumber, { registryNumber, issuer, number, processing: '1200', cancellation: '4100', polls: 0 });
    const centres = children(child(child(child(invoice, 'Parties'), 'BuyerParty'), 'AdministrativeCentres'), 'AdministrativeCentre');
    const centre = (role: string) => escapeText(text(centres.find((c) => text(c, 'RoleTypeCode') === role), 'CentreCode') ?? '');
    return answer(
      'enviarFactura',
      `<factura><numeroRegistro>${registryNumber}</numeroRegistro><organoGestor>${centre('02')}</organoGestor><unidadTramitadora>${centre('03')}</unidadTramitadora><oficinaContable>${centre('01')}</oficinaContable>` +
        `<identificadorEmisor>${escapeText(issuer)}</identificadorEmisor><numeroFactura>${escapeText(number)}</numeroFactura><serieFactura/><fechaRecepcion>${now.toISOString().slice(0, 19).replace('T', ' ')}</fechaRecepcion></factura>`,
    );
  }

  private query(registryNumber: string | undefined): SoapAnswer {
    if (!registryNumber) return result('consultarFactura', '313', 'Es obligatorio el número de registro');
    const r = this.invoices.get(registryNumber);
    if (!r) return result('consultarFactura', '303', 'No existe factura con el número de registro especificado');
    r.polls += 1;
    // A requested cancellation is accepted at the next poll; otherwise the invoice moves on every pollsPerState polls.
    if (r.cancellation === '4200') Object.assign(r, { cancellation: '4300', processing: '3100' });
    else if (r.polls >= this.pollsPerState) {
      r.polls = 0;
      if (r.cancellation !== '4300' && NEXT[r.processing]) r.processing = NEXT[r.processing]!;
    }
    return answer(
      'consultarFactura',
      `<factura><numeroRegistro>${r.registryNumber}</numeroRegistro>` +
        `<tramitacion><codigo>${r.processing}</codigo><descripcion>${PROCESSING[r.processing]}</descripcion><motivo/></tramitacion>` +
        `<anulacion><codigo>${r.cancellation}</codigo><descripcion>${CANCELLATION[r.cancellation]}</descripcion>${r.reason ? `<motivo>${escapeText(r.reason)}</motivo>` : '<motivo/>'}</anulacion></factura>`,
    );
  }

  private cancel(registryNumber: string | undefined, reason: string | undefined): SoapAnswer {
    if (!registryNumber) return result('anularFactura', '313', 'Es obligatorio el número de registro');
    if (!reason) return result('anularFactura', '302', 'Debe especificarse un motivo de anulación');
    const r = this.invoices.get(registryNumber);
    if (!r) return result('anularFactura', '303', 'No existe factura con el número de registro especificado');
    if (r.processing === '2500') return result('anularFactura', '306', 'La factura fue pagada, no se permite solicitar anulación');
    if (r.processing === '2600') return result('anularFactura', '305', 'La factura fue rechazada, no se permite solicitar anulación');
    if (r.cancellation === '4300') return result('anularFactura', '304', 'La factura ya tiene aceptada su anulación');
    if (r.cancellation === '4200') return result('anularFactura', '307', 'La factura ya tiene solicitada su anulación');
    Object.assign(r, { cancellation: '4200', reason, polls: 0 });
    return answer('anularFactura', `<factura><numeroRegistro>${r.registryNumber}</numeroRegistro><mensaje>Anulación solicitada correctamente</mensaje></factura>`);
  }
}

function envelope(inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${inner}</soapenv:Body></soapenv:Envelope>`;
}

function result(operation: string, code: string, description: string, data = ''): SoapAnswer {
  return {
    status: 200,
    body: envelope(`<ns1:${operation}Response xmlns:ns1="${FACE_NS}"><return><resultado><codigo>${code}</codigo><descripcion>${escapeText(description)}</descripcion><codigoSeguimiento/></resultado>${data}</return></ns1:${operation}Response>`),
  };
}

const answer = (operation: string, data: string) => result(operation, '0', 'Correcto', data);

function fault(code: string, message: string): SoapAnswer {
  return { status: 500, body: envelope(`<soapenv:Fault><faultcode>${code}</faultcode><faultstring>${escapeText(message)}</faultstring></soapenv:Fault>`) };
}
