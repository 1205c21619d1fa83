import { expect } from 'chai';
import { drivers } from '../../drivers/index.js';
import type { DriverParts, OptionalPart } from '../../src/driver-kit/driver-on-first-use.js';
import { driverFolder, driverId } from '../../src/spi/driver.js';

const OPTIONAL: readonly OptionalPart[] = ['prepareSettings', 'sign', 'buyerResponse', 'sequence', 'chain', 'network', 'activationStatus'];

describe('drivers: a description, and working parts loaded on first use', () => {
  for (const driver of drivers) {
    it(`${driverId(driver)} says exactly which optional parts its parts.ts has`, async () => {
      const parts = (await import(`../../drivers/${driverFolder(driver)}/parts.js`)) as DriverParts;
      for (const name of OPTIONAL) expect(name in driver, `${driverId(driver)}.${name}`).to.equal(parts[name] !== undefined);
      // The description's members answer from the same parts: the schema is the module's own object.
      expect(driver.settingsSchema).to.equal(parts.settingsSchema);
    });
  }
});
