import type { CallbackSites, SiteAccess } from '../../src/platform/oauth/callback-sites.js';

/** One fixed callback site with a fixed token (the worker's view of BILLING_URL + BILLING_ACCESS_TOKEN). */
export function staticSite(base: string, token?: string): Pick<CallbackSites, 'access' | 'unauthorized' | 'holdCurrent' | 'held' | 'everyHeld'> {
  const ready: SiteAccess = { kind: 'ready', base, token, oauth: false };
  return {
    held: async () => new Map(),
    everyHeld: () => false,
    access: async () => ready,
    unauthorized: async () => ready,
    holdCurrent: async (_site, reason) => ({ kind: 'held', reason }),
  };
}
