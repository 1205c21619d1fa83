import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FIXTURE_CONFIG } from './fixtures.js';

// Entities onboarded through the admin API (issue 43): the fixtures' driver settings without any
// entity's own, and the fixtures' entities as an operator posts them.

const FIXTURE = parse(readFileSync(FIXTURE_CONFIG, 'utf8')) as { business_entities: Record<string, any>[]; drivers: Record<string, any> };

/** The fixtures' entity under another id: what an operator posts. */
export const entityLike = (id: string, newId: string) => ({ ...FIXTURE.business_entities.find((e) => e.id === id)!, id: newId });

/** `<dir>/config.json`: the fixtures' driver settings without their entities' (the file names one German seller only: it must name one). */
export function configWithoutEntities(dir: string): string {
  const drivers = structuredClone(FIXTURE.drivers);
  for (const settings of Object.values(drivers)) for (const slot of ['entities', 'certificates', 'email']) delete (settings as Record<string, unknown>)[slot];
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ business_entities: FIXTURE.business_entities.filter((e) => e.id === 'example-seller'), drivers }));
  return file;
}
