import { expect } from 'chai';
import { tempDir } from '../helpers/temp-dir.js';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { drivers } from '../../drivers/index.js';
import { ApplicationResponseDocumentSchema, MainDocumentSchema } from '../../src/spi/document.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { errorsOf } from '../../src/spi/issues.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { driverFolder, driverId, type Artifact } from '../../src/spi/driver.js';
import { packageRoot } from '../../src/lib/paths.js';
import { artifactBytes, fixtureConfig, fixturesOf, GOLDEN_CLOCK, SIDE_GOLDEN_TYPES, UPDATE_GOLDENS, type Fixture } from '../helpers/fixtures.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// One suite for every registered driver: a new driver gets metadata, golden and issue-code
// coverage from its fixtures alone, without editing this file.

const registry = createRegistry(drivers);
const config = fixtureConfig();

async function renderFixture(f: Fixture): Promise<Artifact[]> {
  const { driver, ctx, examination } = await intake(f.body, config, registry);
  const errors = errorsOf(examination.issues);
  if (errors.length > 0 || examination.model === undefined) throw new Error(`${f.name}: ${errors.map((e) => `${e.code} ${e.path}: ${e.message}`).join('; ')}`);
  const artifacts = driver.render(examination.model, { ...ctx, now: GOLDEN_CLOCK, documentId: `golden-${f.name}` });
  expect(artifacts.length).to.be.at.least(1);
  expect(new Set(artifacts.map((a) => f.golden(a.mimeType, a.documentType))).size, 'one golden per MIME type (and side document type)').to.equal(artifacts.length);
  return artifacts;
}

for (const driver of registry.all) {
  const dirName = driverFolder(driver);
  describe(`driver ${driverId(driver)} (conformance)`, () => {
    const fixtures = fixturesOf(driver);
    const valid = fixtures.filter((f) => !f.expectedIssues);
    const readme = readFileSync(join(packageRoot, 'drivers', dirName, 'README.md'), 'utf8');

    it('declares consistent metadata and a field table rooted in SPI fields', () => {
      for (const t of Object.values(driver.documentTypeFor)) expect(driver.documentTypes).to.include(t);
      const seen = new Set<string>();
      for (const f of driver.fields) {
        for (const t of f.documentTypes ?? driver.documentTypes) {
          const key = `${t} ${f.path}`;
          expect(seen.has(key), `duplicate field ${key}`).to.equal(false);
          seen.add(key);
        }
        if (f.spi) {
          const root = f.spi.split(/[.[]/)[0]!;
          const known = { ...MainDocumentSchema.properties, ...ApplicationResponseDocumentSchema.properties };
          expect(Object.keys(known), `${f.path} → ${f.spi}`).to.include(root);
        }
      }
    });

    it('has a valid fixture for every document type it declares', () => {
      const covered = new Set(valid.map((f) => (f.body as { document_type?: string }).document_type));
      for (const t of driver.documentTypes) expect([...covered], `fixtures/${dirName} lacks a ${t} case`).to.include(t);
    });

    describe('renders every valid fixture exactly as its golden', function () {
      if (UPDATE_GOLDENS) {
        before(async function () {
          this.timeout(300_000);
          await regenerate(valid);
        });
      }
      for (const f of valid) {
        it(f.name, async () => {
          for (const a of await renderFixture(f)) {
            const golden = f.golden(a.mimeType, a.documentType);
            expect(existsSync(golden), `${golden} is missing: run UPDATE_GOLDENS=1 npm test`).to.equal(true);
            // Compared as bytes (a PDF is binary), but shown as text when a text golden differs.
            const bytes = artifactBytes(a);
            if (a.encoding === 'base64') expect(bytes.equals(readFileSync(golden)), `${golden} differs`).to.equal(true);
            else expect(a.content).to.equal(readFileSync(golden, 'utf8'));
          }
        });
      }
    });

    describe('raises the expected issue codes for every invalid fixture', () => {
      for (const f of fixtures.filter((x) => x.expectedIssues)) {
        it(f.name, async () => {
          const { issues } = (await intake(f.body, config, registry)).examination;
          const codes = [...new Set(errorsOf(issues).map((i) => i.code))].sort();
          expect(codes).to.deep.equal([...f.expectedIssues!].sort());
        });
      }
    });

    it('documents every issue code its fixtures raise in its README', async () => {
      const codes = new Set<string>();
      for (const f of fixtures) {
        for (const i of (await intake(f.body, config, registry)).examination.issues) codes.add(i.code);
      }
      for (const code of codes) expect(readme, `drivers/${dirName}/README.md`).to.include(code);
    });
  });
}

/** Renders every valid fixture, validates all of them with the official rules, writes the passing ones. */
async function regenerate(valid: Fixture[]): Promise<void> {
  if (!validatorAvailable()) throw new Error('UPDATE_GOLDENS needs ../shared/tools/validate-ubl to validate before writing');
  const dir = tempDir('goldens-');
  const rendered = [];
  for (const f of valid) {
    for (const a of await renderFixture(f)) {
      const golden = f.golden(a.mimeType, a.documentType);
      const side = SIDE_GOLDEN_TYPES.includes(a.documentType);
      const file = join(dir, `${side ? `${a.documentType}.` : ''}${basename(golden)}`);
      writeFileSync(file, artifactBytes(a));
      rendered.push({ f, file, golden, side });
    }
  }
  // PNGs (VERIFACTU's QR codes) and side goldens have no rules in validate-ubl (their own tests check them); XML and PDF (Factur-X) have.
  const unchecked = (r: { file: string; side: boolean }) => r.side || r.file.endsWith('.png');
  const checked = rendered.filter((r) => !unchecked(r));
  const results = new Map(validateFiles(checked.map((r) => r.file)).map((r) => [r.file, r]));
  const failed: string[] = [];
  for (const { f, file, golden, side } of rendered) {
    const r = results.get(file);
    if (unchecked({ file, side }) || (r && r.fatal === 0)) {
      mkdirSync(dirname(golden), { recursive: true });
      copyFileSync(file, golden);
    }
    else failed.push(`${f.name} ${basename(golden)}: ${(r?.errors ?? []).filter((e) => e.flag === 'fatal').map((e) => `${e.id} ${e.message}`).join(' | ') || 'not validated'}`);
  }
  if (failed.length > 0) throw new Error(`goldens not written, the official rules reject them:\n${failed.join('\n')}`);
}
