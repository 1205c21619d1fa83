import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outcomeOf, parseAeatAnswer } from '../../drivers/verifactu/aeat-response.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';

// The AEAT's answers (fixtures/verifactu/transport: envelopes shaped like the AEAT's, valid under
// its RespuestaSuministro schema) read into per-record outcomes.

const answer = (name: string) => readFileSync(join(FIXTURES_DIR, 'verifactu', 'transport', `${name}.xml`), 'utf8');

describe('VERIFACTU: reading the AEAT answer', () => {
  it('reads a Correcto request: its CSV, the wait before the next send, every line SUCCESS', () => {
    const r = parseAeatAnswer(answer('response-correcto'));
    expect(r).to.deep.include({ kind: 'response', csv: 'A-YRMXWPN3QNGJPE', estadoEnvio: 'Correcto', tiempoEsperaEnvio: 60 });
    if (r.kind !== 'response') throw new Error('not a response');
    expect(r.lines.map((l) => [l.numSerie, l.estado, l.operacion])).to.deep.equal([['FV-T/0001', 'Correcto', 'Alta'], ['FV-T/0002', 'Correcto', 'Alta']]);
    expect(r.lines.map(outcomeOf)).to.deep.equal([{ status: 'SUCCESS' }, { status: 'SUCCESS' }]);
  });

  it('maps a ParcialmenteCorrecto request line by line: accepted with errors is a warned SUCCESS, a duplicate is no error', () => {
    const r = parseAeatAnswer(answer('response-parcialmente-correcto'));
    if (r.kind !== 'response') throw new Error('not a response');
    expect(r).to.include({ estadoEnvio: 'ParcialmenteCorrecto', tiempoEsperaEnvio: 30 });
    const [ok, warned, refused, duplicate] = r.lines.map(outcomeOf);
    expect(ok).to.deep.equal({ status: 'SUCCESS' });
    expect(warned!.status).to.equal('SUCCESS');
    expect(warned!.warnings![0]!.message).to.match(/^AEAT 2004: El valor del campo FechaHoraHusoGenRegistro/);
    expect(refused).to.deep.equal({ status: 'FAILED', errors: [{ code: 'INVALID_DATA', message: 'AEAT 1100: Valor o tipo incorrecto del campo: NIF del destinatario.' }] });
    expect(r.lines[3]).to.include({ codigo: '3000', duplicado: true });
    expect(duplicate).to.deep.equal({ status: 'SUCCESS' });
  });

  it('reads SOAP faults, telling the client\'s (the request is wrong) from the server\'s (try again)', () => {
    expect(parseAeatAnswer(answer('response-fault-client'))).to.deep.equal({ kind: 'fault', code: 'env:Client', message: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: IDVersion', client: true });
    expect(parseAeatAnswer(answer('response-fault-server'))).to.include({ kind: 'fault', client: false });
  });

  it('refuses what is neither', () => {
    expect(() => parseAeatAnswer('<a/>')).to.throw(/not a RespuestaRegFactuSistemaFacturacion/);
    expect(() => parseAeatAnswer('not xml')).to.throw();
  });
});
