// NEMHANDEL's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { activationStatus } from './activation.js';
export { buyerResponse } from './buyer-response.js';
export { examine } from './examine.js';
export { nemhandelNetwork as network } from './network.js';
export { render } from './render.js';
export { NemhandelSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
