// CTC_FR's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { activationStatus, ctcFrNetwork as network } from './network.js';
export { examine } from './examine.js';
export { render } from './render.js';
export { CtcFrSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
