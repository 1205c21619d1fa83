import type { X509Certificate } from 'node:crypto';
import type { NetworkCalls } from '../../../spi/network-calls.js';
import { LookupCache } from './lookup-cache.js';
import { PEPPOL_AS4_V2, type LookupOutcome } from './lookup-outcome.js';
import { smpUrlOf, systemResolver, type NaptrResolver } from './naptr-lookup.js';
import { participantDnsName } from './participant-dns-name.js';
import { fetchEndpoint } from './smp-client.js';

// A receiver's access point, the way a Peppol sender finds it: the participant's DNS name in the
// SML zone, its U-NAPTR record for the SMP, the SMP's signed metadata for the document type, the
// endpoint of the process and transport profile. Shared by PEPPOL and NEMHANDEL (their SML zones,
// trust anchors and transport profiles are options, not code).

export interface ReceiverLookupOptions {
  /** The SML's DNS zone, e.g. participant.sml.prod.tech.peppol.org. */
  smlZone: string;
  smpTrustAnchors: readonly X509Certificate[];
  transportProfile?: string;
  timeoutMs?: number;
  /** How long a found endpoint is kept at most. */
  cacheTtlMs?: number;
  cacheEntries?: number;
  resolver?: NaptrResolver;
  clock?: () => Date;
  /** Tests only: accept http:// SMP addresses. */
  allowHttp?: boolean;
  /** The network's call metrics: each lookup by where it was answered (the cache, or SML and SMP), each SMP request as `smp_lookup`. */
  calls?: NetworkCalls | undefined;
}

export interface ReceiverLookup {
  lookup(participantId: string, documentTypeId: string, processId: string): Promise<LookupOutcome>;
}

export function receiverLookup(options: ReceiverLookupOptions): ReceiverLookup {
  const cache = new LookupCache(options.cacheEntries ?? 1000, options.cacheTtlMs ?? 60 * 60 * 1000);
  const clock = options.clock ?? (() => new Date());
  const resolver = options.resolver ?? systemResolver;
  const transportProfile = options.transportProfile ?? PEPPOL_AS4_V2;
  const client = { trustAnchors: options.smpTrustAnchors, timeoutMs: options.timeoutMs ?? 10_000, allowHttp: options.allowHttp, meter: options.calls?.meter('smp_lookup') };
  return {
    async lookup(participantId, documentTypeId, processId) {
      const now = clock();
      const key = LookupCache.key(participantId, documentTypeId, processId);
      const cached = cache.get(key, now);
      options.calls?.lookup(cached ? 'cache' : 'network');
      if (cached) return { kind: 'FOUND', endpoint: cached };
      const smp = await smpUrlOf(participantDnsName(participantId, options.smlZone), resolver);
      if ('kind' in smp) return smp;
      const found = await fetchEndpoint(smp.url, { participantId, documentTypeId, processId, transportProfile, now }, client);
      if ('kind' in found) return found;
      cache.set(key, found, now);
      return { kind: 'FOUND', endpoint: found };
    },
  };
}
