import { expect } from 'chai';
import { CertificateWatch } from '../../src/apps/adapter/lifecycle/certificate-watch.js';
import type { CertificateFacts } from '../../src/platform/crypto/certificate-facts.js';
import { createLogger } from '../../src/lib/log.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { Driver } from '../../src/spi/driver.js';
import { eventually } from '../helpers/lifecycle.js';

// The daily look at certificates (issue 43): a warn per certificate that ends within 30 days, each
// time it looks, until the certificate is replaced; the interval shortened here to a day's stand-in.

const facts = (notAfter: string): CertificateFacts => ({ fingerprint: 'AB:CD', subject: 'CN=proveedor', issuer: 'CN=CA', not_before: '2026-01-01T00:00:00.000Z', not_after: notAfter });

describe('the certificate watch', () => {
  it('warns at each look of a certificate that ends within 30 days or has ended, and stops once it is replaced', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('debug', { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
    let certificates: Record<string, CertificateFacts> = { certificate: facts('2026-12-06T00:00:00.000Z') };
    const face = { id: 'FACE', model: 'FACE', entityCertificates: { certificate: 'signing' } } as unknown as Driver;
    const peppol = { id: 'PEPPOL', model: 'PEPPOL' } as unknown as Driver;
    const watch = new CertificateWatch({
      runSettings: { certificatesOf: (driver) => (driver === face ? certificates : {}) },
      drivers: [face, peppol],
      entities: () => [{ id: 'empresa' } as BusinessEntity],
      clock: () => new Date('2026-11-26T00:00:00.000Z'),
      logger,
      intervalMs: 30,
    }).start();
    try {
      await eventually(() => lines.filter((l) => l.code === 'CERTIFICATE_EXPIRES_SOON').length >= 3, 5_000, 'three looks');
      expect(lines[0]).to.include({ level: 'warn', code: 'CERTIFICATE_EXPIRES_SOON', business_entity_id: 'empresa', driver: 'FACE', certificate: 'certificate', days_left: 10, not_after: '2026-12-06T00:00:00.000Z' });
      certificates = { certificate: facts('2026-11-20T00:00:00.000Z') };
      await eventually(() => lines.some((l) => l.code === 'CERTIFICATE_EXPIRED'), 5_000, 'the expired one');
      certificates = { certificate: facts('2028-01-01T00:00:00.000Z') };
      const before = await watch.look();
      expect(before).to.equal(0);
      const count = lines.length;
      await new Promise((r) => setTimeout(r, 120));
      expect(lines.length).to.equal(count);
    } finally {
      watch.stop();
    }
  });
});
