import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigFile } from '../../src/platform/config/config-file-schema.js';
import { drivers } from '../../drivers/index.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { driverFolder, type Driver } from '../../src/spi/driver.js';
import { packageRoot } from '../../src/lib/paths.js';
import { tempDir } from './temp-dir.js';

// Fixtures are the spec: fixtures/<driver id in lower case>/<case>.json is an SPI submission; its
// golden renderings are <case>.<extension of each artifact's MIME type> (<case>.xml; ZUGFERD's
// <case>.pdf and <case>.xml), or <case>.issues.json lists the issue codes it must raise.

export const FIXTURES_DIR = join(packageRoot, 'fixtures');
export const FIXTURE_CONFIG = join(FIXTURES_DIR, 'adapter-config.yaml');
/** Goldens are regenerated (after validation) when this variable is 1. */
export const UPDATE_GOLDENS = process.env.UPDATE_GOLDENS === '1';
/** The fixed render context of goldens, so they are byte-stable. */
// After 2025-09-01: FA(3) refuses an earlier DataWytworzeniaFa; after every fixture's issue date.
export const GOLDEN_CLOCK = new Date('2025-12-01T00:00:00Z');

/** The golden file's extension per artifact MIME type: a driver's artifacts have distinct types. */
const EXTENSIONS: Readonly<Record<string, string>> = { 'application/xml': 'xml', 'application/pdf': 'pdf', 'image/png': 'png' };

/**
 * Document types the official validator (validate-ubl) has no rules for, whose goldens sit in a
 * folder of their own, fixtures/<driver>/<type>/, with an extension of their own, out of the
 * validator's way (it reads every XML file under fixtures/): CTC_FR's e-reporting files (flux 10, XML
 * as `.flux10`), checked against the DGFiP schemas by test/ctc-fr/ereporting-goldens.test.ts.
 */
const SIDE_GOLDENS: Readonly<Record<string, string>> = { 'ereporting-report': 'flux10', 'ereporting-payments': 'flux10' };
export const SIDE_GOLDEN_TYPES: readonly string[] = Object.keys(SIDE_GOLDENS);

export interface Fixture {
  name: string;
  input: string;
  /** The golden file of the artifact of this MIME type (and document type, for a side golden). */
  golden(mimeType: string, documentType?: string): string;
  issuesFile: string;
  body: unknown;
  /** Expected issue codes for an invalid case; undefined for a valid one. */
  expectedIssues: string[] | undefined;
}

export function fixturesOf(driver: Driver): Fixture[] {
  const dir = join(FIXTURES_DIR, driverFolder(driver));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.issues.json'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.json'.length);
      const issuesFile = join(dir, `${name}.issues.json`);
      const expected = existsSync(issuesFile) ? (JSON.parse(readFileSync(issuesFile, 'utf8')) as { issues: string[] }).issues : undefined;
      return { name, input: join(dir, f), golden: (mime: string, type?: string) => (type && SIDE_GOLDENS[type] ? join(dir, type, `${name}.${SIDE_GOLDENS[type]}`) : join(dir, `${name}.${extensionOf(mime)}`)), issuesFile, body: JSON.parse(readFileSync(join(dir, f), 'utf8')), expectedIssues: expected };
    });
}

/** The fixtures' configuration as the adapter runs with it (driver settings checked and prepared). */
export function fixtureConfig(): ConfigFile {
  return loadAdapterConfig(FIXTURE_CONFIG, createRegistry(drivers)).config;
}

function extensionOf(mimeType: string): string {
  const ext = EXTENSIONS[mimeType];
  if (!ext) throw new Error(`no golden file extension for ${mimeType}: add it to test/helpers/fixtures.ts`);
  return ext;
}

/** An artifact's bytes (base64 artifacts decoded), as its golden file holds them. */
export function artifactBytes(a: { content: string; encoding?: 'base64' | undefined }): Buffer {
  return Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8');
}

/**
 * A copy of the fixtures' configuration, edited, in a folder of its own: the files it names
 * relative to itself (ZUGFERD's logo) are linked beside it. Returns the copy's path.
 */
export function fixtureConfigCopy(prefix: string, edit: (yaml: string) => string): string {
  const dir = tempDir(prefix);
  symlinkSync(join(FIXTURES_DIR, 'zugferd'), join(dir, 'zugferd'));
  const path = join(dir, 'adapter.yaml');
  writeFileSync(path, edit(readFileSync(FIXTURE_CONFIG, 'utf8')));
  return path;
}
