import type { NetworkInbox, ReceivedMessages } from '../../src/spi/driver.js';

/** A network's inbox for tests of networks that receive no pushes: empty, keeps nothing. */
export const NO_INBOX: NetworkInbox = { add: async () => false, of: async () => [], sent: async () => false };

/** Received messages for tests of networks that receive none: keeps nothing. */
export const NO_RECEIVED: ReceivedMessages = {
  keep: async (message) => ({ stored: message, isNew: true }),
  get: async () => undefined,
  list: async () => ({ items: [] }),
};
