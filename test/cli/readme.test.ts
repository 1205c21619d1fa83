import { expect } from 'chai';
import { tempDir } from '../helpers/temp-dir.js';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFile } from '../../src/config/config-file.js';
import { SETTINGS } from '../../src/config/setting-table.js';
import { packageRoot } from '../../src/paths.js';
import { killChildren, runBin } from '../helpers/child.js';

const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');

/** The `$ command` / expected-output pairs of the README's curl session. */
function curlSession(): { command: string; expected: string }[] {
  const block = /<!-- curl-session:start[^>]*-->\s*```console\n([\s\S]*?)```\s*<!-- curl-session:end -->/.exec(readme);
  if (!block) throw new Error('README.md has no curl-session block');
  const steps: { command: string; expected: string }[] = [];
  for (const line of block[1]!.split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: '' });
    else if (line !== '' && steps.length) steps.at(-1)!.expected += `${line}\n`;
  }
  return steps;
}

describe('README.md', () => {
  afterEach(killChildren);
  it('its curl session works as printed against `einvoicing-adapter start`', async () => {
    // A fresh folder that looks like the repository (its own data/), so the session starts clean.
    const cwd = tempDir('adapter-readme-');
    for (const entry of ['package.json', 'bin', 'dist', 'node_modules', 'fixtures']) symlinkSync(join(packageRoot, entry), join(cwd, entry));
    const child = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0' } });
    try {
      const [, port] = await child.waitFor(/adapter listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const steps = curlSession();
      expect(steps.length).to.be.at.least(5);
      // One shell, so `KEY=…` carries over; a marker line separates each command's output.
      const script = steps.map((s, i) => `printf '\\n@@step ${i}\\n'\n${s.command.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)}`).join('\n');
      const out = execFileSync('bash', ['-c', script], { cwd, encoding: 'utf8' });
      // curl prints no newline after a JSON body; a terminal shows the output the same either way.
      const outputs = out.split(/^@@step \d+\n/m).slice(1).map((o) => o.trimEnd());
      steps.forEach((step, i) => expect(outputs[i], `$ ${step.command}`).to.equal(step.expected.trimEnd()));
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
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
