import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { check } from '../../lib/typed-check.js';
import { ConfigError } from './config-error.js';
import { ConfigFileSchema, type ConfigFile } from './config-file-schema.js';
import { type BusinessEntity } from '../../spi/business-entity.js';
import { demoConfig } from './demo-config.js';

export interface LoadedConfig {
  config: ConfigFile;
  /** Absolute path of the file, or `built-in demo`. */
  source: string;
}

/** Reads ADAPTER_CONFIG (JSON by `.json`, YAML otherwise), or the demo when no file is named. */
export function loadConfigFile(path: string | undefined): LoadedConfig {
  if (!path) return { config: checkConfig(demoConfig(), 'built-in demo configuration'), source: 'built-in demo' };
  const absolute = resolve(path);
  const label = `ADAPTER_CONFIG (${absolute})`;
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (err) {
    throw new ConfigError([`ADAPTER_CONFIG: cannot read ${absolute}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`]);
  }
  let data: unknown;
  try {
    data = extname(absolute).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text, { prettyErrors: true });
  } catch (err) {
    const kind = extname(absolute).toLowerCase() === '.json' ? 'JSON' : 'YAML';
    throw new ConfigError([`ADAPTER_CONFIG: ${absolute} is not valid ${kind}: ${(err as Error).message.split('\n')[0]}`]);
  }
  return { config: checkConfig(data, label), source: absolute };
}

/** Schema first, then the rules a schema cannot say (unique ids). */
export function checkConfig(data: unknown, label: string): ConfigFile {
  const result = check(ConfigFileSchema, data);
  if (!result.ok) throw ConfigError.fromProblems(`${label}: `, result.problems);
  const lines = uniqueIdProblems(result.value).map((l) => `${label}: ${l}`);
  if (lines.length) throw new ConfigError(lines);
  return deepFreeze(result.value);
}

function uniqueIdProblems(config: ConfigFile): string[] {
  const lines: string[] = [];
  const entityIds = new Map<string, number>();
  const activationIds = new Map<string, string>();
  config.business_entities.forEach((entity, i) => {
    const at = `business_entities[${i}]`;
    const first = entityIds.get(entity.id);
    if (first !== undefined) lines.push(`${at}.id: "${entity.id}" is already the id of business_entities[${first}]`);
    else entityIds.set(entity.id, i);
    lines.push(...entityRuleProblems(entity, `${at}.`, activationIds));
  });
  return lines;
}

/**
 * What a schema cannot say about one business entity: its activation ids are unique (among
 * `activationIds`, lower-case id → where it was seen, which this fills) and it names no
 * (country, model, transaction type) twice. The admin API checks an entity with the same rules.
 */
export function entityRuleProblems(entity: BusinessEntity, prefix: string, activationIds: Map<string, string>): string[] {
  const lines: string[] = [];
  const scenarios = new Set<string>();
  entity.activations.forEach((activation, j) => {
    const here = `${prefix}activations[${j}]`;
    const id = activation.id.toLowerCase();
    const before = activationIds.get(id);
    if (before) lines.push(`${here}.id: "${activation.id}" is already the id of ${before}`);
    else activationIds.set(id, here);
    activation.country_activations.forEach((ca, k) => {
      const scenario = `${ca.country}/${ca.model}/${ca.einvoicing_type}`;
      if (scenarios.has(scenario)) lines.push(`${here}.country_activations[${k}]: ${scenario} is configured twice for this business entity`);
      scenarios.add(scenario);
    });
  });
  return lines;
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
