import { expect } from 'chai';
import { drivers } from '../../drivers/index.js';
import { COMMANDS, main } from '../../src/cli/main.js';
import { driverFolder, driverId } from '../../src/spi/driver.js';
import { importClosure } from '../helpers/import-closure.js';

// The command line starts fast because what a command needs loads when that command runs, and a
// driver's working parts when first used (issue 39). Checked by what the modules import, not by a
// clock, so a slow machine cannot fail it and a fast one cannot hide an eager import.

/** Packages no `--help` or `drivers` should pay for: schema, PDF, XML, crypto, HTTP, database and mail libraries. */
const HEAVY = ['typebox', 'pdfkit', 'fontkit', 'node-forge', 'xml-crypto', 'xmlbuilder2', '@xmldom/xmldom', 'qrcode', 'pngjs', 'jose', '@bufbuild/cel', 'koa', '@koa/router', 'better-sqlite3', 'pg', 'pino', 'nodemailer', 'yaml', 'big.js'];

/** Runs `main` in this process and returns what it printed on stdout. */
async function stdoutOf(argv: string[]): Promise<{ code: number; out: string }> {
  const write = process.stdout.write;
  let out = '';
  process.stdout.write = ((chunk: string | Uint8Array) => ((out += chunk.toString()), true)) as typeof process.stdout.write;
  try {
    return { code: await main(argv), out };
  } finally {
    process.stdout.write = write;
  }
}

describe('the command line starts without loading what it does not run', () => {
  it('prints help for the program and for every command', async () => {
    const program = await stdoutOf(['--help']);
    expect(program.code).to.equal(0);
    for (const c of COMMANDS) expect(program.out).to.contain(`  ${c.name} `);
    for (const c of COMMANDS) {
      const r = await stdoutOf([c.name, '--help']);
      expect(r.code, c.name).to.equal(0);
      expect(r.out, c.name).to.contain(`Usage: einvoicing-adapter ${c.name} [options]`);
    }
    const start = await stdoutOf(['start', '-h']);
    for (const env of ['HOST', 'ADAPTER_PORT', 'DATA_DIR', 'ADAPTER_API_KEY', 'ADAPTER_CONFIG']) expect(start.out).to.contain(`[${env}]`);
  });

  it('the program and its commands’ descriptions import no package at all', () => {
    const { files, packages } = importClosure('src/cli/main.js');
    expect([...packages]).to.deep.equal([]);
    expect([...files].filter((f) => f.startsWith('src/cli/actions/')), 'no command’s work').to.deep.equal([]);
  });

  it('`drivers` reads the drivers’ descriptions without their working parts or any heavy library', () => {
    const { files, packages } = importClosure('src/cli/actions/drivers.js');
    expect([...packages].filter((p) => HEAVY.includes(p))).to.deep.equal([]);
    for (const d of drivers) expect(files, driverId(d)).not.to.include(`drivers/${driverFolder(d)}/parts.js`);
  });
});
