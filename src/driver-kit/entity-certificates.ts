import type { CertificateFacts } from '../platform/crypto/certificate-facts.js';
import { certificateFacts } from '../platform/crypto/certificate-facts.js';
import { readCertificateFiles, type CertificateFiles, type CertificateSettings } from '../platform/crypto/certificate-settings.js';
import { valueAt } from '../lib/values-at.js';
import type { Driver } from '../spi/driver.js';
import type { EntitySlice } from './entity-settings.js';

// The certificates among an entity's settings for a driver (Driver.entityCertificates), and how
// close each is to its end: what the admin API shows, what the activation says and what the
// adapter warns about each day (issue 43), for certificates the file names as for uploaded ones.

/** Within this many days of its end, a certificate is said to expire soon. */
export const EXPIRY_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Each certificate the driver declares that the slice holds or names: its path, its use, and its files read (or the problems, each naming its setting under `at`). */
export function certificateFilesIn(driver: Driver, slice: EntitySlice, configDir: string, at?: string): { path: string; usage: 'signing' | 'tls'; files: CertificateFiles | string[] }[] {
  return Object.entries(driver.entityCertificates ?? {}).flatMap(([path, usage]) => {
    const entry = valueAt(slice, path) as CertificateSettings | undefined;
    return entry === undefined ? [] : [{ path, usage, files: readCertificateFiles(at ? `${at}.${path}` : path, entry, configDir) }];
  });
}

/** The facts of each certificate the slice holds or names, by its path; one that cannot be read here is left out (the start or the PUT said why). */
export function certificatesIn(driver: Driver, slice: EntitySlice, configDir: string, at: string): Record<string, CertificateFacts> {
  const facts: Record<string, CertificateFacts> = {};
  for (const { path, files } of certificateFilesIn(driver, slice, configDir, at)) {
    if (Array.isArray(files)) continue;
    try {
      facts[path] = certificateFacts(files);
    } catch {
      // Unreadable here (a passphrase in another process's environment): not a fact to show.
    }
  }
  return facts;
}

export interface ExpiringCertificate {
  path: string;
  facts: CertificateFacts;
  /** Whole days left (negative once expired). */
  daysLeft: number;
}

/** The certificates that end within EXPIRY_NOTICE_DAYS of `now`, or have ended. */
export function expiring(certificates: Readonly<Record<string, CertificateFacts>>, now: Date): ExpiringCertificate[] {
  return Object.entries(certificates)
    .map(([path, facts]) => ({ path, facts, daysLeft: Math.floor((Date.parse(facts.not_after) - now.getTime()) / DAY_MS) }))
    .filter((c) => c.daysLeft < EXPIRY_NOTICE_DAYS);
}

/** What the activation says of one, naming where to replace it. */
export function expiryMessage(driver: string, entityId: string, c: ExpiringCertificate, now: Date): string {
  const when = c.facts.not_after.slice(0, 10);
  const replace = `replace it (PUT /admin/business-entities/${entityId}/drivers/${driver}, or the configuration file where it names it)`;
  return Date.parse(c.facts.not_after) <= now.getTime()
    ? `${driver}: the certificate ${c.facts.subject} (${c.path}) expired on ${when}; ${replace}.`
    : `${driver}: the certificate ${c.facts.subject} (${c.path}) expires on ${when}, in ${c.daysLeft} day(s); ${replace}.`;
}
