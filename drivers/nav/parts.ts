// NAV's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { examine } from './examine.js';
export { activationStatus, navNetwork as network } from './network.js';
export { chain, render } from './render.js';
export { NavSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
