import type { NetworkInbox } from '../../src/driver/types.js';

/** A network's inbox for tests of networks that receive no pushes: empty, keeps nothing. */
export const NO_INBOX: NetworkInbox = { add: async () => false, of: async () => [], sent: async () => false };
