// PEPPOL's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { buyerResponse } from './buyer-response.js';
export { examine } from './examine.js';
export { activationStatus, peppolNetwork as network } from './network.js';
export { render } from './render.js';
export { PeppolSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
