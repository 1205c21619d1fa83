import { expect } from 'chai';
import { tempDir } from '../helpers/temp-dir.js';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { COMMANDS } from '../../src/cli/main.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { packageRoot } from '../../src/lib/paths.js';
import { killChildren, runBin, runBinToEnd } from '../helpers/child.js';

const LISTENING = /adapter listening on (http:\/\/127\.0\.0\.1:(\d+))/;

/** The SQLite file under DATA_DIR, also on the suite's PostgreSQL run (these tests are about the file). */
const SQLITE = { DATABASE_URL: '' };

describe('the einvoicing-adapter bin', () => {
  afterEach(killChildren);
  let cwd: string;
  beforeEach(() => {
    cwd = tempDir('adapter-cli-');
  });

  it('prints help from the bin (the other help texts: startup.test.ts, in this process)', async () => {
    const main = await runBinToEnd(['--help'], { cwd });
    expect(main.code).to.equal(0);
    for (const c of COMMANDS) expect(main.stdout).to.contain(`  ${c.name} `);
    const start = await runBinToEnd(['start', '-h'], { cwd });
    expect(start.code).to.equal(0);
    expect(start.stdout).to.contain('Usage: einvoicing-adapter start [options]');
  });

  it('ends quietly with status 0 when its reader closes stdout (`drivers | head -1`)', async () => {
    for (const args of [['drivers'], ['drivers', '--json'], ['entities', 'list'], ['config']]) {
      const child = runBin(args, { cwd });
      child.proc.stdout!.destroy(); // the reader is gone before the first line is written
      const { code } = await child.exited;
      expect(code, `${args.join(' ')}: ${child.stderr()}`).to.equal(0);
      expect(child.stderr(), args.join(' ')).not.to.match(/EPIPE|Error/);
    }
  });

  it('validate names the configuration in use when it lacks the document\'s issuer, and passes with the fixtures\' configuration', async () => {
    const fixture = join(packageRoot, 'fixtures', 'zugferd', 'credit-note-basic.json');
    const demo = await runBinToEnd(['validate', fixture], { cwd });
    expect(demo.code).to.equal(1);
    expect(demo.stdout).to.contain('no configured business entity has the identifier FR40303265045 (configuration: built-in demo; --config FILE or ADAPTER_CONFIG gives another)');
    const own = await runBinToEnd(['validate', '--config', join(packageRoot, 'fixtures', 'adapter-config.yaml'), fixture], { cwd });
    expect(own.code, own.stdout).to.equal(0);
    expect(own.stdout).not.to.match(/^error/m);
  });

  it('exits 2 on usage errors', async () => {
    for (const args of [[], ['frobnicate'], ['start', '--no-such-flag'], ['drivers', 'extra']]) {
      const r = await runBinToEnd(args, { cwd });
      expect(r.code, args.join(' ')).to.equal(2);
    }
  });

  it('start stops with a message naming the key when ADAPTER_CONFIG has a bad value', async () => {
    const cfg = demoConfig() as unknown as { business_entities: Record<string, any>[] };
    cfg.business_entities[1]!.activations[0].country_activations[0].einvoicing_type = 'B2X';
    const path = join(cwd, 'adapter.yaml');
    writeFileSync(path, stringify(cfg));
    const r = await runBinToEnd(['start'], { cwd, env: { ADAPTER_CONFIG: path, ADAPTER_PORT: '0' } });
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain(
      `ADAPTER_CONFIG (${path}): business_entities[1].activations[0].country_activations[0].einvoicing_type: must be one of B2B, B2C, B2G (got "B2X")`,
    );
    expect(existsSync(join(cwd, 'data')), 'nothing is created before the configuration is valid').to.equal(false);
  });

  it('start stops naming the environment variable or flag of a bad setting', async () => {
    const env = await runBinToEnd(['start'], { cwd, env: { ADAPTER_PORT: 'eighty' } });
    expect(env.code).to.equal(1);
    expect(env.stderr).to.contain('ADAPTER_PORT: must be an integer (got "eighty")');
    const flag = await runBinToEnd(['serve', '--body-limit', 'huge'], { cwd });
    expect(flag.stderr).to.contain('--body-limit: must match');
  });

  it('generates the API key on first start, prints it once, and keeps it under DATA_DIR', async () => {
    const first = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
    const [, url] = await first.waitFor(LISTENING);
    const key = readFileSync(join(cwd, 'data', 'adapter-api-key'), 'utf8').trim();
    expect(key).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(cwd, 'data', 'adapter-api-key')).mode & 0o777).to.equal(0o600);
    expect(first.stderr()).to.contain(key);
    const res = await fetch(`${url}/credentials/validate`, { method: 'POST', headers: { authorization: JSON.stringify({ api_key: key }) } });
    expect(await res.json()).to.deep.equal({ status: 'VALID' });
    first.proc.kill('SIGTERM');
    expect((await first.exited).code).to.equal(0);

    const second = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
    await second.waitFor(LISTENING);
    expect(second.stderr()).not.to.contain(key);
    second.proc.kill('SIGINT');
    expect((await second.exited).code).to.equal(0);
    expect(first.stdout() + second.stdout()).not.to.contain(key);
  });

  it('on SIGTERM stops accepting, finishes the in-flight request, closes the database and exits 0', async () => {
    // The SQLite file's WAL tells whether the database was closed: this test is about SQLite on every run.
    const child = runBin(['serve'], { cwd, env: { ADAPTER_PORT: '0', ADAPTER_API_KEY: 'operator-chosen-key-0123456789abcdef', DATABASE_URL: '' } });
    const [, , port] = await child.waitFor(LISTENING);
    expect(existsSync(join(cwd, 'data', 'adapter.sqlite-wal'))).to.equal(true);

    // An in-flight request: headers sent, body not yet complete.
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    const body = JSON.stringify({ note: 'in flight' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /credentials/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer operator-chosen-key-0123456789abcdef\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    child.proc.kill('SIGTERM');
    await child.waitFor(/SIGTERM received/);

    // New connections are refused while the in-flight request is still open.
    const refused = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => false,
      () => true,
    );
    expect(refused, 'a new connection after SIGTERM').to.equal(true);

    socket.write(body.slice(5));
    const { code } = await child.exited;
    expect(code).to.equal(0);
    expect(response).to.match(/^HTTP\/1\.1 200 OK/);
    expect(response.toLowerCase()).to.contain('connection: close');
    expect(response).to.contain('{"status":"VALID"}');
    socket.destroy();
    // SQLite removes the WAL file when the last connection closes cleanly.
    expect(existsSync(join(cwd, 'data', 'adapter.sqlite-wal')), 'WAL left behind: database not closed').to.equal(false);
  });

  it('start reports a port in use or an unknown host in one line, and keeps a new key for the next start', async () => {
    const blocker = runBin(['serve', '--data-dir', 'other'], { cwd, env: { ADAPTER_PORT: '0', ADAPTER_API_KEY: 'operator-chosen-key-0123456789abcdef' } });
    const [, , port] = await blocker.waitFor(LISTENING);
    const busy = await runBinToEnd(['start', '--port', port!], { cwd });
    expect(busy.code).to.equal(1);
    expect(busy.stderr).to.equal(`einvoicing-adapter: cannot listen on 127.0.0.1:${port}: EADDRINUSE (check HOST and ADAPTER_PORT)\n`);
    blocker.proc.kill('SIGTERM');
    await blocker.exited;
    const unknown = await runBinToEnd(['start', '--port', '0', '--host', 'no-such-host.invalid'], { cwd });
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/^einvoicing-adapter: cannot listen on no-such-host\.invalid: (ENOTFOUND|EAI_AGAIN) /);
    // The key generated during the failed starts was never shown: the first successful start shows it.
    const ok = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
    await ok.waitFor(LISTENING);
    expect(ok.stderr()).to.contain(readFileSync(join(cwd, 'data', 'adapter-api-key'), 'utf8').trim());
    ok.proc.kill('SIGTERM');
    expect((await ok.exited).code).to.equal(0);
  });

  it('migrate creates the database and is a no-op the second time', async () => {
    const first = await runBinToEnd(['migrate', '--data-dir', 'store'], { cwd, env: SQLITE });
    expect(first.code).to.equal(0);
    expect(first.stdout).to.match(/^applied 001 adapter-meta\napplied 002 documents\napplied 003 status-history\napplied 004 lifecycle\napplied 005 document-resubmission\napplied 006 chains\napplied 007 artifact-encoding\napplied 008 merchants\napplied 009 sequences-and-inbox\napplied 010 leases\napplied 011 documents-by-entity\napplied 012 received-messages\napplied 013 entity-driver-settings\napplied 014 outbox-actions\napplied 015 queue-request-ids\napplied 016 png-media-type\napplied 017 transmission-retries\napplied 018 console\napplied 019 callbacks-by-document\n.*store\/adapter\.sqlite: schema version 19\n$/);
    const second = await runBinToEnd(['migrate'], { cwd, env: { DATA_DIR: 'store', ...SQLITE } });
    expect(second.stdout).to.equal('store/adapter.sqlite: schema version 19 (up to date)\n');
  });

  it('names DATA_DIR in one line when the store cannot be used', async () => {
    writeFileSync(join(cwd, 'not-a-dir'), '');
    const file = await runBinToEnd(['migrate', '--data-dir', 'not-a-dir'], { cwd, env: SQLITE });
    expect(file.code).to.equal(1);
    expect(file.stderr).to.match(/^einvoicing-adapter: configuration error:\n  DATA_DIR \(not-a-dir\): cannot use not-a-dir\/adapter\.sqlite: EEXIST: /);
    mkdirSync(join(cwd, 'junk'));
    writeFileSync(join(cwd, 'junk', 'adapter.sqlite'), 'these bytes are not a SQLite database');
    const junk = await runBinToEnd(['start', '--data-dir', 'junk', '--port', '0'], { cwd, env: SQLITE });
    expect(junk.code).to.equal(1);
    expect(junk.stderr).to.contain('DATA_DIR (junk): cannot use junk/adapter.sqlite: file is not a database\n');
    expect(junk.stderr).not.to.contain('    at ');
  });

  it('drivers lists the registry, as text and as JSON', async () => {
    const json = await runBinToEnd(['drivers', '--json'], { cwd });
    expect(json.code).to.equal(0);
    const { drivers } = await import('../../drivers/index.js');
    expect(JSON.parse(json.stdout).map((d: { model: string }) => d.model)).to.deep.equal(drivers.map((d) => d.model));
    const text = await runBinToEnd(['drivers'], { cwd });
    expect(text.code).to.equal(0);
    if (drivers.length === 0) expect(text.stdout).to.equal('No driver is registered (drivers/index.ts).\n');
    for (const d of drivers) expect(text.stdout).to.contain(d.model).and.to.contain(d.title);
  });

  it('render prints the first document a driver renders, or the one --mime-type names (ZUGFERD: the PDF, then its XML)', async () => {
    const fixture = join(packageRoot, 'fixtures', 'zugferd', 'several-rates-en16931.json');
    const args = ['render', '--config', join(packageRoot, 'fixtures', 'adapter-config.yaml')];
    const pdf = await runBinToEnd([...args, fixture], { cwd });
    expect(pdf.code).to.equal(0);
    expect(pdf.stdout.startsWith('%PDF-1.7')).to.equal(true);
    const xml = await runBinToEnd([...args, '--mime-type', 'application/xml', fixture], { cwd });
    expect(xml.code).to.equal(0);
    expect(xml.stdout).to.equal(readFileSync(join(packageRoot, 'fixtures', 'zugferd', 'several-rates-en16931.xml'), 'utf8'));
    const none = await runBinToEnd([...args, '--mime-type', 'image/png', fixture], { cwd });
    expect(none.code).to.equal(1);
    expect(none.stderr).to.contain('ZUGFERD renders no image/png for this document (it renders application/pdf, application/xml)');
  });

  it('config prints the demo configuration as YAML that loads back unchanged', async () => {
    const r = await runBinToEnd(['config'], { cwd });
    expect(r.code).to.equal(0);
    writeFileSync(join(cwd, 'printed.yaml'), r.stdout);
    const again = await runBinToEnd(['config', '--json', '--config', 'printed.yaml'], { cwd });
    expect(JSON.parse(again.stdout)).to.deep.equal(demoConfig());
  });
});
