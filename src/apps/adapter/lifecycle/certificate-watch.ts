import type { Logger } from '../../../lib/log.js';
import type { BusinessEntity } from '../../../spi/business-entity.js';
import { driverId, type Driver } from '../../../spi/driver.js';
import { expiring } from '../../../driver-kit/entity-certificates.js';
import type { RunSettings } from '../../../driver-kit/run-settings.js';
import { siteName } from '../../../lib/log-context.js';

// Expiry you can see coming (issue 43): at start and then once a day, a line at warn for each
// certificate of a live business entity (uploaded, or named by the configuration file) that ends
// within 30 days or has ended, until it is replaced. The activation says the same to the platform.

const DAY_MS = 86_400_000;

export interface CertificateWatchDeps {
  runSettings: Pick<RunSettings, 'certificatesOf'>;
  drivers: readonly Driver[];
  /** The live business entities now. */
  entities: () => readonly BusinessEntity[];
  /** The merchant that has an entity now (undefined: the operator's own): the site named on the line, whose documents it holds up. */
  ownerOf?: (entityId: string) => string | undefined;
  /** Reloads what `entities` reads (a certificate replaced on another instance). */
  refresh?: () => Promise<unknown>;
  clock: () => Date;
  logger: Logger;
  intervalMs?: number;
}

export class CertificateWatch {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: CertificateWatchDeps) {}

  start(): this {
    void this.look();
    this.timer = setInterval(() => void this.look(), this.deps.intervalMs ?? DAY_MS);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One look: a warn per expiring certificate (the count, for tests). */
  async look(): Promise<number> {
    const { logger } = this.deps;
    try {
      await this.deps.refresh?.();
      const now = this.deps.clock();
      let seen = 0;
      for (const entity of this.deps.entities()) {
        for (const driver of this.deps.drivers.filter((d) => d.entityCertificates)) {
          for (const c of expiring(this.deps.runSettings.certificatesOf(driver, entity.id), now)) {
            seen++;
            const ended = Date.parse(c.facts.not_after) <= now.getTime();
            const code = ended ? 'CERTIFICATE_EXPIRED' : 'CERTIFICATE_EXPIRES_SOON';
            logger.warn(
              { code, error_code: code, business_entity_id: entity.id, driver: driverId(driver), site: siteName(this.deps.ownerOf?.(entity.id) ?? ''), certificate: c.path, subject: c.facts.subject, fingerprint: c.facts.fingerprint, not_after: c.facts.not_after, days_left: c.daysLeft },
              ended ? 'a business entity\'s certificate has expired: replace it' : 'a business entity\'s certificate expires soon: replace it',
            );
          }
        }
      }
      return seen;
    } catch (err) {
      logger.error({ err }, 'the certificate watch could not look at the certificates');
      return 0;
    }
  }
}
