import { expect } from 'chai';
import { tempDir } from '../helpers/temp-dir.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadConfigFile } from '../../src/platform/config/config-file.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { configErrorLines } from '../helpers/config-error.js';
import { drivers } from '../../drivers/index.js';
import { checkDriverSettings } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';

const dir = tempDir('adapter-config-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
function errorLines(path: string): readonly string[] {
  return configErrorLines(() => loadConfigFile(path));
}

describe('the configuration file', () => {
  it('the demo has two or more business entities and their activations, all configured COMPLETED', () => {
    const { config, source } = loadConfigFile(undefined);
    expect(source).to.equal('built-in demo');
    expect(config.business_entities.length).to.be.at.least(2);
    const statuses = config.business_entities.flatMap((e) => e.activations.map((a) => a.status.code));
    // The ES (VERIFACTU) one is reported PENDING by its driver until a certificate is configured (activations.test.ts).
    expect(new Set(statuses)).to.deep.equal(new Set(['COMPLETED']));
    expect(Object.isFrozen(config.business_entities[0]?.party)).to.equal(true);
  });

  it('loads the same configuration from YAML and from JSON', () => {
    const yaml = loadConfigFile(file('demo.yaml', stringify(demoConfig())));
    const json = loadConfigFile(file('demo.json', JSON.stringify(demoConfig())));
    expect(yaml.config).to.deep.equal(demoConfig());
    expect(json.config).to.deep.equal(demoConfig());
    expect(json.source).to.equal(join(dir, 'demo.json'));
  });

  it('names the path and the problem of each bad value', () => {
    const bad = demoConfig() as unknown as { business_entities: Record<string, any>[] };
    bad.business_entities[0]!.party.address.country = 'Germany';
    bad.business_entities[1]!.activations[0].country_activations[0].model = 'SDI';
    bad.business_entities[1]!.activations[0].status.code = 'DONE';
    delete bad.business_entities[2]!.display_name;
    bad.business_entities[2]!.dispaly_name = 'typo';
    const path = file('bad.yaml', stringify(bad));
    const prefix = `ADAPTER_CONFIG (${path}): business_entities`;
    expect(errorLines(path)).to.have.members([
      `${prefix}[0].party.address.country: must match ^[A-Z]{2}$ (got "Germany")`,
      `${prefix}[1].activations[0].status.code: must be one of COMPLETED, FAILED, PENDING (got "DONE")`,
      `${prefix}[1].activations[0].country_activations[0].model: must be one of PEPPOL, EINVOICE, CLEARANCE, REPORTING, ZUGFERD, CTC, NEMHANDEL, FACE, VERIFACTU (got "SDI")`,
      `${prefix}[2].display_name: is required`,
      `${prefix}[2].dispaly_name: is not a known key`,
    ]);
  });

  it('rejects duplicate ids and scenarios configured twice', () => {
    const cfg = demoConfig() as unknown as { business_entities: Record<string, any>[] };
    cfg.business_entities[1]!.id = cfg.business_entities[0]!.id;
    cfg.business_entities[2]!.activations[0].id = cfg.business_entities[0]!.activations[0].id.toUpperCase();
    cfg.business_entities[0]!.activations[0].country_activations.push({ ...cfg.business_entities[0]!.activations[0].country_activations[0] });
    const path = file('dupes.json', JSON.stringify(cfg));
    const lines = errorLines(path).map((l) => l.replace(`ADAPTER_CONFIG (${path}): `, ''));
    expect(lines).to.deep.equal([
      'business_entities[0].activations[0].country_activations[3]: DE/PEPPOL/B2B is configured twice for this business entity',
      'business_entities[1].id: "595e13fd-68b0-40c2-ade3-9780ce339d97" is already the id of business_entities[0]',
      'business_entities[2].activations[0].id: "02083517-408F-4174-8C4D-42B029162F9C" is already the id of business_entities[0].activations[0]',
    ]);
  });

  it('reports unreadable and unparsable files by name', () => {
    expect(errorLines(join(dir, 'missing.yaml'))).to.deep.equal([`ADAPTER_CONFIG: cannot read ${join(dir, 'missing.yaml')}: ENOENT`]);
    expect(errorLines(file('broken.json', '{"business_entities": ['))[0]).to.match(/^ADAPTER_CONFIG: .*broken\.json is not valid JSON: /);
    expect(errorLines(file('broken.yaml', 'business_entities: [\n  - id: "x'))[0]).to.match(/^ADAPTER_CONFIG: .*broken\.yaml is not valid YAML: /);
    expect(errorLines(file('empty.yaml', ''))).to.deep.equal([`ADAPTER_CONFIG (${join(dir, 'empty.yaml')}): (root): must be an object (got null)`]);
  });

  it('keys per-driver settings by driver id: an id no registered driver has is refused at start', () => {
    const cfg = { ...demoConfig(), drivers: { PEPPOL: {}, NO_SUCH_DRIVER: {}, lower: {} } };
    const lines = errorLines(file('drivers.json', JSON.stringify(cfg)));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/drivers\.lower: is not a known key$/);
    const { config } = loadConfigFile(file('drivers-ok.json', JSON.stringify({ ...cfg, drivers: { PEPPOL: {}, NO_SUCH_DRIVER: {} } })));
    expect(configErrorLines(() => checkDriverSettings(config, createRegistry(drivers), 'ADAPTER_CONFIG'))).to.deep.equal([
      'ADAPTER_CONFIG: drivers.NO_SUCH_DRIVER: no registered driver has this id (registered: PEPPOL, VERIFACTU, EINVOICE, ZUGFERD, KSEF, SDI, FACE, NEMHANDEL, CTC_FR, NAV)',
    ]);
  });
});
