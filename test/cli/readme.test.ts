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

// The console sessions readers follow, where they read them: the curl session introduces the
// project (README.md), the onboarding walkthrough is in the operations guide; the settings table
// and the configuration file's example are the configuration reference.
const page = (path: string) => ({ path, text: readFileSync(join(packageRoot, path), 'utf8') });
const readme = page('README.md');
const operations = page('docs/operations.md');
const configuration = page('docs/configuration.md');

/** The `$ command` / expected-output pairs of one of a page's console sessions (`<!-- name:start … -->`). */
function consoleSession(doc: { path: string; text: string }, name: string): { command: string; expected: string }[] {
  const block = new RegExp(`<!-- ${name}:start[^>]*-->\\s*\`\`\`console\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(doc.text);
  if (!block) throw new Error(`${doc.path} has no ${name} block`);
  const steps: { command: string; expected: string }[] = [];
  for (const line of block[1]!.split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: '' });
    else if (line !== '' && steps.length) steps.at(-1)!.expected += `${line}\n`;
  }
  return steps;
}

/**
 * Runs a documented session against `einvoicing-adapter start` in a fresh folder that looks like
 * the repository (its own data/), on free ports: the page's 8080 and 8081 are the adapter's and
 * billing's ports, in the commands and in what they print.
 */
async function runSession(doc: { path: string; text: string }, name: string, minSteps: number) {
  const cwd = tempDir('adapter-readme-');
  for (const entry of ['package.json', 'bin', 'dist', 'node_modules', 'fixtures', 'examples']) symlinkSync(join(packageRoot, entry), join(cwd, entry));
  const child = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
  const [, port] = await child.waitFor(/adapter listening on http:\/\/127\.0\.0\.1:(\d+)/, 30_000);
  const [, billingPort] = await child.waitFor(/billing API listening on http:\/\/127\.0\.0\.1:(\d+)/);
  const steps = consoleSession(doc, name);
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

describe('the documented sessions and references (README.md, docs/)', function () {
  this.timeout(90_000);
  afterEach(killChildren);

  it("README.md's curl session works as printed against `einvoicing-adapter start`, the billing loop included", async () => {
    const { child } = await runSession(readme, 'curl-session', 10);
    // The hand-sent INV-10001 is no invoice of billing's: its callback ends failed, and the log says so (as the README explains).
    const failed = /"level":"error".*"url":"http:\/\/127\.0\.0\.1:\d+\/api\/v2\/invoices\/INV-10001\/einvoice_status","http_status":422/;
    await eventually(() => failed.test(child.stdout()), 20_000, 'the failed callback of INV-10001 in the log');
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).to.equal(0);
  });

  it("docs/operations.md's onboarding walkthrough works as printed with the files under examples/, and the merchant's callbacks go to the local billing module", async () => {
    const { child, billingPort } = await runSession(operations, 'onboarding-session', 8);
    // Not to https://demo.chargebee.com: under `start` the merchant's site is its own billing module.
    const local = new RegExp(`"site":"acme","url":"http://127\\.0\\.0\\.1:${billingPort}/api/v2/invoices/ACME-2026-0001/einvoice_status","http_status":422`);
    await eventually(() => local.test(child.stdout()), 20_000, "the merchant's callback at the local billing module");
    expect(child.stdout()).not.to.contain('chargebee.com');
    child.proc.kill('SIGTERM');
    expect((await child.exited).code).to.equal(0);
  });

  it('every file under examples/ is used by a documented session', () => {
    const sessions = [consoleSession(readme, 'curl-session'), consoleSession(operations, 'onboarding-session')].flat().map((s) => s.command).join('\n');
    for (const file of readdirSync(join(packageRoot, 'examples'))) expect(sessions, file).to.contain(`@examples/${file}`);
  });

  it("docs/configuration.md's settings tables list every setting once, with its flag and default", () => {
    for (const s of SETTINGS) {
      const rows = configuration.text.split('\n').filter((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(rows, s.env).to.have.length(1);
      const row = rows[0];
      expect(row, s.env).to.be.a('string');
      expect(row, s.env).to.contain(`\`--${s.flag}\``);
      if (s.default !== undefined) expect(row, s.env).to.contain(`\`${String(s.default)}\``);
    }
  });

  it("docs/configuration.md's configuration file example is a valid configuration", () => {
    const example = /^#+ The configuration file\n[\s\S]*?```yaml\n([\s\S]*?)```/m.exec(configuration.text);
    const path = join(tempDir('adapter-readme-'), 'adapter.yaml');
    writeFileSync(path, example![1]!);
    const { config } = loadConfigFile(path);
    expect(config.business_entities[0]?.activations[0]?.country_activations[0]?.supported_document_types).to.have.length(3);
  });
});
