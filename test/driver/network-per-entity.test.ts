import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { addEntity, removeEntity } from '../../src/platform/directory/entity-admin.js';
import { Directory } from '../../src/platform/directory/directory.js';
import { directoryLookup } from '../../src/platform/directory/entity-lookup.js';
import type { Store } from '../../src/platform/store/store.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { TransportError, type OutboundMessage, type SendReceipt, type Tracking } from '../../src/spi/transport.js';
import { networkPerEntity, type EntityTransport } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { germanEntity } from '../helpers/merchants.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// The network every driver with per-entity credentials configures (KSEF, NAV, FACE, SDI,
// VERIFACTU, CTC_FR, the e-mail network), driven here by a small driver of the test's own: its
// "real service" is reached with a token file per entity, its simulator is counted. The entities
// are a real directory on a real store, changed at run time as the admin API changes them.

const AT = 'drivers.TEST';

interface TestSettings {
  environment?: 'test' | 'production';
  entities?: Record<string, { token_file: string }>;
}

/** What a transport of the test network was made with, and what its close waits for. */
class RecordingTransport implements EntityTransport {
  closed = false;
  private flight: Promise<void> = Promise.resolve();
  constructor(
    readonly name: string,
    readonly entityId: string,
  ) {}
  async send(_m: OutboundMessage): Promise<SendReceipt> {
    return { messageId: `${this.name}:${this.entityId}`, payload: {}, references: [] };
  }
  async track(): Promise<Tracking> {
    return { events: [], done: true };
  }
  /** A request on its way, answered when `finish` is called. */
  inFlight(): () => void {
    let finish!: () => void;
    this.flight = new Promise((resolve) => (finish = resolve));
    return finish;
  }
  async close(): Promise<void> {
    await this.flight;
    this.closed = true;
  }
}

