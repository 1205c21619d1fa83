import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformOf } from '../../drivers/ctc-fr/xp-z12-013/platform-access.js';
import type { CtcFrSettings } from '../../drivers/ctc-fr/settings.js';
import { prepareSettings as prepareZugferd } from '../../drivers/zugferd/prepare-settings.js';
import { drivers } from '../../drivers/index.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { SettingsFiles } from '../../src/platform/config/settings-files.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { readCertificateFiles, type CertificateFiles } from '../../src/platform/crypto/certificate-settings.js';
import { makeTestPki } from '../helpers/certificates.js';
import { configErrorLines } from '../helpers/config-error.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

// One schema, two doors: a driver's settings name secrets by file in the configuration file, and
// take their values through the admin API. The file door refuses a value, naming both doors;
// a value is read exactly as the file holding it would be.

const registry = createRegistry(drivers);
const dir = tempDir('inline-secrets-');
const write = (name: string, content: string | Buffer) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
const configWith = (driverSettings: Record<string, unknown>) => write(`config-${Object.keys(driverSettings).join('-')}.json`, JSON.stringify({ ...demoConfig(), drivers: driverSettings }));

describe('secrets in the configuration file', () => {
  it('are refused, each naming its file key and the admin API route of its entity', () => {
    const file = configWith({
      KSEF: { entities: { x: { token: 'ksef-token' } } },
      NAV: { entities: { h: { login: 'user123456', password: 'p', signature_key_file: 's', exchange_key: '0123456789abcdef' } } },
      FACE: { certificates: { f: { pkcs12: 'AAAA', passphrase: 'secret' } } },
      SDI: { entities: { i: { channel: { client_certificate: { cert_file: 'c.pem', key: '-----BEGIN PRIVATE KEY-----' } } } } },
      CTC_FR: { platform: { client_secret: 'shared' }, entities: { v: { platform: { client_id: 'c', client_secret: 'own' } } } },
      EINVOICE: { email: { m: { host: 'smtp.example', from: 'a@example.com', user: 'u', password: 'pw' } } },
      PEPPOL: { access_point: { certificate: { pkcs12_file: 'ap.p12', passphrase: 'ap' }, ap_ca_file: 'ap.pem', smp_ca_file: 'smp.pem' } },
    });
    const prefix = `ADAPTER_CONFIG (${file})`;
    const refused = 'secrets are not written in the configuration file';
    expect(configErrorLines(() => loadAdapterConfig(file, registry))).to.have.members([
      `${prefix}: drivers.KSEF.entities.x.token: ${refused}: use token_file, or PUT /admin/business-entities/x/drivers/KSEF`,
      `${prefix}: drivers.NAV.entities.h.password: ${refused}: use password_file, or PUT /admin/business-entities/h/drivers/NAV`,
      `${prefix}: drivers.NAV.entities.h.exchange_key: ${refused}: use exchange_key_file, or PUT /admin/business-entities/h/drivers/NAV`,
      `${prefix}: drivers.FACE.certificates.f.pkcs12: ${refused}: use pkcs12_file, or PUT /admin/business-entities/f/drivers/FACE`,
      `${prefix}: drivers.FACE.certificates.f.passphrase: ${refused}: use passphrase_file or passphrase_env, or PUT /admin/business-entities/f/drivers/FACE`,
      `${prefix}: drivers.SDI.entities.i.channel.client_certificate.key: ${refused}: use key_file, or PUT /admin/business-entities/i/drivers/SDI`,
      `${prefix}: drivers.CTC_FR.platform.client_secret: ${refused}: use client_secret_file`,
      `${prefix}: drivers.CTC_FR.entities.v.platform.client_secret: ${refused}: use client_secret_file, or PUT /admin/business-entities/v/drivers/CTC_FR`,
      `${prefix}: drivers.EINVOICE.email.m.password: ${refused}: use password_file or password_env, or PUT /admin/business-entities/m/drivers/EINVOICE`,
      `${prefix}: drivers.PEPPOL.access_point.certificate.passphrase: ${refused}: use passphrase_file or passphrase_env`,
    ]);
  });

  it('that are not secret (a PEM certificate or CA, a logo) may be written in it', () => {
    const logo = readFileSync(join(FIXTURES_DIR, 'zugferd', 'logo-example-seller.png')).toString('base64');
    const { config } = loadAdapterConfig(configWith({ ZUGFERD: { entities: { 'example-seller': { logo } } } }), registry);
    expect(config.drivers?.ZUGFERD).to.have.nested.property('logos.example-seller');
  });
});

