// SDI's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { examine } from './examine.js';
export { activationStatus, sdiNetwork as network } from './network.js';
export { render } from './render.js';
export { SdiSettingsSchema as settingsSchema } from './settings.js';
export { prepareSettings, sign } from './sign.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';
export { sequence } from './transmission-file.js';