describe('a network per business entity (src/driver-kit/networks/network-per-entity.ts)', () => {
  let store: Store;
  let directory: Directory;
  let configDir: string;
  let simulatorsMade: number;
  let opened: { closed: boolean }[];
  const now = new Date('2026-03-01T10:00:00Z');

  beforeEach(async () => {
    const dataDir = tempDir('network-per-entity-');
    configDir = tempDir('network-per-entity-config-');
    store = await openTestStore(dataDir);
    await addEntity(store, germanEntity('with-token', 'DE111111111'), now);
    await addEntity(store, germanEntity('without-token', 'DE222222222'), now);
    directory = await Directory.open(store);
    simulatorsMade = 0;
    opened = [];
  });
  afterEach(async () => {
    await store.close();
  });

  /** The test driver's network: the token read at start, a connection kept per entity, the simulator counted. */
  const start = (settings: TestSettings, entities: EntityLookup = directoryLookup(directory), entitySettings?: NetworkDeps['entitySettings']): DriverNetwork =>
    networkPerEntity<TestSettings, { token_file: string }, { via: string; token: string }, { name: string }>(settings, entities, { configDir, ...(entitySettings && { entitySettings }) }, ({ files, keep }, settings) => ({
      credentials: {
        at: `${AT}.entities`,
        entries: Object.entries(settings.entities ?? {}),
        read(entry, _entity, at) {
          const token = files.secret(`${at}.token_file`, entry.token_file);
          if (!token) return undefined;
          opened.push(keep({ closed: false, close() { this.closed = true; } }));
          return { via: 'service', token };
        },
      },
      simulator: {
        make: () => (simulatorsMade++, { name: 'sandbox' }),
        accessOf: (sim) => ({ via: sim.name, token: 'sandbox-token' }),
      },
      transport: (access, entity: BusinessEntity) => new RecordingTransport(`${access.via}/${access.token}`, entity.id),
    }));

  it('gives an entity added at run time a transport of the simulator, and a removed one keeps travelling', async () => {
    writeFileSync(join(configDir, 'token'), 'secret-token\n');
    const network = start({ entities: { 'with-token': { token_file: 'token' } } });
    try {
      expect(network.transportFor('added-later')).to.equal(undefined);
      // The admin API adds an entity; the next request reads the directory again.
      await addEntity(store, germanEntity('added-later', 'DE333333333'), now);
      await directory.refresh();
      const added = network.transportFor('added-later') as RecordingTransport;
      expect([added.name, added.entityId]).to.deep.equal(['sandbox/sandbox-token', 'added-later']);
      expect(network.transportFor('added-later'), 'made once, then the same').to.equal(added);
      expect((network.transportFor('without-token') as RecordingTransport).name).to.equal('sandbox/sandbox-token');
      expect(simulatorsMade, 'one simulator for every entity without credentials').to.equal(1);
      // Removed before its first document went: its documents still travel, with its own credentials.
      await removeEntity(store, 'with-token', now);
      await directory.refresh();
      expect((network.transportFor('with-token') as RecordingTransport).name).to.equal('service/secret-token');
    } finally {
      await network.close();
    }
  });

  it('stops the start with a ConfigError naming the setting of every file it cannot read, and closes what it opened', () => {
    writeFileSync(join(configDir, 'good-token'), 'secret-token');
    writeFileSync(join(configDir, 'empty-token'), '\n');
    let failure: unknown;
    try {
      start({ entities: { 'with-token': { token_file: 'good-token' }, 'without-token': { token_file: 'missing-token' }, nobody: { token_file: 'empty-token' } } });
    } catch (err) {
      failure = err;
    }
    expect(failure).to.be.instanceOf(ConfigError);
    expect((failure as ConfigError).lines).to.deep.equal([
      `${AT}.entities.without-token.token_file: cannot read ${join(configDir, 'missing-token')}: ENOENT`,
      `${AT}.entities.nobody: no business entity has this id (known: with-token, without-token)`,
    ]);
    expect(opened.map((o) => o.closed), 'the connection opened for with-token').to.deep.equal([true]);
    writeFileSync(join(configDir, 'missing-token'), '  \n');
    expect(() => start({ entities: { 'without-token': { token_file: 'missing-token' } } })).to.throw(ConfigError).with.property('lines').that.deep.equals([`${AT}.entities.without-token.token_file: the file is empty`]);
  });

  it('closes after the transports’ requests in flight, then what the start opened', async () => {
    writeFileSync(join(configDir, 'token'), 'secret-token');
    const network = start({ entities: { 'with-token': { token_file: 'token' } } });
    const transport = network.transportFor('with-token') as RecordingTransport;
    const finish = transport.inFlight();
    let closed = false;
    const closing = network.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([closed, transport.closed, opened[0]!.closed]).to.deep.equal([false, false, false]);
    finish();
    await closing;
    expect([transport.closed, opened[0]!.closed]).to.deep.equal([true, true]);
  });

  it('makes an entity\'s transport from its own settings, again when their version moves (the one before closed after its requests, with what its version opened); settings that cannot be used wait', async () => {
    writeFileSync(join(configDir, 't1'), 'token-1');
    writeFileSync(join(configDir, 't2'), 'token-2');
    let own: { settings: TestSettings; version: string; problem?: string } | undefined = { settings: { entities: { 'with-token': { token_file: 't1' } } }, version: 'api:1' };
    const network = start({}, directoryLookup(directory), (id) => (id === 'with-token' ? own : undefined));
    const first = network.transportFor('with-token') as RecordingTransport;
    expect(first.name).to.equal('service/token-1');
    expect(network.transportFor('with-token')).to.equal(first);
    const finish = first.inFlight();
    own = { settings: { entities: { 'with-token': { token_file: 't2' } } }, version: 'api:2' };
    const second = network.transportFor('with-token') as RecordingTransport;
    expect(second.name).to.equal('service/token-2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([first.closed, opened[0]!.closed]).to.deep.equal([false, false]);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([first.closed, opened[0]!.closed, opened[1]!.closed]).to.deep.equal([true, true, false]);
    // Its secrets do not open here: its documents wait (a transient error), never the simulator.
    own = { settings: {}, version: 'api:3', problem: 'its secrets do not open with this instance\'s sealing keys' };
    const held = network.transportFor('with-token')!;
    const message = { documentId: 'd', model: 'TEST', documentType: 't', mimeType: 'application/xml', sender: { scheme: 's', id: '1' }, receiver: { scheme: 's', id: '2' }, content: '<x/>' } as OutboundMessage;
    const err = await held.send(message, { now, attempt: 1 }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(TransportError).and.include({ permanent: false });
    expect((err as Error).message).to.contain('its secrets do not open');
    expect(simulatorsMade).to.equal(0);
    // Its own settings removed: the file's, which give it none, so the simulator.
    own = undefined;
    expect((network.transportFor('with-token') as RecordingTransport).name).to.equal('sandbox/sandbox-token');
    await network.close();
    expect([second.closed, opened[1]!.closed]).to.deep.equal([true, true]);
  });

  describe('the activation until production (src/driver-kit/networks/pending-until-production.ts)', () => {
    const activationStatus = pendingUntilProduction<TestSettings>(
      'TEST',
      (entity, settings) => (settings.entities?.[entity.id] ? undefined : `no token is configured (${AT}.entities.${entity.id}.token_file)`),
      (_entity, settings) => ((settings.environment ?? 'test') === 'production' ? undefined : `its documents go to the test environment`),
    );
    const entity = germanEntity('with-token', 'DE111111111') as unknown as BusinessEntity;
    const completed = { code: 'COMPLETED' as const };

    it('is PENDING, saying what is missing, until the entity has credentials for production; then the configured COMPLETED', () => {
      expect(activationStatus(entity, {}, completed)).to.deep.equal({ code: 'PENDING', message: `TEST: no token is configured (${AT}.entities.with-token.token_file)` });
      const credentials = { entities: { 'with-token': { token_file: 'token' } } };
      expect(activationStatus(entity, credentials, completed)).to.deep.equal({ code: 'PENDING', message: 'TEST: its documents go to the test environment' });
      expect(activationStatus(entity, { ...credentials, environment: 'production' }, completed)).to.equal(completed);
    });

    it('leaves a status that was not COMPLETED as configured', () => {
      const failed = { code: 'FAILED' as const, message: 'refused by the platform' };
      expect(activationStatus(entity, {}, failed)).to.equal(failed);
    });
  });
});
