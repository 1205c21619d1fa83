import { expect } from 'chai';
import { HealthReportSchema } from '../../src/apps/adapter/schemas/responses.js';
import { version } from '../../src/lib/paths.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { bodyOf, expectShape } from '../helpers/shape.js';
import { breakStore } from '../helpers/store-sql.js';
import { healthReport } from '../../src/apps/adapter/services/health.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { metadataDriver } from '../helpers/metadata-driver.js';
import { createLogger } from '../../src/lib/log.js';

describe('GET /health', () => {
  let adapter: TestAdapter;
  beforeEach(async () => {
    adapter = await startTestAdapter();
  });
  afterEach(() => adapter.close());

  it('answers 200 UP with the database, drivers and callbacks components, without credentials', async () => {
    const res = await adapter.call('/health', { key: null });
    expect(res.status).to.equal(200);
    const body = await bodyOf(res);
    expectShape(HealthReportSchema, body);
    expect(body.status).to.equal('UP');
    expect(body.version).to.equal(version);
    expect(body.components.map((c: { id: string; type: string; status: string }) => [c.id, c.type, c.status])).to.deep.equal([
      ['database', 'DATABASE', 'UP'],
      ['drivers', 'ADAPTER', 'UP'],
      ['callbacks', 'API', 'UP'],
    ]);
    expect(body.components[0].description).to.equal(`Schema version ${adapter.runtime.store.migration.version}.`);
    // Drivers by id, with their model and countries: KSEF and SDI share the model CLEARANCE.
    expect(body.components[1].description).to.equal(
      'Registered: PEPPOL (PEPPOL, any), VERIFACTU (VERIFACTU, ES), EINVOICE (EINVOICE, any), ZUGFERD (ZUGFERD, any), KSEF (CLEARANCE, PL), SDI (CLEARANCE, IT), FACE (FACE, ES), NEMHANDEL (NEMHANDEL, DK), CTC_FR (CTC, FR), NAV (REPORTING, HU).',
    );
    expect(body.components[0].name).to.equal(adapter.runtime.store.kind === 'sqlite' ? 'Adapter database (SQLite)' : 'Adapter database (PostgreSQL)');
    expect(Date.parse(body.time)).to.be.closeTo(Date.now(), 5000);
  });

  it('answers 503 with the same shape and status DOWN when the database cannot be used', async () => {
    await breakStore(adapter.runtime.store);
    const res = await adapter.call('/health', { key: null });
    expect(res.status).to.equal(503);
    const body = await bodyOf(res);
    expectShape(HealthReportSchema, body);
    expect(body.status).to.equal('DOWN');
    const db = body.components.find((c: { id: string }) => c.id === 'database');
    expect(db).to.include({ status: 'DOWN', type: 'DATABASE', description: 'The database cannot be used.' });
    expect(body.description).to.contain(adapter.runtime.store.kind === 'sqlite' ? 'Adapter database (SQLite)' : 'Adapter database (PostgreSQL)');
    expect(adapter.logs.some((l) => l.msg === 'health: database check failed' && l.level === 'error')).to.equal(true);
  });

  it('names as many drivers as the SPI\'s 250 characters hold, and counts the rest', async () => {
    const countries = ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PT', 'PL', 'CZ', 'SK', 'HU', 'SI', 'HR', 'RO', 'BG', 'GR', 'CY', 'MT', 'LU', 'IE', 'DK', 'SE', 'FI', 'EE', 'LV', 'LT', 'NO', 'CH', 'GB'];
    const many = createRegistry(
      countries.map((country, i) => metadataDriver({ id: `DRIVER_${i}`, model: 'EINVOICE', title: `Driver ${i}`, countries: [country], transactionTypes: ['B2B'], documentTypes: ['ubl-invoice'], fields: [] })),
    );
    const report = await healthReport({ store: adapter.runtime.store, drivers: many, version, clock: () => new Date(), logger: createLogger('silent') });
    const drivers = report.components.find((c) => c.id === 'drivers')!;
    expect(drivers.description!.length).to.be.at.most(250);
    expect(drivers.description).to.match(/^Registered: DRIVER_0 \(EINVOICE, DE\), DRIVER_1 \(EINVOICE, FR\), .* and \d+ more\.$/);
    expectShape(HealthReportSchema, report);
  });
});
