// VERIFACTU's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.
// The store's writer thread loads this module for `chain` (Driver.partsUrl).

export { examine } from './examine.js';
export { activationStatus, verifactuNetwork as network } from './network.js';
export { chain, render } from './render.js';
export { VerifactuSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
