// FACE's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { activationStatus, faceNetwork as network } from './network.js';
export { examine } from './examine.js';
export { prepareSettings } from './prepare-settings.js';
export { render } from './render.js';
export { FaceSettingsSchema as settingsSchema } from './settings.js';
export { sign } from './sign.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
