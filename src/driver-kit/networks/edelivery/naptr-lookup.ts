import { promises as dns } from 'node:dns';
import { notRegistered, smpUnavailable, type LookupOutcome } from './lookup-outcome.js';

// The SMP's address from the SML's U-NAPTR records (Peppol SML 1.3.0, which profiles OASIS BDXL
// 1.0 and RFC 4848): of the records at the participant's name, those with service "Meta:SMP"
// and the terminal flag "U", in order then preference; the regexp of a U-NAPTR record is
// `!^.*$!<URI>!` (any delimiter), and the URI is the SMP's base. The older CNAME form
// (B-<md5>) was retired on 31 October 2025 and is not read.

export interface NaptrRecord {
  flags: string;
  service: string;
  regexp: string;
  replacement: string;
  order: number;
  preference: number;
}

/** The DNS the lookup asks; node:dns by default, a stub in tests. */
export interface NaptrResolver {
  resolveNaptr(name: string): Promise<NaptrRecord[]>;
}

export const systemResolver: NaptrResolver = { resolveNaptr: (name) => dns.resolveNaptr(name) };

export const META_SMP = 'Meta:SMP';

// Answers that mean the name does not exist or holds no NAPTR record: the participant is not
// registered in this SML. Every other failure (timeout, SERVFAIL, refused) says nothing about it.
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** The URI a U-NAPTR regexp yields, or undefined when it is not the `^.*$` form RFC 4848 allows. */
export function uNaptrUri(regexp: string): string | undefined {
  const delimiter = regexp[0];
  if (!delimiter || /[\\\di]/.test(delimiter)) return undefined;
  const parts = regexp.split(delimiter);
  // ['', ERE, URI, flags]
  if (parts.length !== 4 || parts[0] !== '' || parts[1] !== '^.*$' || parts[3] !== '' || !parts[2]) return undefined;
  return parts[2];
}

/** The SMP base URL of the participant whose DNS name is given, or why there is none. */
export async function smpUrlOf(dnsName: string, resolver: NaptrResolver): Promise<{ url: string } | LookupOutcome> {
  let records: NaptrRecord[];
  try {
    records = await resolver.resolveNaptr(dnsName);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (ABSENT.has(code)) return notRegistered(`no NAPTR record at ${dnsName} (${code})`);
    return smpUnavailable(`the DNS did not answer for ${dnsName}: ${code || (err instanceof Error ? err.message : String(err))}`);
  }
  const urls = records
    .filter((r) => r.flags.toUpperCase() === 'U' && r.service.toLowerCase() === META_SMP.toLowerCase())
    .sort((a, b) => a.order - b.order || a.preference - b.preference)
    .map((r) => uNaptrUri(r.regexp))
    .filter((u): u is string => !!u);
  return urls[0] ? { url: urls[0] } : notRegistered(`no U-NAPTR record for ${META_SMP} at ${dnsName}`);
}
