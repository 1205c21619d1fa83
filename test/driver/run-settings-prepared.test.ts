import { expect } from 'chai';
import { drivers } from '../../drivers/index.js';
import { ksefDriver } from '../../drivers/ksef/index.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { RunSettings } from '../../src/driver-kit/run-settings.js';
import type { EntityDriverSettings } from '../../src/platform/directory/directory.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';

// What RunSettings prepared from entities' own driver settings is kept per version (issue 43) and
// bounded by the directory (issue 45): once a snapshot no longer holds an entity's settings, what
// was prepared from them (their secrets in it) leaves the process, asked for or not.

/** RunSettings' prepared settings, as `driver entity` (private: the bound is what is tested). */
const preparedOf = (r: RunSettings) => [...(r as unknown as { prepared: Map<string, unknown> }).prepared.keys()].map((k) => k.replace('\u0000', ' ')).sort();

/** A directory snapshot holding `rows` (entity → its KSEF settings), as RunSettings reads one. */
function snapshot(entities: readonly string[]): { driverSettings(entityId: string, driverId: string): EntityDriverSettings | undefined } {
  const own = (entityId: string): EntityDriverSettings => ({ version: 7, updatedAt: '2026-11-26T08:00:00.000Z', shown: {}, settings: { entities: { [entityId]: { nip: '5260250274', token: `token of ${entityId}` } } } });
  return { driverSettings: (entityId, driverId) => (driverId === 'KSEF' && entities.includes(entityId) ? own(entityId) : undefined) };
}

describe('the driver settings prepared for entities', () => {
  it('keeps one per entity with settings in the directory, and lets go of those the directory no longer holds at its next snapshot', () => {
    const config = loadAdapterConfig(FIXTURE_CONFIG, createRegistry(drivers));
    let current = snapshot(['api-pl-1', 'api-pl-2', 'api-pl-3']);
    const run = new RunSettings(config, () => current);
    for (const id of ['api-pl-1', 'api-pl-2', 'api-pl-3']) expect(run.ownOf(ksefDriver, id)?.version).to.equal('api:7');
    expect(preparedOf(run)).to.deep.equal(['KSEF api-pl-1', 'KSEF api-pl-2', 'KSEF api-pl-3']);

    // Two entities' settings removed; only the third entity's documents are asked about.
    current = snapshot(['api-pl-2']);
    expect(run.ownOf(ksefDriver, 'api-pl-2')?.version).to.equal('api:7');
    expect(preparedOf(run)).to.deep.equal(['KSEF api-pl-2']);
    expect(run.ownOf(ksefDriver, 'api-pl-1')).to.equal(undefined);
  });
});
