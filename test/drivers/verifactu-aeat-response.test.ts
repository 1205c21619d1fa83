import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outcomeOf, parseAeatAnswer } from '../../drivers/verifactu/aeat-response.js';
import { AeatSimulator } from '../../drivers/verifactu/aeat-simulator.js';
import { soapRequest } from '../../drivers/verifactu/soap-request.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

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

  it('the sandbox\'s simulated AEAT answers in the same shape, valid under RespuestaSuministro, a duplicate naming the first request', async () => {
    const golden = (name: string) => readFileSync(join(FIXTURES_DIR, 'verifactu', `${name}.xml`), 'utf8');
    const simulator = new AeatSimulator(() => new Date('2025-03-14T09:00:00Z'), 3);
    const request = soapRequest({ nombreRazon: 'Empresa de ejemplo, S.L.', nif: '89890001K' }, [golden('invoice'), golden('voided')]);
    const first = await simulator.post(request);
    const again = await simulator.post(request);
    const a = parseAeatAnswer(first.body);
    const b = parseAeatAnswer(again.body);
    if (a.kind !== 'response' || b.kind !== 'response') throw new Error('not a response');
    expect(a).to.deep.include({ estadoEnvio: 'Correcto', tiempoEsperaEnvio: 3 });
    expect(a.csv).to.match(/^A-[0-9A-F]{14}$/);
    expect(a.lines.map((l) => [l.numSerie, l.operacion, l.estado])).to.deep.equal([['FV-2025/0001', 'Alta', 'Correcto'], ['FV-2025/0001', 'Anulacion', 'Correcto']]);
    expect(b.estadoEnvio).to.equal('Incorrecto');
    expect(b.lines.map((l) => [l.codigo, l.duplicado])).to.deep.equal([['3000', true], ['3000', true]]);
    expect(b.lines.map(outcomeOf)).to.deep.equal([{ status: 'SUCCESS' }, { status: 'SUCCESS' }]);
    expect(again.body).to.contain('<tik:IdPeticionRegistroDuplicado>202503141000000001</tik:IdPeticionRegistroDuplicado>');
    expect((await simulator.post('<not-a-request/>')).body).to.contain('<faultcode>soapenv:Client</faultcode>');
    if (!validatorAvailable()) return;
    const dir = tempDir('aeat-simulator-');
    const files = [first, again].map((answer, i) => {
      const file = join(dir, `answer-${i + 1}.xml`);
      writeFileSync(file, answer.body);
      return file;
    });
    for (const result of validateFiles(files, 'verifactu')) expect(result.errors.filter((e) => e.flag === 'fatal'), JSON.stringify(result.errors)).to.deep.equal([]);
  });
});
