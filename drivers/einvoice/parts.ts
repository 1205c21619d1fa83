import { emailNetwork } from '../../src/driver-kit/networks/email-network.js';

// EINVOICE's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { examine } from './examine.js';
export { render } from './render.js';
export { EinvoiceSettingsSchema as settingsSchema } from './settings.js';
export { transmit } from './transmit.js';
// No buyer answers come back through EINVOICE's networks: what they report is a delivery or a refusal.
export const mapStatus = () => 'IN_PROCESS';
export const readInbound = () => undefined;
export const network = emailNetwork('EINVOICE');
