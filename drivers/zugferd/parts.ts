import { emailNetwork } from '../../src/driver-kit/networks/email-network.js';

// ZUGFERD's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { examine } from './examine.js';
export { prepareSettings } from './prepare-settings.js';
export { render } from './render.js';
export { ZugferdSettingsSchema as settingsSchema } from './settings.js';
export { transmit } from './transmit.js';
// No buyer answers come back by e-mail: what the network reports is a delivery or a refusal.
export const mapStatus = () => 'IN_PROCESS';
export const readInbound = () => undefined;
export const network = emailNetwork('ZUGFERD');
