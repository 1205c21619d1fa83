import { readFileSync } from 'node:fs';
import { drivers } from '../../../drivers/index.js';
import { intake, type Intake } from '../../apps/adapter/services/intake.js';
import { resolveSettings } from '../../platform/config/settings.js';
import { loadAdapterConfig } from '../../driver-kit/driver-settings.js';
import { createRegistry } from '../../driver-kit/registry.js';
import type { Issue } from '../../spi/issues.js';
import { SpiError } from '../../platform/http/errors.js';
import { UsageError, type settingFlags } from '../command.js';

/** An SPI document file taken through the same intake as POST /einvoicing/documents. */
export type FileIntake = { ok: true; intake: Intake } | { ok: false; issues: readonly Issue[] };

export async function intakeFile(file: string | undefined, flags: ReturnType<typeof settingFlags>, model: string | undefined): Promise<FileIntake> {
  if (!file) throw new UsageError('name the SPI document (a JSON file)');
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read ${file} as JSON: ${(err as Error).message}`);
  }
  if (model && body && typeof body === 'object') body = { ...body, model };
  const settings = resolveSettings(process.env, flags);
  const registry = createRegistry(drivers);
  const { config, source } = loadAdapterConfig(settings.configFile, registry);
  try {
    return { ok: true, intake: await intake(body, config, registry) };
  } catch (err) {
    if (!(err instanceof SpiError)) throw err;
    // Shape and routing problems have no driver code: they carry the SPI error code instead. An
    // issuer or activation the configuration lacks names the configuration, since that is what
    // to change (the fixtures' entities are in fixtures/adapter-config.yaml, not the demo).
    const configuration = ` (configuration: ${source}; --config FILE or ADAPTER_CONFIG gives another)`;
    return {
      ok: false,
      issues: err.errors.map((e) => ({ code: e.code, severity: 'error', kind: 'INVALID_DATA', path: '', message: `${e.message}${e.code === 'INVALID_OPERATION' ? configuration : ''}` })),
    };
  }
}

/** `error PEPPOL-022 lines[0].classified_tax_category[0].category: …` */
export function issueLine(i: Issue): string {
  return `${i.severity.padEnd(7)} ${i.code} ${i.path ? `${i.path}: ` : ''}${i.message}`;
}
