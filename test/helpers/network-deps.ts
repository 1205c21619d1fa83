import type { NetworkInbox } from '../../src/spi/driver.js';

/** A network's inbox for tests of networks that receive no pushes: empty, keeps nothing. */
export const NO_INBOX: NetworkInbox = { add: async () => false, of: async () => [], sent: async () => false };
