import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drivers } from '../../drivers/index.js';
import { huella, huellaInput } from '../../drivers/verifactu/huella.js';
import { madridTimestamp } from '../../drivers/verifactu/madrid-time.js';
import type { VerifactuModel } from '../../drivers/verifactu/model.js';
import { soapRequest } from '../../drivers/verifactu/soap-request.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { fixtureConfig, FIXTURES_DIR, GOLDEN_CLOCK, UPDATE_GOLDENS } from '../helpers/fixtures.js';
import { modelOf } from '../helpers/render-document.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// What the conformance loop cannot show for VERIFACTU: the huella against the AEAT's own worked
// examples, Spanish time, and records chained one after the other (a SOAP request whose records
// the official hash-and-chain check verifies).

describe('VERIFACTU huella (the AEAT worked examples)', () => {
  it('example 1: the first RegistroAlta of a chain', () => {
    const fields = { IDEmisorFactura: '89890001K', NumSerieFactura: '12345678/G33', FechaExpedicionFactura: '01-01-2024', TipoFactura: 'F1', CuotaTotal: '12.35', ImporteTotal: '123.45', Huella: '', FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00' };
    expect(huellaInput(fields)).to.equal('IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00');
    expect(huella(fields)).to.equal('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('example 2: a RegistroAlta chained to example 1', () => {
    const fields = { IDEmisorFactura: '89890001K', NumSerieFactura: '12345679/G34', FechaExpedicionFactura: '01-01-2024', TipoFactura: 'F1', CuotaTotal: '12.35', ImporteTotal: '123.45', Huella: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60', FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00' };
    expect(huella(fields)).to.equal('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('example 3: a RegistroAnulacion with its own field set, chained to example 2', () => {
    const fields = { IDEmisorFacturaAnulada: '89890001K', NumSerieFacturaAnulada: '12345679/G34', FechaExpedicionFacturaAnulada: '01-01-2024', Huella: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97', FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00' };
    expect(huellaInput(fields)).to.equal('IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00');
    expect(huella(fields)).to.equal('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('trims values, as the specification says', () => {
    const a = { IDEmisorFactura: ' 89890001K ', NumSerieFactura: '12345678/G33', FechaExpedicionFactura: '01-01-2024', TipoFactura: 'F1', CuotaTotal: '12.35', ImporteTotal: '123.45', Huella: '', FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00' };
    expect(huella(a)).to.equal('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });
});

describe('VERIFACTU generation time', () => {
  it('is Spanish local time with its offset, winter and summer', () => {
    expect(madridTimestamp(new Date('2024-01-01T18:20:30Z'))).to.equal('2024-01-01T19:20:30+01:00');
    expect(madridTimestamp(new Date('2025-07-01T08:00:00Z'))).to.equal('2025-07-01T10:00:00+02:00');
  });
});

describe('VERIFACTU chained records', () => {
  const registry = createRegistry(drivers);
  const config = fixtureConfig();
  const driver = registry.require('VERIFACTU', 'ES');
  const body = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'verifactu', `${name}.json`), 'utf8')) as unknown;

  /** Each fixture stored after the previous one, as the chain step does it, one second apart. */
  async function chainOf(names: string[]): Promise<string[]> {
    let head: unknown;
    const records: string[] = [];
    for (const [i, name] of names.entries()) {
      const { doc, ctx } = await intake(body(name), config, registry);
      const now = new Date(GOLDEN_CLOCK.getTime() + i * 1000);
      const { key, input } = driver.chain!.prepare(await modelOf(driver, doc, ctx), { ...ctx, now, documentId: `golden-${name}` });
      expect(key).to.equal('VERIFACTU:89890001K');
      const linked = driver.chain!.link(input, head);
      head = linked.head;
      records.push(linked.artifacts[0]!.content);
    }
    return records;
  }

  it('links invoice, credit note and voiding into one chain: a request the official hash and chain check passes', async () => {
    const records = await chainOf(['invoice', 'credit-note', 'voided']);
    expect(records[0]).to.contain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
    const first = /<sum1:Huella>([0-9A-F]{64})<\/sum1:Huella>\s*<\/sum1:RegistroAlta>/.exec(records[0]!)![1];
    expect(records[1]).to.match(new RegExp(`<sum1:RegistroAnterior>\\s*<sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>\\s*<sum1:NumSerieFactura>FV-2025/0001</sum1:NumSerieFactura>\\s*<sum1:FechaExpedicionFactura>14-03-2025</sum1:FechaExpedicionFactura>\\s*<sum1:Huella>${first}</sum1:Huella>`));
    expect(records[2]).to.contain('<sum1:RegistroAnulacion');
    const request = soapRequest({ nombreRazon: 'Empresa de ejemplo, S.L.', nif: '89890001K' }, records);
    const golden = join(FIXTURES_DIR, 'verifactu', 'chain', 'request.xml');
    if (UPDATE_GOLDENS) writeFileSync(golden, request);
    expect(existsSync(golden), `${golden} is missing: run UPDATE_GOLDENS=1 npm test`).to.equal(true);
    expect(request).to.equal(readFileSync(golden, 'utf8'));
    if (validatorAvailable()) {
      const file = join(tempDir('verifactu-chain-'), 'request.xml');
      writeFileSync(file, request);
      const [result] = validateFiles([file], 'verifactu,verifactu-hash');
      expect(result!.errors.filter((e) => e.flag === 'fatal'), JSON.stringify(result!.errors)).to.deep.equal([]);
      // The check is real: a record moved out of order breaks the chain.
      const swapped = soapRequest({ nombreRazon: 'Empresa de ejemplo, S.L.', nif: '89890001K' }, [records[1]!, records[0]!, records[2]!]);
      writeFileSync(file, swapped);
      const [broken] = validateFiles([file], 'verifactu,verifactu-hash');
      expect(broken!.errors.map((e) => e.id)).to.include('VF-CHAIN');
    }
  });

  it('examines a document without a clock: render and the chain step stamp the record\'s generation time from theirs', async () => {
    const { doc, ctx } = await intake(body('invoice'), config, registry);
    const model = (await modelOf(driver, doc, ctx)) as VerifactuModel;
    expect(model.record).to.not.have.property('generado');
    const generatedAt = (xml: string) => /<sum1:FechaHoraHusoGenRegistro>([^<]+)</.exec(xml)![1];
    // One examination, rendered at two instants (winter and summer time): each record says its own.
    const rendered = (iso: string) => driver.render(model, { ...ctx, now: new Date(iso), documentId: 'x' })[0]!.content;
    expect(generatedAt(rendered('2025-03-14T09:00:00Z'))).to.equal('2025-03-14T10:00:00+01:00');
    expect(generatedAt(rendered('2025-07-01T08:00:00Z'))).to.equal('2025-07-01T10:00:00+02:00');
    const { input } = driver.chain!.prepare(model, { ...ctx, now: new Date('2025-07-01T08:00:00Z'), documentId: 'x' });
    expect(generatedAt(driver.chain!.link(input, undefined).artifacts[0]!.content)).to.equal('2025-07-01T10:00:00+02:00');
    expect(model.record).to.not.have.property('generado');
  });

  it('refuses more than 1,000 records in one request', () => {
    expect(() => soapRequest({ nombreRazon: 'x', nif: '89890001K' }, [])).to.throw(/1 to 1000 records/);
  });
});
