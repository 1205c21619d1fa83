import { Resolver } from 'node:dns/promises';
import { X509Certificate, type KeyObject } from 'node:crypto';
import type { SettingsFiles } from '../../../platform/config/settings-files.js';
import { loadSigningIdentity } from '../../../platform/crypto/signing-identity.js';
import type { AccessPointSettings } from './access-point-settings.js';
import type { EdeliveryProfile } from './edelivery-profile.js';
import { systemResolver, type NaptrResolver } from './naptr-lookup.js';

// The operator's access point on one eDelivery network, read once at start from
// `drivers.<id>.access_point`: its key and certificate (which sign what it sends, decrypt what it
// receives, and whose CN is its seat id in eb:PartyInfo), the CAs it trusts, and where it looks
// receivers up. Every problem is a line naming its setting; the caller stops the start with all.

export const DEFAULT_TIMEOUT_SECONDS = 60;

export interface AccessPoint {
  readonly profile: EdeliveryProfile;
  readonly privateKey: KeyObject;
  /** PKCS#8 PEM of the key, as xml-crypto signs with it (kept in memory only, never logged). */
  readonly privateKeyPem: string;
  readonly certificate: X509Certificate;
  /** The access point's id on the network: its certificate's CN (Peppol: the seat id, `PDK000123`). */
  readonly seatId: string;
  /** The seat id as the right-hand side of the message ids this access point makes (`…@pop000001`). */
  readonly host: string;
  readonly apAnchors: readonly X509Certificate[];
  readonly smpAnchors: readonly X509Certificate[];
  readonly smlZone: string;
  readonly resolver: NaptrResolver;
  readonly timeoutMs: number;
  readonly cacheEntries: number | undefined;
  readonly allowHttp: boolean;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM file, or a problem. */
export function readPemCertificates(at: string, file: string, files: SettingsFiles): X509Certificate[] | undefined {
  const pem = files.bytes(at, file)?.toString('utf8');
  if (pem === undefined) return undefined;
  try {
    const found = (pem.match(PEM_CERTIFICATE) ?? []).map((block) => new X509Certificate(block));
    return found.length > 0 ? found : files.problem(`${at}: ${file} holds no PEM certificate`);
  } catch (err) {
    return files.problem(`${at}: ${file} holds a certificate that cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The common name of a certificate's subject, if it has one. */
export function commonName(certificate: X509Certificate): string | undefined {
  return certificate.subject.split('\n').find((rdn) => rdn.startsWith('CN='))?.slice(3);
}

/** The access point `settings` describe, or undefined with its problems recorded in `files`. */
export function loadAccessPoint(at: string, settings: AccessPointSettings, profile: EdeliveryProfile, files: SettingsFiles): AccessPoint | undefined {
  const identity = loadSigningIdentity(`${at}.certificate`, settings.certificate, files.configDir);
  if (Array.isArray(identity)) files.problem(...identity);
  const apAnchors = readPemCertificates(`${at}.ap_ca_file`, settings.ap_ca_file, files);
  const smpAnchors = readPemCertificates(`${at}.smp_ca_file`, settings.smp_ca_file, files);
  if (Array.isArray(identity) || !apAnchors || !smpAnchors) return undefined;
  const seatId = commonName(identity.certificate);
  if (!seatId) return files.problem(`${at}.certificate: the certificate's subject has no CN, which names the access point (its seat id) on the network`);
  if (!apAnchors.some((ca) => identity.certificate.checkIssued(ca) && identity.certificate.verify(ca.publicKey))) {
    files.problem(`${at}.certificate: the access point's certificate is not issued by a CA of ${at}.ap_ca_file, so other access points would refuse what it signs`);
  }
  let resolver: NaptrResolver = systemResolver;
  if (settings.dns_servers) {
    const own = new Resolver({ timeout: 5_000, tries: 2 });
    try {
      own.setServers(settings.dns_servers);
      resolver = own;
    } catch (err) {
      files.problem(`${at}.dns_servers: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return {
    profile,
    privateKey: identity.privateKey,
    privateKeyPem: identity.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: identity.certificate,
    seatId,
    host: seatId.toLowerCase().replace(/[^a-z0-9.-]/g, '-'),
    apAnchors,
    smpAnchors,
    smlZone: settings.sml_zone ?? profile.smlZones[settings.environment ?? 'test'],
    resolver,
    timeoutMs: (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    cacheEntries: settings.lookup_cache_entries,
    allowHttp: settings.allow_http ?? false,
  };
}