describe('secrets given as values (the admin API\'s door)', () => {
  const pki = makeTestPki(['inline']);
  const { p12, cert, key } = pki.client('inline');
  const bytes = (files: CertificateFiles | string[]) => {
    expect(files, JSON.stringify(files)).to.not.be.an('array');
    return files as CertificateFiles;
  };

  it('read a certificate as its files give it: a PKCS#12 in base64, a PEM certificate and key, the passphrase', () => {
    const passFile = write('pass', `${pki.passphrase}\n`);
    const fromFiles = bytes(readCertificateFiles('c', { pkcs12_file: p12, passphrase_file: passFile }, dir));
    const inline = bytes(readCertificateFiles('c', { pkcs12: readFileSync(p12).toString('base64'), passphrase: pki.passphrase }, dir));
    expect(inline).to.deep.equal(fromFiles);
    expect(inline.pkcs12!.equals(readFileSync(p12))).to.equal(true);
    const pemFiles = bytes(readCertificateFiles('c', { cert_file: cert, key_file: key, passphrase_file: passFile }, dir));
    const pemInline = bytes(readCertificateFiles('c', { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8'), passphrase: pki.passphrase }, dir));
    expect(pemInline).to.deep.equal(pemFiles);
  });

  it('take one door per part of a certificate, and say which combinations are allowed', () => {
    const b64 = readFileSync(p12).toString('base64');
    expect(readCertificateFiles('c', { pkcs12: b64, pkcs12_file: p12 }, dir)).to.deep.equal(['c: give pkcs12_file or pkcs12, not both']);
    expect(readCertificateFiles('c', { pkcs12: b64, cert: 'PEM' }, dir)).to.deep.equal(['c: give either pkcs12_file (or pkcs12), or cert_file (or cert) and key_file (or key)']);
    expect(readCertificateFiles('c', { cert: 'PEM' }, dir)).to.deep.equal(['c: give either pkcs12_file (or pkcs12), or cert_file (or cert) and key_file (or key)']);
    expect(readCertificateFiles('c', { pkcs12: b64, passphrase: 'p', passphrase_env: 'P' }, dir)).to.deep.equal(['c: give one of passphrase_env, passphrase, not several']);
    expect(readCertificateFiles('c', { pkcs12: 'not base64!' }, dir)).to.deep.equal(['c.pkcs12: is not base64']);
  });

  it('read a token or password as its file gives it, one door of the two', () => {
    const files = new SettingsFiles(dir);
    const tokenFile = write('token', '  ksef-token\n');
    expect(files.secretOf('e', { token_file: tokenFile }, 'token')).to.equal('ksef-token');
    expect(files.secretOf('e', { token: 'ksef-token\n' }, 'token')).to.equal('ksef-token');
    expect(files.problems).to.deep.equal([]);
    expect(files.secretOf('e', { token: 't', token_file: tokenFile }, 'token')).to.equal(undefined);
    expect(files.secretOf('e', {}, 'token')).to.equal(undefined);
    expect(files.secretOf('e', { token: '  ' }, 'token')).to.equal(undefined);
    expect(files.problems).to.deep.equal(['e: give token_file or token, not both', 'e: token_file (or token, through the admin API) is required', 'e.token: is empty']);
  });

  it('give ZUGFERD the logo its file would, and CTC_FR an entity\'s own client secret over the driver\'s file', () => {
    const png = join(FIXTURES_DIR, 'zugferd', 'logo-example-seller.png');
    const fromFile = prepareZugferd({ entities: { s: { logo_file: png } } }, dir);
    const inline = prepareZugferd({ entities: { s: { logo: readFileSync(png).toString('base64') } } }, dir);
    expect(inline.logos.s!.equals(fromFile.logos.s!)).to.equal(true);
    const settings = { platform: { client_id: 'shared', client_secret_file: 'pa-secret' }, entities: { own: { platform: { client_id: 'own', client_secret: 'own-secret' } }, other: {} } } as CtcFrSettings;
    expect(platformOf(settings, 'own')).to.deep.equal({ client_id: 'own', client_secret: 'own-secret' });
    expect(platformOf(settings, 'other')).to.deep.equal({ client_id: 'shared', client_secret_file: 'pa-secret' });
  });
});
