import { expect } from 'chai';
import { tempDir } from '../helpers/temp-dir.js';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFile } from '../../src/platform/config/config-file.js';
import { SETTINGS } from '../../src/platform/config/setting-table.js';
import { packageRoot } from '../../src/lib/paths.js';
import { killChildren, runBin } from '../helpers/child.js';
import { eventually } from '../helpers/lifecycle.js';
import { databaseUrlForSync } from '../helpers/test-database.js';

const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');

/** The `$ command` / expected-output pairs of one of the README's console sessions (`<!-- name:start … -->`). */
function consoleSession(name: string): { command: string; expected: string }[] {
  const block = new RegExp(`<!-- ${name}:start[^>]*-->\\s*\`\`\`console\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(readme);
  if (!block) throw new Error(`README.md has no ${name} block`);
  const steps: { command: string; expected: string }[] = [];
  for (const line of block[1]!.split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: '' });
    else if (line !== '' && steps.length) steps.at(-1)!.expected += `${line}\n`;
  }
  return steps;
}

/**
 * Runs a README session against `einvoicing-adapter start` in a fresh folder that looks like the
 * repository (its own data/), on free ports: the README's 8080 and 8081 are the adapter's and
 * billing's ports, in the commands and in what they print.
 */
async function runSession(name: string, minSteps: number) {
  const cwd = tempDir('adapter-readme-');
  for (const entry of ['package.json', 'bin', 'dist', 'node_modules', 'fixtures', 'examples']) symlinkSync(join(packageRoot, entry), join(cwd, entry));
  const child = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
  const [, port] = await child.waitFor(/adapter listening on http:\/\/127\.0\.0\.1:(\d+)/, 30_000);
  const [, billingPort] = await child.waitFor(/billing API listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const steps = consoleSession(name);
  expect(steps.length).to.be.at.least(minSteps);
  const toRun = (text: string) => text.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`).replaceAll('127.0.0.1:8081', `127.0.0.1:${billingPort}`);
  const asPrinted = (text: string) => text.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:8080').replaceAll(`127.0.0.1:${billingPort}`, '127.0.0.1:8081');
  // One shell, so `KEY=…` carries over; a marker line separates each command's output.
  const script = steps.map((s, i) => `printf '\\n@@step ${i}\\n'\n${toRun(s.command)}`).join('\n');
  // The session's own commands (`bin/einvoicing-adapter merchants connect`) use the data directory's
  // store as `start` does: on the suite's PostgreSQL run, its schema.
  const databaseUrl = databaseUrlForSync(join(cwd, 'data'));
  const out = execFileSync('bash', ['-c', script], { cwd, encoding: 'utf8', env: { ...process.env, ...(databaseUrl && { DATABASE_URL: databaseUrl }) } });
  // curl prints no newline after a JSON body; a terminal shows the output the same either way.
  const outputs = out.split(/^@@step \d+\n/m).slice(1).map((o) => asPrinted(o.trimEnd()));
  steps.forEach((step, i) => expect(outputs[i], `$ ${step.command}`).to.equal(step.expected.trimEnd()));
  return { child, billingPort };
}

describe('README.md', function () {
  this.timeout(90_000);
  afterEach(killChildren);

  it('its curl session works as printed against `einvoicing-adapter start`, the billing loop included', async () => {
    const { child } = await runSession('curl-session', 10);
    // The hand-sent INV-10001 is no invoice of billing's: its callback ends failed, and the log says so (as the README explains).
    const failed = /"level":"error".*"url":"http:\/\/127\.0\.0\.1:\d+\/api\/v2\/invoices\/INV-10001\/einvoice_status","http_status":422/;
    await eventually(() => failed.test(child.stdout()), 20_000, 'the failed callback of INV-10001 in the log');
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).to.equal(0);
  });

  it("its onboarding walkthrough works as printed with the files under examples/, and the merchant's callbacks go to the local billing module", async () => {
    const { child, billingPort } = await runSession('onboarding-session', 8);
    // Not to https://demo.chargebee.com: under `start` the merchant's site is its own billing module.
    const local = new RegExp(`"site":"acme","url":"http://127\\.0\\.0\\.1:${billingPort}/api/v2/invoices/ACME-2026-0001/einvoice_status","http_status":422`);
    await eventually(() => local.test(child.stdout()), 20_000, "the merchant's callback at the local billing module");
    expect(child.stdout()).not.to.contain('chargebee.com');
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).to.equal(0);
  });

  it('every file under examples/ is used by a README session', () => {
    for (const file of readdirSync(join(packageRoot, 'examples'))) expect(readme, file).to.contain(`@examples/${file}`);
  });

  it('its configuration table lists every setting with its flag and default', () => {
    for (const s of SETTINGS) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).to.be.a('string');
      expect(row, s.env).to.contain(`\`--${s.flag}\``);
      if (s.default !== undefined) expect(row, s.env).to.contain(`\`${String(s.default)}\``);
    }
  });

  it('its configuration file example is a valid configuration', () => {
    const example = /### The configuration file[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme);
    const path = join(tempDir('adapter-readme-'), 'adapter.yaml');
    writeFileSync(path, example![1]!);
    const { config } = loadConfigFile(path);
    expect(config.business_entities[0]?.activations[0]?.country_activations[0]?.supported_document_types).to.have.length(3);
  });
});
